import { NetworkPage } from './NetworkPage/NetworkPage';

/** /friends-tree: the Friends Network (spec section 2, 'Network pages'). */
export function FriendsTreePage() {
  return <NetworkPage page="friends-tree" description="Your friends among your contacts." />;
}
