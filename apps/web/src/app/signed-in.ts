// Everything only a signed-in user sees, loaded as one lazy chunk (see router.tsx) so the
// sign-in screens stay small. A new signed-in page exports itself here. All of Mantine's core
// styles come with it (layered: the first visit's subset, first-visit-styles.ts, is repeated
// in the same layer, harmlessly).
import '@mantine/core/styles.layer.css';
import { createElement } from 'react';
import { PortalLayout } from '../features/shell/PortalLayout/PortalLayout';

export { AffiliatePage } from '../features/affiliates/affiliate.page';
export { DashboardPage } from '../features/capsules/dashboard.page';
export { ContactsPage } from '../features/contacts/contacts.page';
export { ColleaguesPage } from '../features/networks/colleagues.page';
export { FamilyTreePage } from '../features/networks/family-tree.page';
export { FriendsTreePage } from '../features/networks/friends-tree.page';
export { ReceivedCapsulesPage } from '../features/received/received-capsules.page';
export { SettingsPage } from '../features/settings/settings.page';
export { TermsPage } from '../features/terms/terms.page';
export { SignedInArea } from './SignedInArea';
export { PortalLayout };

export function PortalLayoutWithSidebar() {
  return createElement(PortalLayout, { withSidebar: true });
}
