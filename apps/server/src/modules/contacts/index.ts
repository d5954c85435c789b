// The contacts module's public face (docs/decisions/008-modules-own-their-tables.md): capsules
// reads the contact it assigns as recipient through here, never through contacts.repository.ts.

export type { ContactGroup } from './contact.output.js';
export {
  CONTACT_NOT_FOUND,
  type Contact,
  createContact,
  findOwnedContact,
  listMyContacts,
} from './contacts.service.js';
export { listMyGroups } from './groups.service.js';
