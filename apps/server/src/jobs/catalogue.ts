import { z } from 'zod';
import { defineJobs } from './definition.js';

/**
 * Every job the app sends, in one place: its name, its payload and its retry policy
 * (definition.ts says what each field means). A new job is an entry here plus a handler
 * registered in handlers.ts.
 *
 * The upload jobs and the sweeps have their handlers (issue 11, handlers.ts); capsules.deliver
 * waits for issue 12. Payloads carry ids, never state: a handler reads the current rows, so a job that
 * runs twice or late acts on what is true then (handlers are idempotent).
 */
export const JOBS = defineJobs({
  /**
   * Sweep: approve the referrals whose holding period (AFFILIATE_HOLDING_DAYS) has ended and
   * settle what payouts already cover (modules/affiliates). Daily; a missed day is caught up.
   */
  'affiliates.approve-referrals': { payload: z.object({}), policy: 'exclusive' },
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
  /**
   * Tell the sender what the review found (one mail per upload; the review sends it in the
   * transaction that records the verdict, so a mail exists exactly when a verdict does).
   */
  'upload.review-mail': {
    payload: z.object({ uploadId: z.string().min(1) }),
    policy: 'exclusive',
    retryLimit: 5,
  },
  /**
   * Delete the blobs of a capsule's uploads that were marked as no longer needed (a replaced,
   * refused, cancelled or expired upload, a deleted or purged video). Sent again for the moment
   * the last upload SAS of those blobs expires, when one could still write them.
   */
  'capsule.blobs.cleanup': { payload: z.object({ capsuleId: z.string().min(1) }), retryLimit: 5 },
  /** Sweep: lock every capsule 10 days after its upload, as the manual lock does. */
  'capsules.auto-lock': { payload: z.object({}), policy: 'exclusive' },
  /** Sweep: purge To_Delete capsules after 30 days (blob and video fields). */
  'capsules.purge': { payload: z.object({}), policy: 'exclusive' },
  /** Sweep: deliver every capsule whose time has come (issue 12). */
  'capsules.deliver': { payload: z.object({}), policy: 'exclusive' },
});

export type AppJobs = typeof JOBS;
