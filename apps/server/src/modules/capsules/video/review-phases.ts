import type { AppDeps } from '../../../deps.js';
import type { VideoReviewPhase } from '../../metrics/index.js';

// How long each phase of a review takes (`capsule_video_review_phase_seconds`): operators and the
// rendition bench see where a slow review's time went.

/** Starts timing a phase; the answer records it when called. */
export function startPhase(deps: Pick<AppDeps, 'metrics'>, phase: VideoReviewPhase): () => void {
  const started = performance.now();
  return () => deps.metrics.videoReviewPhase(phase, (performance.now() - started) / 1000);
}

/** Runs one phase and records how long it took, failed or not. */
export async function timedPhase<T>(
  deps: Pick<AppDeps, 'metrics'>,
  phase: VideoReviewPhase,
  work: () => Promise<T>,
): Promise<T> {
  const done = startPhase(deps, phase);
  try {
    return await work();
  } finally {
    done();
  }
}
