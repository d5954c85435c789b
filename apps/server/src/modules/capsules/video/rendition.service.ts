import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MediaFacts } from '@capsule/domain';
import type { AppDeps } from '../../../deps.js';
import type { VideoProbe } from '../../media/index.js';
import { type BlobDigest, type BlobRef, renditionBlob } from '../../storage/index.js';
import { setProcessingPercent } from '../capsules.repository.js';
import { startPhase, timedPhase } from './review-phases.js';
import { REVIEW_SAS_MINUTES } from './upload-rules.js';
import type { VideoUploadRow } from './video-uploads.repository.js';

// The playback rendition of an upload (docs/server-rules.md, 'Video upload'): made by ffmpeg
// into a scratch file, uploaded beside the original under the upload's own name (hashed as it
// is sent, its stored length checked) and probed back. Nothing refers to it until the review's
// verdict does, in the transaction that accepts the video: a run killed half-way leaves a blob
// no one serves, which the retry writes over.

export interface Rendition {
  ref: BlobRef;
  digest: BlobDigest;
  /** What ffprobe reads of the rendition as stored. */
  probe: VideoProbe;
  /** A read SAS of it, for the thumbnail. */
  url: string;
}

/** Where renditions are written before their upload. */
const SCRATCH = path.join(tmpdir(), 'capsule-renditions');

/** A scratch file older than this is a killed run's (a rendition takes minutes, not a day). */
const STALE_SCRATCH_MS = 24 * 3600_000;

/** The card's percentage moves in steps this large: a write every few seconds at most. */
const PERCENT_STEP = 5;

/** Removes what killed runs left in the scratch folder; a failure to do so is not the review's. */
async function removeStaleScratch(now: number): Promise<void> {
  for (const name of await readdir(SCRATCH).catch(() => [] as string[])) {
    const file = path.join(SCRATCH, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > STALE_SCRATCH_MS) await rm(file, { force: true }).catch(() => undefined);
  }
}

/**
 * Writes the rendition's progress to the capsule for its card, in steps and one write at a
 * time: a figure that comes while a write is running is written after it, so the card never
 * stays behind the last figure reported.
 */
function progressWriter(deps: Pick<AppDeps, 'db'>, capsuleId: string) {
  let written = -PERCENT_STEP;
  let wanted = 0;
  let writing: Promise<void> | null = null;
  const flush = () => {
    if (writing || wanted < written + PERCENT_STEP) return;
    written = wanted;
    writing = setProcessingPercent(deps.db, capsuleId, written)
      .catch(() => undefined)
      .finally(() => {
        writing = null;
        flush();
      });
  };
  return {
    /** The card shows 0 % from the start: the review has begun preparing the video. */
    start: flush,
    report(fraction: number) {
      wanted = Math.max(wanted, Math.floor(fraction * 100));
      flush();
    },
    /** Every write done (a figure reported meanwhile included). */
    async done(): Promise<void> {
      while (writing) await writing;
    },
  };
}

/**
 * Makes, stores, hashes and probes the rendition of `upload`'s original (read at `sourceUrl`).
 * `maxSeconds`: where to stop a video that may run past its capsule's limit. A MediaError
 * 'unreadable' from ffmpeg is the file's fault (the caller refuses the video); anything else is
 * the server's (thrown, the job retried).
 */
export async function makePlaybackRendition(
  deps: AppDeps,
  upload: VideoUploadRow,
  sourceUrl: string,
  source: VideoProbe,
  maxSeconds: number | undefined,
  /** Whether the card shows the percentage (a review's); a repair of a stored video does not. */
  showProgress = true,
): Promise<Rendition> {
  await mkdir(SCRATCH, { recursive: true });
  await removeStaleScratch(deps.clock.now().getTime());
  const file = path.join(SCRATCH, `${upload.id}-${randomUUID()}.mp4`);
  const ref = renditionBlob({ ownerId: upload.ownerId, capsuleId: upload.capsuleId, uploadId: upload.id });
  const progress = showProgress ? progressWriter(deps, upload.capsuleId) : undefined;
  progress?.start();
  let digest: BlobDigest;
  let stored: () => void;
  try {
    // A file that states no length (a browser's recording) shows progress against the length the
    // dialog measured; the review trusts only the file's own, or the rendition's.
    const length = source.durationSeconds ?? upload.declaredDurationSeconds;
    await timedPhase(deps, 'encode', () =>
      deps.media.makeRendition(
        sourceUrl,
        { ...source, durationSeconds: length },
        {
          outputPath: file,
          maxSeconds,
          onProgress: (fraction) => progress?.report(fraction),
        },
      ),
    );
    stored = startPhase(deps, 'rendition_store');
    digest = await deps.storage.uploadFile(ref, file, 'video/mp4');
  } finally {
    await progress?.done();
    await rm(file, { force: true });
  }
  try {
    const { url } = await deps.storage.readSas(ref, { minutes: REVIEW_SAS_MINUTES });
    return { ref, digest, probe: await deps.media.probeVideo(url), url };
  } finally {
    stored();
  }
}

/** What a probe says of a video, for Capsule Details: its picture as shown (rotation applied). */
export function mediaFactsOf(probe: VideoProbe, sizeBytes: number | null): MediaFacts {
  const turned = probe.rotation === 90 || probe.rotation === 270;
  const width = probe.width ?? 0;
  const height = probe.height ?? 0;
  return {
    codec: probe.videoCodec ?? 'unknown',
    width: turned ? height : width,
    height: turned ? width : height,
    durationSeconds: probe.durationSeconds,
    sizeBytes: sizeBytes ?? probe.sizeBytes,
    audioCodec: probe.audioCodec,
    hdr: probe.hdr,
  };
}
