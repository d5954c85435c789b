import { type MediaFacts, maxVideoSeconds, parseCapsuleLength } from '@capsule/domain';
import type { AppDeps } from '../../../deps.js';
import { MediaError } from '../../media/index.js';
import {
  type BlobDigest,
  type BlobRef,
  keepWrittenBlob,
  recordKeptBlob,
  thumbnailBlob,
} from '../../storage/index.js';
import { withLockedCapsuleById } from '../capsule-transaction.js';
import { type CapsuleRow, findCapsuleById, updateCapsule } from '../capsules.repository.js';
import { scheduleBlobCleanup, uploadBlob } from './capsule-blobs.service.js';
import { makePlaybackRendition, mediaFactsOf, type Rendition } from './rendition.service.js';
import { startPhase, timedPhase } from './review-phases.js';
import { DURATION_TOLERANCE_SECONDS, REVIEW_REASONS, REVIEW_SAS_MINUTES } from './upload-rules.js';
import {
  discardFinishedUploadBlobs,
  findUpload,
  lockUpload,
  updateUpload,
  type VideoUploadRow,
} from './video-uploads.repository.js';

// The review job (docs/server-rules.md, 'Video upload'): the kept copy made at completion (the
// master, never changed) is read end to end once for its SHA-256, then ffprobe reads it over a
// read SAS with range requests, ffmpeg makes the playback rendition every browser plays
// (rendition.service.ts), and a thumbnail from that rendition into a blob of its own.
// Then the capsule is Sent ('Stored') with the new video, the video it replaces (if any) goes,
// or it is Needs_Review with the reason. The sender is mailed either way (upload-mail.service.ts),
// so the mail comes once the video is ready to play.

type Verdict =
  | {
      ok: true;
      durationSeconds: number;
      thumbnailBlobName: string;
      digest: BlobDigest;
      rendition: Rendition;
      master: MediaFacts;
      playback: MediaFacts;
    }
  | { ok: false; reason: string; durationSeconds: number | null; renditionBlobName?: string };

/**
 * A video the tool cannot read is a verdict (the file is bad); a tool that times out or is
 * missing is the server's trouble: thrown, so the job is retried.
 */
function unreadable(error: unknown, reason: string): Verdict {
  if (error instanceof MediaError && error.reason === 'unreadable')
    return { ok: false, reason, durationSeconds: null };
  throw error;
}

/**
 * What the review finds, before anything is written. A file that does not say its length (a
 * browser's MediaRecorder WebM writes none) is measured by its rendition, which is cut just past
 * the capsule's limit: a recording that runs longer is refused as too long without decoding what
 * no one may keep.
 */
async function inspect(
  deps: AppDeps,
  upload: VideoUploadRow,
  kept: BlobRef,
  capsule: CapsuleRow,
): Promise<Verdict> {
  // The hash is of the kept copy, which nothing but this server can write: the bytes hashed
  // here are the bytes ffprobe and ffmpeg read, and the bytes every playback serves. It is read
  // beside them rather than before (a 10-minute 1080p master is over a gigabyte: the review took
  // 1.125 times the bare ffmpeg with the hash first; bench/README.md, 'Rendition').
  const digesting = timedPhase(deps, 'master_hash', () => deps.storage.digestBlob(kept));
  // Awaited below; a refusal before then must not leave its failure unhandled.
  digesting.catch(() => undefined);
  const { url } = await deps.storage.readSas(kept, { minutes: REVIEW_SAS_MINUTES });
  let probe: Awaited<ReturnType<AppDeps['media']['probeVideo']>>;
  try {
    probe = await timedPhase(deps, 'probe', () => deps.media.probeVideo(url));
  } catch (error) {
    return unreadable(error, REVIEW_REASONS.unreadable);
  }
  const refuse = (
    reason: string,
    durationSeconds = probe.durationSeconds,
    renditionBlobName?: string,
  ): Verdict => ({
    ok: false,
    reason,
    durationSeconds,
    renditionBlobName,
  });
  if (!probe.hasVideoStream) return refuse(REVIEW_REASONS.noPicture);
  const limit = maxVideoSeconds(capsule.capsuleLength);
  const minutes = parseCapsuleLength(capsule.capsuleLength)?.minutes;
  const tooLong = (seconds: number | null) =>
    seconds !== null && limit !== null && Boolean(minutes) && seconds > limit + DURATION_TOLERANCE_SECONDS;
  if (tooLong(probe.durationSeconds)) return refuse(REVIEW_REASONS.tooLong(minutes ?? 0));
  let rendition: Rendition;
  try {
    rendition = await makePlaybackRendition(
      deps,
      upload,
      url,
      probe,
      limit === null ? undefined : limit + DURATION_TOLERANCE_SECONDS + 1,
    );
  } catch (error) {
    return unreadable(error, REVIEW_REASONS.cannotPrepare);
  }
  const durationSeconds = probe.durationSeconds ?? rendition.probe.durationSeconds;
  if (durationSeconds === null)
    return refuse(REVIEW_REASONS.noDuration(minutes ?? 0), null, rendition.ref.blob);
  if (tooLong(durationSeconds))
    return refuse(REVIEW_REASONS.tooLong(minutes ?? 0), durationSeconds, rendition.ref.blob);
  const digest = await digesting;
  if (!digest) return refuse(REVIEW_REASONS.unreadable, durationSeconds, rendition.ref.blob);
  const thumbnailed = startPhase(deps, 'thumbnail');
  let jpeg: Buffer;
  try {
    // From the rendition: upright and SDR, as the recipient will see it.
    jpeg = await deps.media.extractThumbnail(rendition.url, {
      durationSeconds: rendition.probe.durationSeconds,
    });
  } catch (error) {
    return unreadable(error, REVIEW_REASONS.noFrame);
  }
  const thumbnail = thumbnailBlob({
    ownerId: upload.ownerId,
    capsuleId: upload.capsuleId,
    uploadId: upload.id,
  });
  await deps.storage.uploadBuffer(thumbnail, jpeg, 'image/jpeg');
  thumbnailed();
  return {
    ok: true,
    durationSeconds,
    thumbnailBlobName: thumbnail.blob,
    digest,
    rendition,
    master: mediaFactsOf({ ...probe, durationSeconds }, digest.size),
    playback: mediaFactsOf(rendition.probe, rendition.digest.size),
  };
}

