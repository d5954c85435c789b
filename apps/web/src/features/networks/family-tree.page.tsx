import { PageHeader } from '../shell/PageHeader/PageHeader';

/** /family-tree. The network views arrive with the contacts issue. */
export function FamilyTreePage() {
  return <PageHeader title="Family Tree" description="The members of your family among your contacts." />;
}
