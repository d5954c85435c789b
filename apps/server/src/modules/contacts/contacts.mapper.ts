import type { Contact } from './contacts.service.js';

/** The spec's server form of a contact (section 3, 'Contact (server form)'), for the REST shims. */
interface ContactServerForm {
  id: string;
  x_name: string;
  x_studio_email: string;
  x_studio_partner_phone: string | null;
  x_studio_relationship_type: Contact['relationshipType'];
  x_relationship_details: string | null;
  x_studio_birthday: string | null;
}

export function toContactServerForm(contact: Contact): ContactServerForm {
  return {
    id: contact.id,
    x_name: contact.fullName,
    x_studio_email: contact.email,
    x_studio_partner_phone: contact.phone,
    x_studio_relationship_type: contact.relationshipType,
    x_relationship_details: contact.relationshipDetails,
    x_studio_birthday: contact.birthday,
  };
}
