import type { AppDeps } from '../../deps.js';
import { addMinutes } from '../../lib/clock.js';
import { fixityFailureMail } from '../../mail/fixity-failure.js';
import { fixityBatchSize } from './fixity-cycle.js';
import {
  countStoredBlobs,
  listDueStoredBlobs,
  listFixityFailures,
  markFailureMailed,
  markStoredBlobFailed,
  markStoredBlobIntact,
  type StoredBlobRow,
} from './stored-blobs.repository.js';

// Fixity over decades (docs/decisions/027-reviewed-bytes-fixity-backups.md): an hourly sweep
// re-reads a slice of the kept blobs and compares their SHA-256 with the one recorded at review.
// The slice is the blobs checked longest ago, sized (fixity-cycle.ts) so every blob is read once per cycle and each
// hour reads about the same amount. A blob missing or changed is never silent: logged as an error,
// listed (admin fixity:failures), mailed to the operators when OPERATOR_EMAILS is set, and no
// longer served (storage.keptBlobState says 'damaged'). Failed blobs are re-read every sweep: one
// restored from a version or a backup is served again as soon as its bytes match.

/** A blob just checked (or just recorded) is not read again the same day, however few there are. */
const MIN_RECHECK_MINUTES = 24 * 60;

export interface FixityLogger {
  error(obj: object, msg?: string): void;
}

interface FixityRun {
  checked: number;
  intact: number;
  /** Failures found by this run that were not known before. */
  newFailures: number;
}

/** Reads one blob end to end and says what is wrong with it, if anything. */
async function check(
  deps: Pick<AppDeps, 'storage'>,
  row: StoredBlobRow,
): Promise<'missing' | 'mismatch' | null> {
  const digest = await deps.storage.digestBlob({ container: row.container, blob: row.blobName });
  if (!digest) return 'missing';
  return digest.sha256 === row.sha256 && digest.size === Number(row.size) ? null : 'mismatch';
}

/** The fixity sweep (job 'storage.fixity', hourly). Idempotent: a second run checks the next slice. */
export async function runFixitySweep(
  deps: Pick<AppDeps, 'db' | 'storage' | 'clock' | 'jobs' | 'config'>,
  logger: FixityLogger = console,
): Promise<FixityRun> {
  const total = await countStoredBlobs(deps.db);
  const now = deps.clock.now();
  const rows = await listDueStoredBlobs(
    deps.db,
    fixityBatchSize(total),
    addMinutes(now, -MIN_RECHECK_MINUTES),
  );
  const run: FixityRun = { checked: 0, intact: 0, newFailures: 0 };
  for (const row of rows) {
    const failure = await check(deps, row);
    const at = deps.clock.now();
    run.checked++;
    if (!failure) {
      await markStoredBlobIntact(deps.db, row.id, at);
      run.intact++;
      continue;
    }
    // False when the row went meanwhile (its blob deleted on purpose) or was failed already.
    if (await markStoredBlobFailed(deps.db, row.id, failure, at)) {
      run.newFailures++;
      logger.error(
        { kind: row.kind, container: row.container, blob: row.blobName, capsuleId: row.capsuleId, failure },
        `fixity: a kept ${row.kind} is ${failure === 'missing' ? 'missing' : 'changed'}; it is not served until restored`,
      );
    }
  }
  if (run.newFailures > 0 && deps.config.operatorEmails.length > 0) {
    await deps.db.transaction().execute((trx) => deps.jobs.send(trx, 'storage.fixity-mail', {}));
  }
  return run;
}

/** The operators' mail: every failure not yet mailed, in one message per operator. Idempotent. */
export async function sendFixityMail(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config'>,
): Promise<void> {
  const unsent = (await listFixityFailures(deps.db)).filter((row) => row.failureMailedAt === null);
  if (unsent.length === 0 || deps.config.operatorEmails.length === 0) return;
  const mail = await fixityFailureMail(
    unsent.map((row) => ({
      kind: row.kind,
      failure: row.failure ?? 'mismatch',
      container: row.container,
      blobName: row.blobName,
      capsuleId: row.capsuleId,
      failedAt: row.failedAt ?? deps.clock.now(),
    })),
  );
  for (const to of deps.config.operatorEmails) await deps.mailer.send({ to, ...mail });
  await markFailureMailed(
    deps.db,
    unsent.map((row) => row.id),
    deps.clock.now(),
  );
}

export { listFixityFailures };
