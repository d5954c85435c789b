import { GROUP_RELATIONSHIP_TYPES, type GroupRelationshipType, type RelationshipType } from '@capsule/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

const GROUP_COLUMNS = [
  'contactGroups.id',
  'contactGroups.name',
  'contactGroups.relationshipType',
  'contactGroups.createdAt',
] as const;

export async function listGroups(
  db: Db,
  ownerId: string,
  filter: { relationshipType?: GroupRelationshipType; id?: string } = {},
) {
  let query = db
    .selectFrom('contactGroups')
    .select(GROUP_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('contactGroupMembers')
        .select(
          sql<string[]>`coalesce(array_agg(contact_id::text order by added_at, contact_id), '{}')`.as('ids'),
        )
        .whereRef('contactGroupMembers.groupId', '=', 'contactGroups.id')
        .as('memberIds'),
    )
    .where('contactGroups.userId', '=', ownerId);
  if (filter.relationshipType)
    query = query.where('contactGroups.relationshipType', '=', filter.relationshipType);
  if (filter.id) query = query.where('contactGroups.id', '=', filter.id);
  return query.orderBy(sql`lower(name)`).orderBy('contactGroups.id').execute();
}

export function findGroup(db: Db, ownerId: string, id: string) {
  return db
    .selectFrom('contactGroups')
    .select(GROUP_COLUMNS)
    .where('contactGroups.userId', '=', ownerId)
    .where('contactGroups.id', '=', id)
    .executeTakeFirst();
}

export function insertGroup(db: Db, ownerId: string, name: string, relationshipType: GroupRelationshipType) {
  return db
    .insertInto('contactGroups')
    .values({ userId: ownerId, name, relationshipType })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function renameGroup(db: Db, ownerId: string, id: string, name: string, now: Date) {
  return db
    .updateTable('contactGroups')
    .set({ name, updatedAt: now })
    .where('userId', '=', ownerId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}

export function deleteGroup(db: Db, ownerId: string, id: string) {
  return db
    .deleteFrom('contactGroups')
    .where('userId', '=', ownerId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}

export async function addMembers(db: Db, groupId: string, contactIds: string[]) {
  if (contactIds.length === 0) return;
  await db
    .insertInto('contactGroupMembers')
    .values(contactIds.map((contactId) => ({ groupId, contactId })))
    .onConflict((oc) => oc.columns(['groupId', 'contactId']).doNothing())
    .execute();
}

export function removeMember(db: Db, groupId: string, contactId: string) {
  return db
    .deleteFrom('contactGroupMembers')
    .where('groupId', '=', groupId)
    .where('contactId', '=', contactId)
    .returning('contactId')
    .executeTakeFirst();
}

/** The owner's contacts among these ids, with their type (to check they may join a group). */
export function ownedContacts(db: Db, ownerId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('contacts')
    .select(['id', 'relationshipType'])
    .where('userId', '=', ownerId)
    .where('id', 'in', ids)
    .execute();
}

export async function removeMembershipsOfOtherTypes(
  db: Db,
  contactId: string,
  relationshipType: RelationshipType | null,
) {
  await db
    .deleteFrom('contactGroupMembers')
    .where('contactId', '=', contactId)
    .where('groupId', 'in', (eb) =>
      eb
        .selectFrom('contactGroups')
        .select('id')
        // A contact with no type, or a type that has no groups, leaves every group.
        .where((w) => {
          const kept = GROUP_RELATIONSHIP_TYPES.find((type) => type === relationshipType);
          return kept ? w('relationshipType', '<>', kept) : w.lit(true);
        }),
    )
    .execute();
}
