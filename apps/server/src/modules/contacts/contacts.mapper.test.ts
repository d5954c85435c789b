import { describe, expect, it } from 'vitest';
import { contactOutputSchema } from './contact.output.js';
import { toContactServerForm } from './contacts.mapper.js';
import type { Contact } from './contacts.service.js';

const contact: Contact = {
  id: '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
  firstName: 'Grace',
  lastName: 'Hopper',
  fullName: 'Grace Hopper',
  email: 'grace@example.test',
  phone: '+1 (555) 010-2030',
  relationshipType: 'Colleague',
  relationshipDetails: 'Mentor',
  birthday: '1906-12-09',
  createdAt: '2026-11-23T10:00:00.000Z',
};

describe("the contact's REST server form (spec section 3, 'Contact (server form)')", () => {
  it('names every field as the spec does, the name joined with a space', () => {
    expect(toContactServerForm(contact)).toEqual({
      id: contact.id,
      x_name: 'Grace Hopper',
      x_studio_email: 'grace@example.test',
      x_studio_partner_phone: '+1 (555) 010-2030',
      x_studio_relationship_type: 'Colleague',
      x_relationship_details: 'Mentor',
      x_studio_birthday: '1906-12-09',
    });
  });

  it('keeps absent optional fields null', () => {
    const form = toContactServerForm({
      ...contact,
      phone: null,
      relationshipType: null,
      relationshipDetails: null,
      birthday: null,
    });
    expect(form).toMatchObject({
      x_studio_partner_phone: null,
      x_studio_relationship_type: null,
      x_relationship_details: null,
      x_studio_birthday: null,
    });
  });

  it('the output schema refuses a type outside the four', () => {
    expect(contactOutputSchema.safeParse(contact).success).toBe(true);
    expect(contactOutputSchema.safeParse({ ...contact, relationshipType: 'Enemy' }).success).toBe(false);
  });
});
