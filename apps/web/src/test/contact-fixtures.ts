import type { Contact } from '../features/contacts/contact-types';

let next = 0;

/** A stored contact for tests, with a fresh id; override what the test is about. */
export function makeContact(overrides: Partial<Contact> = {}): Contact {
  next += 1;
  const firstName = overrides.firstName ?? 'Ada';
  const lastName = overrides.lastName ?? 'Lovelace';
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`,
    email: `${firstName}.${lastName}@example.com`.toLowerCase(),
    phone: null,
    relationshipType: 'Family',
    relationshipDetails: 'Cousin',
    birthday: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}
