import type { ContactFormValues } from './contact.schema.js';

/** The stored full name (x_name): first and last name joined by one space. */
export function contactFullName(firstName: string, lastName: string): string {
  return [firstName.trim(), lastName.trim()].filter(Boolean).join(' ');
}

const REQUIRED_FOR_SUBMIT = [
  'firstName',
  'lastName',
  'x_studio_email',
  'x_studio_relationship_type',
  'x_relationship_details',
] as const satisfies readonly (keyof ContactFormValues)[];

/**
 * Whether the Add Contact submit is enabled (spec section 5): first name, last name, e-mail,
 * relationship type and details all non-blank. Validity is the schema's job, not this one's.
 */
export function isContactFormComplete(
  values: Partial<Record<keyof ContactFormValues, string | null>>,
): boolean {
  return REQUIRED_FOR_SUBMIT.every((key) => !!values[key]?.trim());
}

interface SearchableContact {
  firstName: string;
  lastName: string;
  email: string;
}

const squash = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * My Contacts search (spec section 2): the query, case-insensitive, inside the full name, the
 * first name, the last name or the e-mail. A blank query matches everyone.
 */
export function matchesContactSearch(contact: SearchableContact, query: string): boolean {
  const wanted = squash(query);
  if (!wanted) return true;
  const haystacks = [
    contactFullName(contact.firstName, contact.lastName),
    contact.firstName,
    contact.lastName,
    contact.email,
  ];
  return haystacks.some((text) => squash(text).includes(wanted));
}

const DELETE_CONFIRMATION_WORD = 'delete';

/** Delete Contact and Delete Video ask the user to type 'delete', in any case (spec section 5). */
export function isDeleteConfirmation(text: string | null | undefined): boolean {
  return (text ?? '').trim().toLowerCase() === DELETE_CONFIRMATION_WORD;
}
