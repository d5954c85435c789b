import type { ContactInput, RelationshipType } from '@capsule/domain';
import type { Db } from '../../db/database.js';

// Every query takes the owner: a contact is only ever read or changed through its owner's id.

const CONTACT_COLUMNS = [
  'contacts.id',
  'contacts.firstName',
  'contacts.lastName',
  'contacts.fullName',
  'contacts.email',
  'contacts.phone',
  'contacts.relationshipType',
  'contacts.relationshipDetails',
  'contacts.birthday',
  'contacts.createdAt',
] as const;

export interface ContactFilter {
  search?: string | undefined;
  relationshipType?: RelationshipType | undefined;
}

/** Escapes LIKE wildcards so a search for '50%' means the text '50%'. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function listContacts(db: Db, ownerId: string, filter: ContactFilter = {}) {
  let query = db.selectFrom('contacts').select(CONTACT_COLUMNS).where('contacts.userId', '=', ownerId);
  const search = filter.search?.trim().replace(/\s+/g, ' ');
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) =>
      eb.or([
        eb('contacts.fullName', 'ilike', pattern),
        eb('contacts.firstName', 'ilike', pattern),
        eb('contacts.lastName', 'ilike', pattern),
        eb('contacts.email', 'ilike', pattern),
      ]),
    );
  }
  if (filter.relationshipType) query = query.where('contacts.relationshipType', '=', filter.relationshipType);
  return query.orderBy('contacts.lastName').orderBy('contacts.firstName').orderBy('contacts.id').execute();
}

export function findContact(db: Db, ownerId: string, id: string) {
  return db
    .selectFrom('contacts')
    .select(CONTACT_COLUMNS)
    .where('contacts.userId', '=', ownerId)
    .where('contacts.id', '=', id)
    .executeTakeFirst();
}

export function insertContact(db: Db, ownerId: string, input: ContactInput) {
  return db
    .insertInto('contacts')
    .values({ userId: ownerId, ...input })
    .returning(CONTACT_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function updateContact(db: Db, ownerId: string, id: string, input: ContactInput, now: Date) {
  return db
    .updateTable('contacts')
    .set({ ...input, updatedAt: now })
    .where('contacts.userId', '=', ownerId)
    .where('contacts.id', '=', id)
    .returning(CONTACT_COLUMNS)
    .executeTakeFirst();
}

export function deleteContact(db: Db, ownerId: string, id: string) {
  return db
    .deleteFrom('contacts')
    .where('contacts.userId', '=', ownerId)
    .where('contacts.id', '=', id)
    .returning('contacts.id')
    .executeTakeFirst();
}

export type ContactRow = Awaited<ReturnType<typeof findContact>> & {};
