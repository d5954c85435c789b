import type { Db } from '../../db/database.js';

// Counts of capsules for the operators' console: numbers only, never a title, a message or a
// video (docs/operations/operators.md, 'Users').

/** Each owner's capsules by status. */
export function countOwnedByStatus(db: Db, ownerIds: string[]) {
  if (ownerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('capsules')
    .select(['ownerId', 'status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('ownerId', 'in', ownerIds)
    .groupBy(['ownerId', 'status'])
    .execute();
}

/** How many capsules each user has received. */
export function countReceivedBy(db: Db, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('receivedCapsules')
    .select(['userId', (eb) => eb.fn.countAll<string>().as('n')])
    .where('userId', 'in', userIds)
    .groupBy('userId')
    .execute();
}