/**
 * The kept copy the review reads. An upload completed before copies were kept (its bytes only
 * under the name its SAS could write) is kept now, before anything is read.
 */
async function keptCopyOf(deps: AppDeps, upload: VideoUploadRow): Promise<BlobRef | undefined> {
  if (upload.storedBlobName) return { container: upload.blobContainer, blob: upload.storedBlobName };
  const written = await keepWrittenBlob(deps, uploadBlob(upload), upload.id);
  if (written === 'missing') return undefined;
  await updateUpload(deps.db, upload.id, { storedBlobName: written.kept.blob });
  return written.kept;
}

/**
 * The upload.review job. Idempotent: an upload no longer waiting for review (the verdict is in)
 * is left alone, and the verdict is written under the capsule's row lock only if it still is.
 * No transaction is open while the tools run.
 */
export async function reviewUpload(
  deps: AppDeps,
  job: { capsuleId: string; uploadId: string },
  options: { lastTry?: boolean } = {},
): Promise<void> {
  const upload = await findUpload(deps.db, job.uploadId);
  if (!upload || upload.capsuleId !== job.capsuleId || upload.state !== 'completed') return;
  const capsule = await findCapsuleById(deps.db, upload.capsuleId);
  if (!capsule) return;
  const reviewed = startPhase(deps, 'total');
  let verdict: Verdict;
  let kept: BlobRef | undefined;
  try {
    kept = await keptCopyOf(deps, upload);
    verdict = kept
      ? await inspect(deps, upload, kept, capsule)
      : { ok: false, reason: REVIEW_REASONS.unreadable, durationSeconds: null };
  } catch (error) {
    // Retried while tries are left; after the last one the capsule must not stay Reviewing.
    if (!options.lastTry) throw error;
    verdict = { ok: false, reason: REVIEW_REASONS.notReviewed, durationSeconds: null };
  }
  let decided = false;
  await withLockedCapsuleById(deps, upload.capsuleId, async (row, trx, now) => {
    const current = await lockUpload(trx, upload.id);
    if (current?.state !== 'completed') return;
    decided = true;
    if (verdict.ok && kept) {
      await recordKeptBlob(
        trx,
        { kind: 'video', ref: kept, digest: verdict.digest, uploadId: current.id, capsuleId: row.id },
        now,
      );
      const { rendition } = verdict;
      await recordKeptBlob(
        trx,
        {
          kind: 'rendition',
          ref: rendition.ref,
          digest: rendition.digest,
          uploadId: current.id,
          capsuleId: row.id,
        },
        now,
      );
      await updateUpload(trx, current.id, {
        state: 'accepted',
        thumbnailBlobName: verdict.thumbnailBlobName,
        renditionBlobName: rendition.ref.blob,
        masterFacts: JSON.stringify(verdict.master),
        renditionFacts: JSON.stringify(verdict.playback),
        probedDurationSeconds: verdict.durationSeconds,
        finishedAt: now,
      });
      // The new video replaces the old one only now; every earlier upload's blob goes.
      await updateCapsule(trx, row.id, {
        status: 'Sent',
        videoUploadId: current.id,
        videoBlobName: kept.blob,
        videoSha256: verdict.digest.sha256,
        videoRenditionBlobName: rendition.ref.blob,
        videoRenditionSha256: rendition.digest.sha256,
        videoProcessingPercent: null,
        videoThumbnailBlobName: verdict.thumbnailBlobName,
        reviewNote: null,
        previewViewedAt: null,
        updatedAt: now,
      });
      const discarded = await discardFinishedUploadBlobs(trx, row.id, now, current.id);
      await scheduleBlobCleanup(deps, trx, row.id, discarded, now);
    } else if (!verdict.ok) {
      // The refused video stays with its upload for a person to look at; the capsule keeps
      // the video it had (a re-upload's predecessor), which goes only when another passes.
      await updateUpload(trx, current.id, {
        state: 'rejected',
        reason: verdict.reason,
        probedDurationSeconds: verdict.durationSeconds,
        // A rendition made before the refusal goes with the upload's other blobs.
        renditionBlobName: verdict.renditionBlobName ?? null,
        finishedAt: now,
      });
      await updateCapsule(trx, row.id, {
        status: 'Needs_Review',
        reviewNote: verdict.reason,
        videoProcessingPercent: null,
        updatedAt: now,
      });
    }
    await deps.jobs.send(trx, 'upload.review-mail', { uploadId: current.id }, { singletonKey: current.id });
  });
  // Counted once committed, by the run that wrote the verdict (a second run finds it written).
  if (decided) {
    reviewed();
    deps.metrics.videoReviewed(verdict.ok ? 'accepted' : 'rejected');
  }
}
