import type { AppDeps } from '../../../deps.js';
import { MediaError, type VideoProbe } from '../../media/index.js';
import { keptBlobState, recordKeptBlob, userContainerName } from '../../storage/index.js';
import { withLockedCapsuleById } from '../capsule-transaction.js';
import { findCapsuleById, listRenditionRepairs, updateCapsule } from '../capsules.repository.js';
import { makePlaybackRendition, mediaFactsOf, type Rendition } from './rendition.service.js';
import { REVIEW_SAS_MINUTES } from './upload-rules.js';
import { findUpload, markRenditionsAsked, updateUpload } from './video-uploads.repository.js';

// Renditions made after the review (docs/server-rules.md, 'Video upload'): a stored video that
// has no playback rendition (accepted before renditions existed) or whose rendition a fixity
// check found missing or changed gets one made from its master, which is never touched. Until
// then playback serves the master (capsule-blobs.service.ts, servablePlayback). An hourly sweep
// sends one job per capsule; the jobs run in the workers, one per sender at a time.

/** Capsules looked at per sweep: the next hour's sweep sends the next ones. */
const REPAIRS_PER_SWEEP = 200;

/**
 * The sweep ('capsules.rendition-sweep'): one 'capsule.rendition' job per capsule that needs it,
 * those asked about longest ago first; each is marked asked, so the next sweep takes the next.
 */
export async function sendRenditionRepairs(deps: AppDeps): Promise<number> {
  const rows = await listRenditionRepairs(deps.db, REPAIRS_PER_SWEEP);
  await deps.db.transaction().execute(async (trx) => {
    // Exclusive per capsule: a job still queued or running from an earlier sweep is not doubled.
    for (const row of rows)
      await deps.jobs.send(
        trx,
        'capsule.rendition',
        { capsuleId: row.id },
        { singletonKey: row.id, group: row.ownerId },
      );
    await markRenditionsAsked(
      trx,
      rows.map((row) => row.videoUploadId as string),
      deps.clock.now(),
    );
  });
  return rows.length;
}

/**
 * The 'capsule.rendition' job. Idempotent: a capsule whose rendition is intact, whose video
 * changed, or whose master cannot be vouched for is left alone. The rendition is written under
 * its upload's name (over a damaged one) and becomes what playback serves only in the
 * transaction that records its hash, if the capsule still holds that video; otherwise it goes.
 */
export async function remakeRendition(deps: AppDeps, job: { capsuleId: string }): Promise<void> {
  const capsule = await findCapsuleById(deps.db, job.capsuleId);
  if (!capsule?.videoBlobName || !capsule.videoUploadId || capsule.status === 'To_Delete') return;
  const container = userContainerName(capsule.ownerId);
  if (capsule.videoRenditionBlobName) {
    const current = await keptBlobState(deps.db, { container, blob: capsule.videoRenditionBlobName });
    if (current.state === 'intact') return;
  }
  const upload = await findUpload(deps.db, capsule.videoUploadId);
  if (!upload || upload.renditionRefusedAt) return;
  // Made only from bytes known to be the ones reviewed (a legacy video is hashed first by the
  // fixity sweep's adoption; a damaged master is an operator's matter, not ours to copy).
  const master = { container, blob: capsule.videoBlobName };
  if ((await keptBlobState(deps.db, master)).state !== 'intact') return;
  const { url } = await deps.storage.readSas(master, { minutes: REVIEW_SAS_MINUTES });
  let made: Rendition;
  let probe: VideoProbe;
  try {
    probe = await deps.media.probeVideo(url);
    made = await makePlaybackRendition(deps, upload, url, probe, undefined, false);
  } catch (error) {
    if (!(error instanceof MediaError && error.reason === 'unreadable')) throw error;
    // It keeps playing as uploaded; asking ffmpeg again every hour would change nothing.
    await updateUpload(deps.db, upload.id, { renditionRefusedAt: deps.clock.now() });
    return;
  }
  const recorded = await withLockedCapsuleById(deps, capsule.id, async (row, trx, now) => {
    if (row.videoUploadId !== upload.id || row.videoBlobName !== master.blob) return false;
    if (row.status === 'To_Delete') return false;
    await recordKeptBlob(
      trx,
      { kind: 'rendition', ref: made.ref, digest: made.digest, uploadId: upload.id, capsuleId: row.id },
      now,
    );
    await updateUpload(trx, upload.id, {
      renditionBlobName: made.ref.blob,
      renditionFacts: JSON.stringify(mediaFactsOf(made.probe, made.digest.size)),
      ...(upload.masterFacts ? {} : { masterFacts: JSON.stringify(mediaFactsOf(probe, null)) }),
    });
    await updateCapsule(trx, row.id, {
      videoRenditionBlobName: made.ref.blob,
      videoRenditionSha256: made.digest.sha256,
    });
    return true;
  });
  // The video was replaced, deleted or purged meanwhile: nothing refers to what was just made.
  if (!recorded) await deps.storage.deleteBlob(made.ref);
}
