import type { AppDeps } from '../deps.js';
import type { AppJobs } from './catalogue.js';
import type { JobQueue } from './queue.js';

/**
 * Every handler and schedule of the app, registered in one place, by the web process (JOBS=on)
 * and by worker.ts alike. Where jobs are off, work() and schedule() do nothing, so callers need
 * not ask.
 *
 * Issues 11 and 12 register here, e.g.
 *   await queue.work('upload.review', (job) => reviewUpload(deps, job));
 *   await queue.schedule('capsules.auto-lock', '*\/5 * * * *');
 */
export async function registerJobHandlers(_queue: JobQueue<AppJobs>, _deps: AppDeps): Promise<void> {
  // No job has a handler yet.
}
