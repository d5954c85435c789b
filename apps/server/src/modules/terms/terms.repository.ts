import type { Db } from '../../db/database.js';

export async function hasAcceptance(db: Db, userId: string, termsVersion: string): Promise<boolean> {
  const row = await db
    .selectFrom('termsAcceptances')
    .select('userId')
    .where('userId', '=', userId)
    .where('termsVersion', '=', termsVersion)
    .executeTakeFirst();
  return row !== undefined;
}

/** Accepting twice is harmless: the first acceptance (its time and ip) is the one kept. */
export async function insertAcceptance(
  db: Db,
  acceptance: { userId: string; termsVersion: string; acceptedAt: Date; ip: string | null },
): Promise<void> {
  await db
    .insertInto('termsAcceptances')
    .values(acceptance)
    .onConflict((oc) => oc.columns(['userId', 'termsVersion']).doNothing())
    .execute();
}
