import { canAutoLock, EDIT_WINDOW_DAYS, isPurgeDue, PURGE_AFTER_DAYS } from '@capsule/domain';
import type { AppDeps } from '../../deps.js';
import { writeLock } from './capsule-actions.service.js';
import { capsuleFacts, withLockedCapsuleById } from './capsule-transaction.js';
import { listAutoLockCandidates, listPurgeCandidates, updateCapsule } from './capsules.repository.js';
import { scheduleBlobCleanup } from './video/capsule-blobs.service.js';
import { discardFinishedUploadBlobs } from './video/video-uploads.repository.js';

// The scheduled sweeps (jobs/handlers.ts). Each acts on everything overdue by the app's clock
// (a run missed during downtime catches up), one capsule per short transaction under its row
// lock, deciding by the domain's rule again on the locked row: a capsule changed since it was
// listed is left as it is now.

/** Capsules per listing; a sweep lists again until nothing is left. */
const BATCH = 200;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

async function sweep(
  list: () => Promise<string[]>,
  each: (capsuleId: string) => Promise<boolean>,
): Promise<number> {
  let done = 0;
  const tried = new Set<string>();
  for (;;) {
    const ids = (await list()).filter((id) => !tried.has(id));
    if (ids.length === 0) return done;
    for (const id of ids) {
      tried.add(id);
      if (await each(id)) done += 1;
    }
  }
}

/**
 * The capsules.auto-lock job: every stored capsule whose 10-day window has closed is locked,
 * with the manual lock's own write (writeLock). Answers how many it locked.
 */
export function autoLockCapsules(deps: AppDeps): Promise<number> {
  return sweep(
    () => listAutoLockCandidates(deps.db, daysBefore(deps.clock.now(), EDIT_WINDOW_DAYS), BATCH),
    async (capsuleId) =>
      (await withLockedCapsuleById(deps, capsuleId, async (row, trx, now) => {
        if (!canAutoLock(capsuleFacts(row), now).ok) return false;
        await writeLock(deps, trx, row, now, 'system');
        return true;
      })) ?? false,
  );
}

/**
 * The capsules.purge job: a capsule marked To_Delete 30 days ago loses its video for good (the
 * blobs of every upload, by the cleanup job; the video fields). It stays in the owner's list as
 * To_Delete and can no longer be recovered. Answers how many it purged.
 */
export function purgeCapsules(deps: AppDeps): Promise<number> {
  return sweep(
    () => listPurgeCandidates(deps.db, daysBefore(deps.clock.now(), PURGE_AFTER_DAYS), BATCH),
    async (capsuleId) =>
      (await withLockedCapsuleById(deps, capsuleId, async (row, trx, now) => {
        if (row.status !== 'To_Delete' || row.purgedAt || !isPurgeDue(row.deleteRequestedAt, now))
          return false;
        await updateCapsule(trx, row.id, {
          statusBeforeDelete: null,
          uploadDate: null,
          videoBlobName: null,
          videoThumbnailBlobName: null,
          videoRenditionBlobName: null,
          videoRenditionSha256: null,
          videoUploadId: null,
          videoUrl: null,
          videoThumbnailUrl: null,
          previewViewedAt: null,
          reviewNote: null,
          purgedAt: now,
          updatedAt: now,
        });
        const discarded = await discardFinishedUploadBlobs(trx, row.id, now);
        await scheduleBlobCleanup(deps, trx, row.id, discarded, now);
        return true;
      })) ?? false,
  );
}
