// The job queue (README.md beside this file; docs/decisions/009-job-queue.md).
export type { AppJobs } from './catalogue.js';
export type { JobInput } from './definition.js';
export { defineJobs } from './definition.js';
export { registerJobHandlers } from './handlers.js';
export {
  type CreateJobQueueOptions,
  createJobQueue,
  type JobLogger,
  type JobQueue,
  type JobRecord,
} from './queue.js';
