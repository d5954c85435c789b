import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { JobSender } from '../../deps.js';
import { EXTERNAL_MODEL } from './odoo-records.js';
import { upsertPendingRecord } from './sync.repository.js';
import { SYNC_DATA, type SyncChange } from './sync-data.js';

/**
 * The outbox (decision 015): a change the business system must know is written as a pending
 * integration record IN THE CALLER'S TRANSACTION, so the change and its record commit or roll back
 * together. `data` is the entity's snapshot, or only the fields that changed: it is laid over
 * what the record held. A later change of the same entity before the push updates the same
 * record (tries start afresh); after a push it makes the record pending again.
 *
 * `jobs`, where the caller has the queue, also sends a push for the moment the transaction
 * commits; without it the every-minute schedule picks the record up.
 */
export async function recordChange(
  /** The caller's open transaction (a plain Db would commit the record on its own). */
  trx: Db,
  change: SyncChange,
  options: { jobs?: JobSender } = {},
): Promise<void> {
  // A caller's mistake (a field of the wrong type or value) fails here, inside its own
  // transaction. Completeness is the pusher's to judge: a plan older than the outbox may send its
  // first change as a few fields, and a payment event must not fail because of the sync; such a
  // record fails in sync:status with the missing field named.
  const checked = SYNC_DATA[change.entityType].partial().safeParse(change.data);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new Error(
      `Invalid ${change.entityType} change for the business system: ${issue?.path.join('.')}: ${issue?.message}`,
    );
  }
  await upsertPendingRecord(trx, {
    entityType: change.entityType,
    entityId: change.entityId,
    externalModel: EXTERNAL_MODEL[change.entityType],
    userId: change.userId ?? (change.entityType === 'user' ? change.entityId : null),
    syncData: JSON.stringify(checked.data),
    at: change.at,
  });
  // No key: the queue's exclusive policy keeps one push queued, whoever sent it.
  if (options.jobs && trx.isTransaction)
    await options.jobs.send(trx as Transaction<Database>, 'sync.push', {});
}
