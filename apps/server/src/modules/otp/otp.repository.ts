import type { Db } from '../../db/database.js';

export function countCodesSince(db: Db, userId: string, since: Date) {
  return db
    .selectFrom('oneTimeCodes')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max('createdAt').as('latest')])
    .where('userId', '=', userId)
    .where('createdAt', '>', since)
    .executeTakeFirstOrThrow();
}

/** A new code replaces every earlier live code of the same session. */
export async function replaceCode(
  db: Db,
  code: { userId: string; sessionId: string; codeHash: string; createdAt: Date; expiresAt: Date },
) {
  await db
    .updateTable('oneTimeCodes')
    .set({ invalidatedAt: code.createdAt })
    .where('sessionId', '=', code.sessionId)
    .where('usedAt', 'is', null)
    .where('invalidatedAt', 'is', null)
    .execute();
  return db.insertInto('oneTimeCodes').values(code).returning('id').executeTakeFirstOrThrow();
}

export async function deleteCode(db: Db, id: string): Promise<void> {
  await db.deleteFrom('oneTimeCodes').where('id', '=', id).execute();
}

export async function invalidateCode(db: Db, id: string, at: Date) {
  await db.updateTable('oneTimeCodes').set({ invalidatedAt: at }).where('id', '=', id).execute();
}

/**
 * Counts a try BEFORE the comparison, atomically: parallel guesses cannot slip past the limit.
 * Answers the code row with its new try count, or undefined when no live code is left.
 */
export function takeAttempt(db: Db, sessionId: string, now: Date, maxAttempts: number) {
  return db
    .updateTable('oneTimeCodes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('sessionId', '=', sessionId)
    .where('usedAt', 'is', null)
    .where('invalidatedAt', 'is', null)
    .where('expiresAt', '>', now)
    .where('attempts', '<', maxAttempts)
    .returning(['id', 'codeHash', 'attempts'])
    .executeTakeFirst();
}

/** Single use: only one request can flip used_at from null. */
export async function markUsed(db: Db, id: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('oneTimeCodes')
    .set({ usedAt: at })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The session's live code (not used, not invalidated, not expired), if any. */
export function findLiveCode(db: Db, sessionId: string, now: Date) {
  return db
    .selectFrom('oneTimeCodes')
    .select(['id', 'createdAt', 'expiresAt'])
    .where('sessionId', '=', sessionId)
    .where('usedAt', 'is', null)
    .where('invalidatedAt', 'is', null)
    .where('expiresAt', '>', now)
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
}

/**
 * Binds to this session the user's latest live code that lost its session (signed out, or
 * replaced by signing in again) since `since`. Answers whether there was one. Only a code with
 * no session is taken: one that another sign-in still holds stays with it.
 */
export async function adoptOrphanedCode(db: Db, userId: string, sessionId: string, since: Date, now: Date) {
  const result = await db
    .updateTable('oneTimeCodes')
    .set({ sessionId })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('oneTimeCodes')
        .select('id')
        .where('userId', '=', userId)
        .where('sessionId', 'is', null)
        .where('usedAt', 'is', null)
        .where('invalidatedAt', 'is', null)
        .where('expiresAt', '>', now)
        .where('createdAt', '>', since)
        .orderBy('createdAt', 'desc')
        .limit(1),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
