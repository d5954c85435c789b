import { Counter, Histogram, Registry } from 'prom-client';

// What this process does, counted where it happens (AppDeps.metrics): events that leave no row
// /metrics could count cheaply (README.md, 'Where each series comes from'). Each process has its
// own; /metrics serves the web process's, so Prometheus sums them over instances.

type UploadEvent = 'started' | 'completed' | 'refused';
type VideoReviewOutcome = 'accepted' | 'rejected';
/**
 * Where a video review's time goes: `master_hash` (reading the kept master end to end, beside
 * the rest), `probe` (ffprobe of the master), `encode` (ffmpeg making the rendition),
 * `rendition_store` (its upload, hashed as sent, and its probe back), `thumbnail`, `total`.
 */
const VIDEO_REVIEW_PHASES = [
  'master_hash',
  'probe',
  'encode',
  'rendition_store',
  'thumbnail',
  'total',
] as const;
export type VideoReviewPhase = (typeof VIDEO_REVIEW_PHASES)[number];

export interface ServiceMetrics {
  /** Holds the counters below; /metrics merges it with the app's own series. */
  readonly registry: Registry;
  /** A new upload slot (a resumed one is not a new upload). */
  uploadStarted(): void;
  /** The stored blob passed the completion's checks: the review job is queued. */
  uploadCompleted(): void;
  /** The completion refused the blob (empty, too large, not a video): the capsule reverted. */
  uploadRefused(): void;
  /** The review's verdict was written: the video stored (accepted) or sent back (rejected). */
  videoReviewed(outcome: VideoReviewOutcome): void;
  /** One phase of a review (or of a rendition's repair) took this long. */
  videoReviewPhase(phase: VideoReviewPhase, seconds: number): void;
}

export function createServiceMetrics(): ServiceMetrics {
  const registry = new Registry();
  const uploads = new Counter({
    name: 'capsule_uploads_total',
    help: 'Video uploads by event: started (a new slot), completed (passed the completion checks), refused (at completion)',
    labelNames: ['event'] as const,
    registers: [registry],
  });
  const reviews = new Counter({
    name: 'capsule_video_reviews_total',
    help: 'Video reviews by outcome: accepted (stored) or rejected (Needs_Review), in the process that ran them',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const phases = new Histogram({
    name: 'capsule_video_review_phase_seconds',
    help: 'Time spent in each phase of a video review or rendition repair, in the process that ran it',
    labelNames: ['phase'] as const,
    // A phone clip's probe takes a tenth of a second; a 10-minute encode minutes.
    buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800],
    registers: [registry],
  });
  // Every series exists from the start, so a rate over the first minutes is not missing.
  for (const event of ['started', 'completed', 'refused'] satisfies UploadEvent[]) uploads.inc({ event }, 0);
  for (const outcome of ['accepted', 'rejected'] satisfies VideoReviewOutcome[]) reviews.inc({ outcome }, 0);
  return {
    registry,
    uploadStarted: () => uploads.inc({ event: 'started' }),
    uploadCompleted: () => uploads.inc({ event: 'completed' }),
    uploadRefused: () => uploads.inc({ event: 'refused' }),
    videoReviewed: (outcome) => reviews.inc({ outcome }),
    videoReviewPhase: (phase, seconds) => phases.observe({ phase }, seconds),
  };
}
