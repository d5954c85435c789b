import { MAX_VIDEO_BYTES } from '@capsule/domain';
import type { AppDeps } from '../../../deps.js';
import { badInput, conflict, notFound } from '../../../errors.js';
import { isUuid } from '../../../lib/ids.js';
import {
  type BlobRef,
  detectVideoContainer,
  keepWrittenBlob,
  MAGIC_BYTES,
  type VideoContainer,
} from '../../storage/index.js';
import { CAPSULE_NOT_FOUND } from '../capsule-rules.js';
import { type Trx, withLockedCapsule, withLockedCapsuleById } from '../capsule-transaction.js';
import { type CapsuleRow, findCapsule, updateCapsule } from '../capsules.repository.js';
import type { Capsule } from '../capsules.service.js';
import { scheduleBlobCleanup, scheduleWrittenBlobCleanup, uploadBlob } from './capsule-blobs.service.js';
import { closedUploadText, UPLOAD_TEXTS } from './upload-rules.js';
import {
  findInFlightUpload,
  findOwnedUpload,
  lockUpload,
  updateUpload,
  type VideoUploadRow,
} from './video-uploads.repository.js';

// How an open upload ends: completed (checked against storage, then reviewed),
// refused at completion, cancelled by the sender, or expired. Every ending but completion
// puts the capsule back in the status it had, its earlier video (if any) untouched, and
// marks the upload's blob for the cleanup job.

interface UploadRef {
  capsuleId: string;
  uploadId: string;
}

type Ending = 'cancelled' | 'expired' | 'rejected';

/** Ends an open upload without a video: the capsule gets back the status it had. */
async function revertUpload(
  deps: Pick<AppDeps, 'jobs'>,
  trx: Trx,
  capsule: CapsuleRow,
  upload: VideoUploadRow,
  ending: Ending,
  now: Date,
  reason: string | null = null,
): Promise<void> {
  await updateUpload(trx, upload.id, { state: ending, reason, finishedAt: now, blobDiscardedAt: now });
  if (capsule.status === 'Upload_In_Progress') {
    await updateCapsule(trx, capsule.id, { status: upload.capsuleStatusBefore, updatedAt: now });
  }
  await scheduleBlobCleanup(deps, trx, capsule.id, { marked: 1, lastSasExpiry: upload.sasExpiresAt }, now);
}

/** A recording's slot given up for a new take or another file (upload-start.service.ts). */
export function abandonUpload(
  deps: Pick<AppDeps, 'jobs'>,
  trx: Trx,
  capsule: CapsuleRow,
  upload: VideoUploadRow,
  now: Date,
): Promise<void> {
  return revertUpload(deps, trx, capsule, upload, 'cancelled', now);
}

/** What storage holds for the upload: a video to review, or the reason it is refused. */
type StorageVerdict =
  | { ok: true; size: number; container: VideoContainer; kept: BlobRef }
  | { ok: false; reason: string; kept: BlobRef }
  | { ok: 'missing' };

/**
 * The committed blob is copied to its kept name (storage.keepWrittenBlob: a name no SAS was
 * issued for, so what is checked here is what stays, whatever an upload SAS still alive does
 * to the blob it names). Then the copy's real size (a SAS cannot cap it) and its first bytes
 * (a video container, whatever the name or the declared type said).
 */
async function checkStoredVideo(deps: AppDeps, upload: VideoUploadRow): Promise<StorageVerdict> {
  const written = await keepWrittenBlob(deps, uploadBlob(upload), upload.id);
  if (written === 'missing') return { ok: 'missing' };
  const { kept } = written;
  const properties = await deps.storage.blobProperties(kept);
  if (!properties.exists) return { ok: 'missing' };
  if (properties.size === 0) return { ok: false, reason: UPLOAD_TEXTS.empty, kept };
  if (properties.size >= MAX_VIDEO_BYTES) return { ok: false, reason: UPLOAD_TEXTS.tooLarge, kept };
  const container = detectVideoContainer(await deps.storage.readFirstBytes(kept, MAGIC_BYTES));
  if (!container) return { ok: false, reason: UPLOAD_TEXTS.notVideo, kept };
  return { ok: true, size: properties.size, container, kept };
}

/**
 * The browser has committed the blob (Put Block List, or the legacy single PUT): the server
 * checks what storage really holds, never the client's word. A video: the capsule becomes
 * Reviewing with today's upload date (a re-upload keeps its current video until the new one
 * passes review) and the review job is queued in the same transaction. Refused (empty, too
 * large, not a video): the blob goes, the capsule reverts, and the answer is a 400 with the
 * spec's text. Nothing in storage yet: a 409, the upload stays open. Completing twice: 409.
 */
