import type { Db } from '../../db/database.js';

/**
 * Claims a provider event for processing, inside the transaction of its effects. True: ours to
 * process. False: already processed (committed). A copy being processed at this very moment by
 * another transaction makes this insert wait for it on PostgreSQL (the primary key's lock): if
 * that one commits, this answers false; if it rolls back, this claims it. PGlite runs one
 * transaction at a time, which gives the same answer.
 */
export async function claimStripeEvent(
  db: Db,
  event: { id: string; type: string; receivedAt: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('stripeEvents')
    .values({ ...event, outcome: 'processing' })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the event was processed (committed) before: a read outside any transaction. */
export async function stripeEventProcessed(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('stripeEvents').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function setStripeEventOutcome(db: Db, id: string, outcome: string): Promise<void> {
  await db.updateTable('stripeEvents').set({ outcome }).where('id', '=', id).execute();
}
