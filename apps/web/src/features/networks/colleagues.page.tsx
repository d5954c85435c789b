import { PageHeader } from '../shell/PageHeader/PageHeader';

/** /colleagues. The colleague cards arrive with the contacts issue. */
export function ColleaguesPage() {
  return <PageHeader title="Professional Network" description="Your colleagues among your contacts." />;
}
