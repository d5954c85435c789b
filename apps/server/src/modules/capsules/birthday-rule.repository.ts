import type { Db } from '../../db/database.js';

// The birthday rule's capsules (migration 0025's partial index on contact_id).

/** The owner's capsules whose date follows this contact's birthday and is not yet frozen by a lock. */
export async function listFollowingCapsules(db: Db, ownerId: string, contactId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('capsules')
    .select('id')
    .where('contactId', '=', contactId)
    .where('ownerId', '=', ownerId)
    .where('birthdayAge', 'is not', null)
    .where('lockedAt', 'is', null)
    .where('deliveredAt', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}
