import { PageHeader } from '../shell/PageHeader/PageHeader';

/** /dashboard. The capsule list and the stats strip arrive with the capsules issue. */
export function DashboardPage() {
  return <PageHeader title="My Capsules" description="The capsules you keep for the people you love." />;
}
