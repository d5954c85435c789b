import { PageHeader } from '../shell/PageHeader/PageHeader';

/** /friends-tree. The network views arrive with the contacts issue. */
export function FriendsTreePage() {
  return <PageHeader title="Friends Network" description="Your friends among your contacts." />;
}
