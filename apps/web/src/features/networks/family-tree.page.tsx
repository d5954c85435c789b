import { NetworkPage } from './NetworkPage/NetworkPage';

/** /family-tree: the Family Tree (spec section 2, 'Network pages'). */
export function FamilyTreePage() {
  return <NetworkPage page="family-tree" description="The members of your family among your contacts." />;
}
