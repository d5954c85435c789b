import type { AppDeps } from '../../deps.js';
import { addMinutes } from '../../lib/clock.js';
import type { BlobRef } from '../storage/index.js';
import type { Trx } from './capsule-transaction.js';
import { listDiscardedBlobs, updateUpload } from './video-uploads.repository.js';

// Blobs nobody needs any more (docs/server-rules.md, 'Blob storage'): a replaced video once its
// successor passed review, a refused, cancelled or expired upload, a deleted or purged video.
// Services mark them in their transaction (video_uploads.blob_discarded_at) and send the cleanup
// job there too; the job deletes them, with retries while storage is away.

/**
 * An upload SAS still alive could write its blob again after the delete (cw creates): once it
 * has expired, give or take this much clock skew, a deleted blob stays deleted.
 */
const SAS_SKEW_MINUTES = 5;

/** The blob an upload's bytes went to, and its thumbnail's. */
export const uploadBlob = (row: { blobContainer: string; blobName: string }): BlobRef => ({
  container: row.blobContainer,
  blob: row.blobName,
});

/**
 * After blobs were marked discarded: delete them now, and once more when the last upload SAS
 * that could still write them has expired (startAfter), so nothing written meanwhile lingers.
 */
export async function scheduleBlobCleanup(
  deps: Pick<AppDeps, 'jobs'>,
  trx: Trx,
  capsuleId: string,
  discarded: { marked: number; lastSasExpiry: Date | null },
  now: Date,
): Promise<void> {
  if (discarded.marked === 0) return;
  await deps.jobs.send(trx, 'capsule.blobs.cleanup', { capsuleId });
  const settled = discarded.lastSasExpiry && addMinutes(discarded.lastSasExpiry, SAS_SKEW_MINUTES);
  if (settled && settled > now) {
    await deps.jobs.send(trx, 'capsule.blobs.cleanup', { capsuleId }, { startAfter: settled });
  }
}

/**
 * The cleanup job: deletes every discarded blob of the capsule (video and thumbnail) and records
 * it as gone once no SAS can write it again. Idempotent: deleting what is gone is a no-op.
 */
export async function cleanupCapsuleBlobs(
  deps: AppDeps,
  { capsuleId }: { capsuleId: string },
): Promise<void> {
  for (const row of await listDiscardedBlobs(deps.db, capsuleId)) {
    await deps.storage.deleteBlob(uploadBlob(row));
    if (row.thumbnailBlobName) {
      await deps.storage.deleteBlob({ container: row.blobContainer, blob: row.thumbnailBlobName });
    }
    const now = deps.clock.now();
    if (addMinutes(row.sasExpiresAt, SAS_SKEW_MINUTES) <= now) {
      await updateUpload(deps.db, row.id, { blobDeletedAt: now });
    }
  }
}
