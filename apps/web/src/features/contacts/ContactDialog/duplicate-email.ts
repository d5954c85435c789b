/** The contact fields the duplicate check reads. */
interface ContactEmail {
  id: string;
  fullName: string;
  email: string;
}

const normalise = (email: string) => email.trim().toLowerCase();

/**
 * Another contact of the user with this e-mail (any case, spaces around ignored), or null.
 * `exceptId` is the contact being edited: its own address is not a duplicate.
 */
export function contactWithEmail<T extends ContactEmail>(
  contacts: readonly T[],
  email: string,
  exceptId?: string | null,
): T | null {
  const wanted = normalise(email);
  if (!wanted) return null;
  return contacts.find((contact) => contact.id !== exceptId && normalise(contact.email) === wanted) ?? null;
}
