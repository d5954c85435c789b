import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SyncStatus } from '../../db/schema.js';

// integration_sync_records: the sync module's only table (docs/decisions/008). The outbox rows
// are written in the callers' transactions (upsertPendingRecord) and pushed by the pusher, which
// claims them with a lease so no two pushers send one row at once.

const RECORD_COLUMNS = [
  'id',
  'userId',
  'entityType',
  'entityId',
  'externalModel',
  'externalId',
  'syncStatus',
  'syncData',
  'attempts',
  'changeVersion',
  'lastSyncAt',
  'nextAttemptAt',
  'errorMessage',
  'updatedAt',
] as const;

/**
 * The outbox write: a new pending record, or the entity's existing one made pending again with
 * the change's fields laid over its earlier data (jsonb ||: a plan's lapse sends its status, not
 * the whole plan), its external id kept and its tries started afresh. One row per entity and
 * external model (the unique key of migration 0004).
 */
export function upsertPendingRecord(
  db: Db,
  record: {
    entityType: string;
    entityId: string;
    externalModel: string;
    userId: string | null;
    syncData: string;
    at: Date | undefined;
  },
) {
  const at = record.at ?? sql<Date>`now()`;
  return db
    .insertInto('integrationSyncRecords')
    .values({
      entityType: record.entityType,
      entityId: record.entityId,
      externalModel: record.externalModel,
      userId: record.userId,
      syncData: record.syncData,
      syncStatus: 'pending',
      createdAt: at,
      updatedAt: at,
    })
    .onConflict((oc) =>
      oc.constraint('integration_sync_records_entity_key').doUpdateSet((eb) => ({
        syncData: sql`coalesce(integration_sync_records.sync_data, '{}'::jsonb) || excluded.sync_data`,
        userId: eb.fn.coalesce('excluded.userId', 'integrationSyncRecords.userId'),
        syncStatus: 'pending',
        attempts: 0,
        nextAttemptAt: null,
        errorMessage: null,
        changeVersion: eb('integrationSyncRecords.changeVersion', '+', 1),
        updatedAt: at,
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
}

export type ClaimedRecord = Awaited<ReturnType<typeof claimDueRecords>>[number];

/**
 * Claims up to `limit` pending records that are due and not leased (or whose lease ran out), in
 * one statement: `for update skip locked` lets two pushers claim side by side without taking the
 * same row or waiting on a row a business transaction is changing.
 */
export function claimDueRecords(
  db: Db,
  claim: { now: Date; leaseUntil: Date; token: string; limit: number },
) {
  return db
    .updateTable('integrationSyncRecords')
    .set({ lockedUntil: claim.leaseUntil, leaseToken: claim.token })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('integrationSyncRecords')
        .select('id')
        .where('syncStatus', '=', 'pending')
        .where((w) => w.or([w('nextAttemptAt', 'is', null), w('nextAttemptAt', '<=', claim.now)]))
        .where((w) => w.or([w('lockedUntil', 'is', null), w('lockedUntil', '<=', claim.now)]))
        .orderBy(sql`next_attempt_at nulls first`)
        .orderBy('createdAt')
        .limit(claim.limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(RECORD_COLUMNS)
    .execute();
}

/** The external id of a record already in the business system (a customer's partner). */
export async function findExternalId(db: Db, entityType: string, entityId: string, externalModel: string) {
  const row = await db
    .selectFrom('integrationSyncRecords')
    .select('externalId')
    .where('entityType', '=', entityType)
    .where('entityId', '=', entityId)
    .where('externalModel', '=', externalModel)
    .executeTakeFirst();
  return row?.externalId ?? null;
}

/**
 * A push went through. Synced only when no change arrived meanwhile (same version); otherwise the
 * record stays pending with the external id, and the next push writes the newer data. A pusher
 * whose lease was taken over (its token gone) changes nothing.
 */
export function markPushed(
  db: Db,
  done: { id: string; token: string; version: number; externalId: string; at: Date },
) {
  return db
    .updateTable('integrationSyncRecords')
    .set((eb) => ({
      externalId: done.externalId,
      syncStatus: eb
        .case()
        .when('changeVersion', '=', done.version)
        .then(sql.lit<SyncStatus>('synced'))
        .else(sql.lit<SyncStatus>('pending'))
        .end(),
      lastSyncAt: done.at,
      attempts: eb.case().when('changeVersion', '=', done.version).then(eb.ref('attempts')).else(0).end(),
      errorMessage: null,
      lockedUntil: null,
      leaseToken: null,
      updatedAt: done.at,
    }))
    .where('id', '=', done.id)
    .where('leaseToken', '=', done.token)
    .executeTakeFirst();
}

/** A try failed: counted, and either tried again at `nextAttemptAt` or failed for good (null). */
export function markTryFailed(
  db: Db,
  failed: {
    id: string;
    token: string;
    attempts: number;
    nextAttemptAt: Date | null;
    error: string;
    at: Date;
  },
) {
  return db
    .updateTable('integrationSyncRecords')
    .set({
      attempts: failed.attempts,
      syncStatus: failed.nextAttemptAt ? 'pending' : 'failed',
      nextAttemptAt: failed.nextAttemptAt,
      errorMessage: failed.error,
      lockedUntil: null,
      leaseToken: null,
      updatedAt: failed.at,
    })
    .where('id', '=', failed.id)
    .where('leaseToken', '=', failed.token)
    .executeTakeFirst();
}

/** Gives back claimed records that were not tried (the run stopped early), uncounted. */
export function releaseClaims(db: Db, ids: string[], token: string) {
  if (ids.length === 0) return Promise.resolve();
  return db
    .updateTable('integrationSyncRecords')
    .set({ lockedUntil: null, leaseToken: null })
    .where('id', 'in', ids)
    .where('leaseToken', '=', token)
    .execute()
    .then(() => undefined);
}

export function countByStatus(db: Db, userId?: string) {
  let query = db
    .selectFrom('integrationSyncRecords')
    .select(['syncStatus', (eb) => eb.fn.countAll<string>().as('count')])
    .groupBy('syncStatus');
  if (userId) query = query.where('userId', '=', userId);
  return query.execute();
}

export function listFailedRecords(db: Db, limit: number) {
  return db
    .selectFrom('integrationSyncRecords')
    .select(RECORD_COLUMNS)
    .where('syncStatus', '=', 'failed')
    .orderBy('updatedAt', 'desc')
    .limit(limit)
    .execute();
}

/** One page of the records in a state: failed ones newest first, pending ones oldest first. */
export function listRecordsPage(
  db: Db,
  status: 'pending' | 'failed',
  page: { offset: number; limit: number },
  entityType?: string,
) {
  let query = db.selectFrom('integrationSyncRecords').select(RECORD_COLUMNS).where('syncStatus', '=', status);
  if (entityType) query = query.where('entityType', '=', entityType);
  return query
    .orderBy('updatedAt', status === 'failed' ? 'desc' : 'asc')
    .orderBy('id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countRecords(
  db: Db,
  status: 'pending' | 'failed',
  entityType?: string,
): Promise<number> {
  let query = db
    .selectFrom('integrationSyncRecords')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('syncStatus', '=', status);
  if (entityType) query = query.where('entityType', '=', entityType);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export function listUserRecords(db: Db, userId: string) {
  return db
    .selectFrom('integrationSyncRecords')
    .select(['id', 'entityType', 'entityId', 'externalModel', 'syncStatus', 'lastSyncAt', 'updatedAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
}

/** Failed records (all, or one by id) back to pending, due at `at`, with fresh tries. */
export function retryFailedRecords(db: Db, at: Date, id?: string) {
  let query = db
    .updateTable('integrationSyncRecords')
    .set({ syncStatus: 'pending', attempts: 0, nextAttemptAt: at, updatedAt: at })
    .where('syncStatus', '=', 'failed');
  if (id) query = query.where('id', '=', id);
  return query.returning(['id', 'entityType', 'entityId']).execute();
}
