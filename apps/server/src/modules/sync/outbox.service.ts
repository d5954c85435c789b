import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { JobSender } from '../../deps.js';
import { EXTERNAL_MODEL } from './odoo-records.js';
import { upsertPendingRecord } from './sync.repository.js';
import { SYNC_DATA, type SyncChange } from './sync-data.js';

/**
 * The outbox (decision 011): a change the business system must know is written as a pending
 * integration record IN THE CALLER'S TRANSACTION, so the change and its record commit or roll back
 * together. A later change of the same entity before the push updates the same record (latest
 * data wins, tries start afresh); after a push it makes the record pending again.
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
  // A caller's mistake fails here, inside its own transaction, rather than in the pusher later.
  const data = SYNC_DATA[change.entityType].parse(change.data);
  await upsertPendingRecord(trx, {
    entityType: change.entityType,
    entityId: change.entityId,
    externalModel: EXTERNAL_MODEL[change.entityType],
    userId: change.userId ?? (change.entityType === 'user' ? change.entityId : null),
    syncData: JSON.stringify(data),
    at: change.at,
  });
  // No key: the queue's exclusive policy keeps one push queued, whoever sent it.
  if (options.jobs && trx.isTransaction)
    await options.jobs.send(trx as Transaction<Database>, 'sync.push', {});
}
