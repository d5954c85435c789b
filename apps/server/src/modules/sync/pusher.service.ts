import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../deps.js';
import { createOdooClient, type OdooClient, OdooTransportError } from './odoo-client.js';
import { EXTERNAL_MODEL, pushToOdoo } from './odoo-records.js';
import { backoffMinutes, MAX_ATTEMPTS } from './retry-schedule.js';
import {
  type ClaimedRecord,
  claimDueRecords,
  findExternalId,
  markPushed,
  markTryFailed,
  releaseClaims,
} from './sync.repository.js';
import type { SyncEntityType } from './sync-data.js';

// The outbox's pusher (decision 015), run by the `sync.push` job every minute and after changes.
// It claims due records with a lease, pushes each to Odoo outside any transaction (a slow Odoo
// never holds a database connection, and on PGlite never blocks the app), then records the
// outcome under the same lease.

// Small, because a batch's lease covers every record in it: a process that dies mid-batch leaves
// them to another pusher after BATCH_SIZE x the lease of one.
const BATCH_SIZE = 10;
/** The longest text kept of an error. */
const ERROR_LENGTH = 1000;
/** Odoo calls one record may take (search, product, create): its lease covers them all. */
const CALLS_PER_RECORD = 5;

export interface SyncLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

interface PushRunResult {
  configured: boolean;
  synced: number;
  failedTries: number;
  /** The run stopped at a call that could not reach Odoo; the rest wait for the next run. */
  stoppedEarly: boolean;
}

/** Customers before what they bought: a purchase needs its customer's partner. */
const ORDER: Record<SyncEntityType, number> = { user: 0, purchase: 1, subscription: 2, affiliate_payout: 3 };

/**
 * The job's handler, made once per process: an app without Odoo settings says so once in the log
 * and leaves the records pending (visible in `sync:status`) until it is configured.
 */
export function createSyncPusher(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, logger?: SyncLogger) {
  let toldNotConfigured = false;
  return async function pushDueRecords(options: { signal?: AbortSignal } = {}): Promise<PushRunResult> {
    const odoo = deps.config.odoo;
    if (!odoo) {
      if (!toldNotConfigured) {
        logger?.warn(
          {},
          'sync: Odoo is not configured (ODOO_URL, ODOO_DB, ODOO_USER, ODOO_API_KEY); records stay pending',
        );
        toldNotConfigured = true;
      }
      return { configured: false, synced: 0, failedTries: 0, stoppedEarly: false };
    }
    const client = createOdooClient(odoo, options.signal ? { signal: options.signal } : {});
    const leaseMs = odoo.timeoutMs * CALLS_PER_RECORD + 60_000;
    const result: PushRunResult = { configured: true, synced: 0, failedTries: 0, stoppedEarly: false };
    // Batch after batch until nothing is due: records written during the run are pushed by it too.
    // A record that failed now is due later, so the loop ends.
    while (!options.signal?.aborted) {
      const now = deps.clock.now();
      const token = randomUUID();
      const batch = await claimDueRecords(deps.db, {
        now,
        leaseUntil: new Date(now.getTime() + BATCH_SIZE * leaseMs),
        token,
        limit: BATCH_SIZE,
      });
      if (batch.length === 0) break;
      batch.sort((a, b) => ORDER[a.entityType as SyncEntityType] - ORDER[b.entityType as SyncEntityType]);
      const stopped = await pushBatch(deps, client, batch, token, result, logger);
      if (stopped) {
        result.stoppedEarly = true;
        break;
      }
    }
    return result;
  };
}

/** Answers true when Odoo could not be reached: the rest of the batch is given back untried. */
async function pushBatch(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  client: OdooClient,
  batch: ClaimedRecord[],
  token: string,
  result: PushRunResult,
  logger: SyncLogger | undefined,
): Promise<boolean> {
  const partnerOf = async (userId: string) => {
    const id = await findExternalId(deps.db, 'user', userId, EXTERNAL_MODEL.user);
    return id === null ? null : Number(id);
  };
  for (const [index, record] of batch.entries()) {
    try {
      const externalId = await pushToOdoo(
        { client, partnerOf },
        { ...record, entityType: record.entityType as SyncEntityType },
      );
      await markPushed(deps.db, {
        id: record.id,
        token,
        version: record.changeVersion,
        externalId: String(externalId),
        at: deps.clock.now(),
      });
      result.synced += 1;
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_LENGTH);
      const attempts = record.attempts + 1;
      const now = deps.clock.now();
      const nextAttemptAt =
        attempts >= MAX_ATTEMPTS ? null : new Date(now.getTime() + backoffMinutes(attempts) * 60_000);
      await markTryFailed(deps.db, {
        id: record.id,
        token,
        attempts,
        nextAttemptAt,
        error: message,
        at: now,
      });
      result.failedTries += 1;
      logger?.warn(
        { entityType: record.entityType, entityId: record.entityId, attempts },
        nextAttemptAt
          ? `sync: push failed, will retry: ${message}`
          : `sync: push failed for good: ${message}`,
      );
      // Odoo is down or hanging: the others would only wait for the same timeout, each losing a try.
      if (error instanceof OdooTransportError) {
        await releaseClaims(
          deps.db,
          batch.slice(index + 1).map((r) => r.id),
          token,
        );
        return true;
      }
    }
  }
  return false;
}
