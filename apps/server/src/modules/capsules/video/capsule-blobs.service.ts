import type { AppDeps } from '../../../deps.js';
import { AppError } from '../../../errors.js';
import { addMinutes } from '../../../lib/clock.js';
import { type BlobRef, forgetStoredBlob, keptBlobState, userContainerName } from '../../storage/index.js';
import type { Trx } from '../capsule-transaction.js';
import { KEPT_VIDEO_TEXTS, PLAYBACK_TYPES } from './upload-rules.js';
import {
  findUpload,
  listDiscardedBlobs,
  listSupersededWrittenBlobs,
  updateUpload,
} from './video-uploads.repository.js';

// Blobs nobody needs any more (docs/server-rules.md, 'Blob storage'): a replaced video once its
// successor passed review, a refused, cancelled or expired upload, a deleted or purged video.
// Services mark them in their transaction (video_uploads.blob_discarded_at) and send the cleanup
// job there too; the job deletes them, with retries while storage is away.

/**
 * An upload SAS still alive could write its blob again after the delete (cw creates): once it
 * has expired, give or take this much clock skew, a deleted blob stays deleted.
 */
const SAS_SKEW_MINUTES = 5;

/** The blob the browser wrote an upload's bytes to (its kept copy is beside it: storage.keptBlob). */
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

/** After a completion: the cleanup job, for when the upload's last SAS can no longer write. */
export async function scheduleWrittenBlobCleanup(
  deps: Pick<AppDeps, 'jobs'>,
  trx: Trx,
  capsuleId: string,
  lastSasExpiry: Date,
): Promise<void> {
  await deps.jobs.send(
    trx,
    'capsule.blobs.cleanup',
    { capsuleId },
    { startAfter: addMinutes(lastSasExpiry, SAS_SKEW_MINUTES + 1) },
  );
}

/**
 * The cleanup job: deletes every discarded blob of the capsule (the written video, its kept copy,
 * its playback rendition, the thumbnail) and records it as gone once no SAS can write it again; and the written blob of
 * every kept upload once its SAS has expired. Idempotent: deleting what is gone is a no-op.
 */
export async function cleanupCapsuleBlobs(
  deps: AppDeps,
  { capsuleId }: { capsuleId: string },
): Promise<void> {
  for (const row of await listDiscardedBlobs(deps.db, capsuleId)) {
    if (row.storedBlobName) {
      const kept = { container: row.blobContainer, blob: row.storedBlobName };
      // Forgotten before it goes: a fixity check in between must not report a deletion we made.
      await forgetStoredBlob(deps.db, kept);
      await deps.storage.deleteBlob(kept);
    }
    if (row.renditionBlobName) {
      const rendition = { container: row.blobContainer, blob: row.renditionBlobName };
      await forgetStoredBlob(deps.db, rendition);
      await deps.storage.deleteBlob(rendition);
    }
    await deps.storage.deleteBlob(uploadBlob(row));
    if (row.thumbnailBlobName) {
      await deps.storage.deleteBlob({ container: row.blobContainer, blob: row.thumbnailBlobName });
    }
    const now = deps.clock.now();
    if (addMinutes(row.sasExpiresAt, SAS_SKEW_MINUTES) <= now) {
      await updateUpload(deps.db, row.id, { blobDeletedAt: now });
    }
  }
  // Uploads kept (their bytes copied at completion): the blob the browser wrote is a second copy
  // nobody reads, deleted once its SAS can no longer write it again.
  const settled = addMinutes(deps.clock.now(), -SAS_SKEW_MINUTES);
  for (const row of await listSupersededWrittenBlobs(deps.db, capsuleId, settled)) {
    await deps.storage.deleteBlob(uploadBlob(row));
    await updateUpload(deps.db, row.id, { writtenBlobDeletedAt: deps.clock.now() });
  }
}

/**
 * What playback serves of a capsule's video, once it is known to be the bytes reviewed: its
 * rendition (an H.264/AAC MP4, which every browser plays) while that is intact; else the master
 * as uploaded (a video accepted before renditions were made, or one whose rendition a fixity
 * check found damaged until the rendition job makes it again), with the container its upload
 * check found and the Content-Type that goes with it. Refuses (503, in words) when neither may
 * be served: a URL is handed out only for bytes whose hash is recorded and still matches.
 */
export async function servablePlayback(
  db: AppDeps['db'],
  row: {
    ownerId: string;
    videoBlobName: string | null;
    videoRenditionBlobName: string | null;
    videoUploadId: string | null;
  },
): Promise<{ ref: BlobRef; container: string; contentType: string }> {
  const container = userContainerName(row.ownerId);
  if (row.videoRenditionBlobName) {
    const rendition = { container, blob: row.videoRenditionBlobName };
    if ((await keptBlobState(db, rendition)).state === 'intact')
      return { ref: rendition, container: 'mp4', contentType: PLAYBACK_TYPES.mp4 ?? 'video/mp4' };
  }
  const master = { container, blob: row.videoBlobName as string };
  const kept = await keptBlobState(db, master);
  if (kept.state === 'damaged') throw new AppError('UNAVAILABLE', KEPT_VIDEO_TEXTS.damaged);
  if (kept.state === 'unrecorded') throw new AppError('UNAVAILABLE', KEPT_VIDEO_TEXTS.unrecorded);
  const upload = row.videoUploadId ? await findUpload(db, row.videoUploadId) : undefined;
  const type = upload?.videoContainer ?? 'mp4';
  return { ref: master, container: type, contentType: PLAYBACK_TYPES[type] ?? 'video/mp4' };
}
