// The job queue (README.md beside this file; docs/decisions/009-job-queue.md).
export { type AppJobs, JOBS } from './catalogue.js';
export type { JobCatalogue, JobDefinition, JobInput, JobName, JobPayload } from './definition.js';
export { defineJobs } from './definition.js';
export { registerJobHandlers } from './handlers.js';
export {
  type CreateJobQueueOptions,
  createJobQueue,
  type JobContext,
  type JobHandler,
  type JobLogger,
  type JobQueue,
  type JobRecord,
  type JobTiming,
  type SendOptions,
} from './queue.js';
