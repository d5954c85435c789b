// What the network pages (features/networks) share with Contacts: the types, the grid, the
// dialogs, the list query, the texts and the relationship colours.

export { useContactDialogs } from './ContactDialogs/use-contact-dialogs';
export { CARD_COLUMNS, ContactGrid, EmptyState } from './ContactGrid/ContactGrid';
export { CONTACT_SCREEN_TEXTS } from './contact-screen-texts';
export type { Contact, ContactGroup } from './contact-types';
export { PageTitleRow } from './PageTitleRow/PageTitleRow';
export { colorHex, detailColor, typeColor } from './relationship-colors';
export { useContactsQuery } from './use-contacts';
