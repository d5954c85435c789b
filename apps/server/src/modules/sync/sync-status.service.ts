import { z } from 'zod';
import type { SyncStatus } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { badInput, notFound } from '../../errors.js';
import {
  countByStatus,
  countRecords,
  listFailedRecords,
  listRecordsPage,
  listUserRecords,
  retryFailedRecords,
} from './sync.repository.js';

// What the sync has done and what it could not do: the operators' view (the admin CLI, every
// record) and a user's own (tRPC sync.status, their records only; decision 015 says why no one
// else's).

type SyncCounts = Record<SyncStatus, number>;

interface FailedSyncRecord {
  id: string;
  entityType: string;
  entityId: string;
  externalModel: string | null;
  attempts: number;
  error: string | null;
  failedAt: Date;
}

interface SyncOverview {
  counts: SyncCounts;
  failed: FailedSyncRecord[];
}

interface UserSyncStatus {
  counts: SyncCounts;
  records: Array<{
    entityType: string;
    status: SyncStatus;
    externalModel: string | null;
    lastSyncAt: string | null;
  }>;
}

const FAILED_LISTED = 100;

async function counts(db: AppDeps['db'], userId?: string): Promise<SyncCounts> {
  const rows = await countByStatus(db, userId);
  const result: SyncCounts = { pending: 0, synced: 0, failed: 0 };
  for (const row of rows) result[row.syncStatus] = Number(row.count);
  return result;
}

type SyncRecordRow = Awaited<ReturnType<typeof listRecordsPage>>[number];

/** What the console shows of any sync record, whatever list it is in. */
const recordFacts = (r: SyncRecordRow) => ({
  id: r.id,
  entityType: r.entityType,
  entityId: r.entityId,
  externalModel: r.externalModel,
  attempts: r.attempts,
  error: r.errorMessage,
});

/** Counts by status and the failed records with their errors (the newest first). */
export async function syncOverview(deps: Pick<AppDeps, 'db'>): Promise<SyncOverview> {
  const failed = await listFailedRecords(deps.db, FAILED_LISTED);
  return {
    counts: await counts(deps.db),
    failed: failed.map((r) => ({ ...recordFacts(r), failedAt: r.updatedAt })),
  };
}

/** The operators' console: one page of pending or failed records, with their errors. */
export async function syncRecordsPage(
  deps: Pick<AppDeps, 'db'>,
  status: 'pending' | 'failed',
  page: { offset: number; limit: number },
  entityType?: string,
) {
  const [rows, total] = await Promise.all([
    listRecordsPage(deps.db, status, page, entityType),
    countRecords(deps.db, status, entityType),
  ]);
  return {
    total,
    items: rows.map((r) => ({ ...recordFacts(r), nextTryAt: r.nextAttemptAt, updatedAt: r.updatedAt })),
  };
}

/** The signed-in user's own records: whether the business system has their account and purchases. */
export async function userSyncStatus(deps: Pick<AppDeps, 'db'>, userId: string): Promise<UserSyncStatus> {
  const records = await listUserRecords(deps.db, userId);
  return {
    counts: await counts(deps.db, userId),
    records: records.map((r) => ({
      entityType: r.entityType,
      status: r.syncStatus,
      externalModel: r.externalModel,
      lastSyncAt: r.lastSyncAt ? r.lastSyncAt.toISOString() : null,
    })),
  };
}

const recordId = z.uuid({ error: 'A sync record id looks like 3f2b8c1e-...: copy it from sync:status' });

/**
 * Failed records back to pending and due now, with fresh tries: every one, or the one named.
 * An id that is not a failed record is refused, so an operator learns the retry did nothing.
 */
export async function retryFailedSync(deps: Pick<AppDeps, 'db' | 'clock'>, id?: string) {
  if (id !== undefined) {
    const parsed = recordId.safeParse(id.trim());
    if (!parsed.success) throw badInput(parsed.error.issues[0]?.message ?? 'Invalid id');
    const retried = await retryFailedRecords(deps.db, deps.clock.now(), parsed.data);
    if (retried.length === 0) throw notFound(`No failed sync record ${parsed.data}`);
    return retried;
  }
  return retryFailedRecords(deps.db, deps.clock.now());
}
