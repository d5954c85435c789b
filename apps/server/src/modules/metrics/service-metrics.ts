import { Counter, Registry } from 'prom-client';

// What this process does, counted where it happens (AppDeps.metrics): events that leave no row
// /metrics could count cheaply (README.md, 'Where each series comes from'). Each process has its
// own; /metrics serves the web process's, so Prometheus sums them over instances.

type UploadEvent = 'started' | 'completed' | 'refused';
type VideoReviewOutcome = 'accepted' | 'rejected';

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
  // Every series exists from the start, so a rate over the first minutes is not missing.
  for (const event of ['started', 'completed', 'refused'] satisfies UploadEvent[]) uploads.inc({ event }, 0);
  for (const outcome of ['accepted', 'rejected'] satisfies VideoReviewOutcome[]) reviews.inc({ outcome }, 0);
  return {
    registry,
    uploadStarted: () => uploads.inc({ event: 'started' }),
    uploadCompleted: () => uploads.inc({ event: 'completed' }),
    uploadRefused: () => uploads.inc({ event: 'refused' }),
    videoReviewed: (outcome) => reviews.inc({ outcome }),
  };
}