export async function completeUpload(deps: AppDeps, ownerId: string, ref: UploadRef): Promise<Capsule> {
  const found = isUuid(ref.capsuleId) && isUuid(ref.uploadId);
  const upload = found ? await findOwnedUpload(deps.db, ownerId, ref.capsuleId, ref.uploadId) : undefined;
  if (!upload) throw notFound(UPLOAD_TEXTS.notFound);
  if (upload.state !== 'open') throw conflict(closedUploadText(upload.state));
  // Storage is read outside the transaction (no row lock held across the network); the state
  // is checked again under the lock, so of two completions only one records anything.
  const verdict = await checkStoredVideo(deps, upload);
  if (verdict.ok === 'missing') throw conflict(UPLOAD_TEXTS.notArrived);
  let refusal: string | undefined;
  const capsule = await withLockedCapsule(deps, ownerId, ref.capsuleId, async (row, trx, now) => {
    const current = await lockUpload(trx, upload.id);
    if (current?.state !== 'open') throw conflict(closedUploadText(current?.state ?? 'cancelled'));
    // The copy is recorded either way, so the cleanup job deletes it with the written blob.
    await updateUpload(trx, current.id, { storedBlobName: verdict.kept.blob });
    if (!verdict.ok) {
      refusal = verdict.reason;
      await revertUpload(deps, trx, row, current, 'rejected', now, verdict.reason);
      return;
    }
    await updateUpload(trx, current.id, {
      state: 'completed',
      completedAt: now,
      blobSize: verdict.size,
      videoContainer: verdict.container,
    });
    await updateCapsule(trx, row.id, {
      status: 'Reviewing',
      uploadDate: now,
      reviewNote: null,
      updatedAt: now,
    });
    // The written blob goes once its SAS can no longer write it again (its kept copy stays).
    await scheduleWrittenBlobCleanup(deps, trx, row.id, current.sasExpiresAt);
    await deps.jobs.send(
      trx,
      'upload.review',
      { capsuleId: row.id, uploadId: current.id },
      { singletonKey: current.id, group: row.ownerId },
    );
  });
  // The refusal is committed (the capsule reverted, the blob marked) before it is answered.
  if (refusal) {
    deps.metrics.uploadRefused();
    throw badInput(refusal);
  }
  deps.metrics.uploadCompleted();
  return capsule;
}

/**
 * The legacy notify-upload-complete: the upload it names, or else the capsule's one upload in
 * flight (the spec's client may send back only the capsule id).
 */
export async function completeCapsuleUpload(
  deps: AppDeps,
  ownerId: string,
  ref: { capsuleId: string; uploadId?: string },
): Promise<Capsule> {
  if (ref.uploadId)
    return completeUpload(deps, ownerId, { capsuleId: ref.capsuleId, uploadId: ref.uploadId });
  const capsule = isUuid(ref.capsuleId) ? await findCapsule(deps.db, ownerId, ref.capsuleId) : undefined;
  if (!capsule) throw notFound(CAPSULE_NOT_FOUND);
  const upload = await findInFlightUpload(deps.db, capsule.id);
  if (!upload) throw notFound(UPLOAD_TEXTS.notFound);
  return completeUpload(deps, ownerId, { capsuleId: capsule.id, uploadId: upload.id });
}

/** The sender stops an upload: the capsule reverts. Cancelling one already ended is a no-op. */
export function cancelUpload(deps: AppDeps, ownerId: string, ref: UploadRef): Promise<Capsule> {
  return withLockedCapsule(deps, ownerId, ref.capsuleId, async (row, trx, now) => {
    const upload = isUuid(ref.uploadId) ? await lockUpload(trx, ref.uploadId) : undefined;
    if (!upload || upload.capsuleId !== row.id) throw notFound(UPLOAD_TEXTS.notFound);
    if (upload.state === 'cancelled' || upload.state === 'expired') return;
    if (upload.state !== 'open') throw conflict(closedUploadText(upload.state));
    await revertUpload(deps, trx, row, upload, 'cancelled', now);
  });
}

/**
 * The upload.expire job: an upload still open past its deadline reverts. One that was renewed
 * since the job was queued waits for its new deadline (a job for that moment). Idempotent.
 */
export async function expireUpload(deps: AppDeps, ref: UploadRef): Promise<void> {
  await withLockedCapsuleById(deps, ref.capsuleId, async (row, trx, now) => {
    const upload = await lockUpload(trx, ref.uploadId);
    if (!upload || upload.capsuleId !== row.id || upload.state !== 'open') return;
    if (upload.expiresAt > now) {
      await deps.jobs.send(trx, 'upload.expire', ref, {
        startAfter: upload.expiresAt,
        singletonKey: `${upload.id}@${upload.expiresAt.toISOString()}`,
      });
      return;
    }
    await revertUpload(deps, trx, row, upload, 'expired', now);
  });
}
