import { z } from 'zod';
import { defineJobs } from './definition.js';

/**
 * Every job the app sends, in one place: its name, its payload and its retry policy
 * (definition.ts says what each field means). A new job is an entry here plus a handler
 * registered in handlers.ts.
 *
 * The entries below are the ones issues 11 and 12 need; their handlers come with those
 * features. Payloads carry ids, never state: a handler reads the current rows, so a job that
 * runs twice or late acts on what is true then (handlers are idempotent).
 */
export const JOBS = defineJobs({
  /** Review an uploaded video (ffprobe, thumbnail) and move the capsule on. One pending per upload. */
  'upload.review': {
    payload: z.object({ capsuleId: z.string().min(1), uploadId: z.string().min(1) }),
    policy: 'exclusive',
    retryLimit: 5,
    expireInSeconds: 30 * 60,
    heartbeatSeconds: 30,
  },
  /** Revert an upload slot that was never completed, leaving any earlier video untouched. */
  'upload.expire': {
    payload: z.object({ capsuleId: z.string().min(1), uploadId: z.string().min(1) }),
    policy: 'exclusive',
  },
  /** Sweep: lock every capsule 10 days after its upload, as the manual lock does. */
  'capsules.auto-lock': { payload: z.object({}), policy: 'exclusive' },
  /** Sweep: purge To_Delete capsules after 30 days (blob and video fields). */
  'capsules.purge': { payload: z.object({}), policy: 'exclusive' },
  /** Sweep: deliver every capsule whose time has come (issue 12). */
  'capsules.deliver': { payload: z.object({}), policy: 'exclusive' },
});

export type AppJobs = typeof JOBS;
