import { PageHeader } from '../shell/PageHeader/PageHeader';

/** /received-capsules. The received list arrives with the received-capsules issue. */
export function ReceivedCapsulesPage() {
  return <PageHeader title="Received Capsules" description="Capsules that others have left for you." />;
}
