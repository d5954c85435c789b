import type { ContactInput } from '@capsule/domain';
import type { Db } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import type { Contact } from './contact.output.js';
import {
  type ContactFilter,
  type ContactRow,
  deleteContact,
  findContact,
  insertContact,
  listContacts,
  updateContact,
} from './contacts.repository.js';
import { removeMembershipsOfOtherTypes } from './groups.repository.js';

export const CONTACT_NOT_FOUND = 'Contact not found';

/** A contact as both wire surfaces start from it (clean camelCase; the REST mapper renames). */
export type { Contact } from './contact.output.js';

function toContact(row: ContactRow): Contact {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function listMyContacts(deps: AppDeps, ownerId: string, filter: ContactFilter = {}) {
  return (await listContacts(deps.db, ownerId, filter)).map(toContact);
}

/**
 * The owner's contact, or undefined (also for an id that is not a uuid). Takes `db` or the
 * caller's transaction: assigning a recipient reads the contact under the capsule's row lock.
 */
export async function findOwnedContact(db: Db, ownerId: string, id: string): Promise<Contact | undefined> {
  const row = isUuid(id) ? await findContact(db, ownerId, id) : undefined;
  return row ? toContact(row) : undefined;
}

export async function getMyContact(deps: AppDeps, ownerId: string, id: string): Promise<Contact> {
  const contact = await findOwnedContact(deps.db, ownerId, id);
  if (!contact) throw notFound(CONTACT_NOT_FOUND);
  return contact;
}

export async function createContact(deps: AppDeps, ownerId: string, input: ContactInput): Promise<Contact> {
  return toContact(await insertContact(deps.db, ownerId, input));
}

/**
 * Capsules keep their own copy of the recipient's name and e-mail (taken at assignment), so
 * editing a contact never changes who an assigned capsule goes to.
 */
export async function editContact(
  deps: AppDeps,
  ownerId: string,
  id: string,
  input: ContactInput,
): Promise<Contact> {
  if (!isUuid(id)) throw notFound(CONTACT_NOT_FOUND);
  const row = await deps.db.transaction().execute(async (trx) => {
    const updated = await updateContact(trx, ownerId, id, input, deps.clock.now());
    // A group holds contacts of its own type: a contact that changes type leaves the others.
    if (updated) await removeMembershipsOfOtherTypes(trx, id, updated.relationshipType);
    // A capsule whose date is this contact's Nth birthday follows a corrected birthday until it
    // is locked (the capsules module's job; this module does not reach into capsules).
    if (updated) await deps.jobs.send(trx, 'capsules.follow-birthday', { ownerId, contactId: id });
    return updated;
  });
  if (!row) throw notFound(CONTACT_NOT_FOUND);
  return toContact(row);
}

/** Deleting a contact leaves its capsules intact: their contact link is cleared, their copy stays. */
export async function removeContact(deps: AppDeps, ownerId: string, id: string): Promise<{ id: string }> {
  const deleted = isUuid(id) ? await deleteContact(deps.db, ownerId, id) : undefined;
  if (!deleted) throw notFound(CONTACT_NOT_FOUND);
  return { id: deleted.id };
}
