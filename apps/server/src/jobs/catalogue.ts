import { z } from 'zod';
import { defineJobs } from './definition.js';

/**
 * A sweep that must not wait for the next minute when its worker dies mid-run: one at a time in
 * the deployment; a heartbeat, so the supervisor finds a dead run (30 s of silence, then its next
 * pass, within a minute) instead of after the 15-minute expiry; and one retry at once, so another
 * worker takes it over then.
 */
const TAKEN_OVER_SWEEP = {
  policy: 'exclusive',
  retryLimit: 1,
  retryDelay: 0,
  retryBackoff: false,
  heartbeatSeconds: 30,
} as const;

/**
 * Every job the app sends, in one place: its name, its payload and its retry policy
 * (definition.ts says what each field means). A new job is an entry here plus a handler
 * registered in handlers.ts.
 *
 * Each has its handler in handlers.ts. Payloads carry ids, never state: a handler reads the current rows, so a job that
 * runs twice or late acts on what is true then (handlers are idempotent).
 */
export const JOBS = defineJobs({
  /**
   * Sweep: approve the referrals whose holding period (AFFILIATE_HOLDING_DAYS) has ended and
   * settle what payouts already cover (modules/affiliates). Daily; a missed day is caught up.
   */
  'affiliates.approve-referrals': { payload: z.object({}), policy: 'exclusive' },
  /**
   * Sweep (hourly): delete sessions past their expiry and sign-in failures older than a day
   * (modules/auth/auth-sweep.service.ts), which nothing else removes.
   */
  'auth.sweep': { payload: z.object({}), policy: 'exclusive' },
  /** Review an uploaded video (ffprobe, thumbnail) and move the capsule on. One pending per upload. */
  'upload.review': {
    payload: z.object({ capsuleId: z.string().min(1), uploadId: z.string().min(1) }),
    policy: 'exclusive',
    retryLimit: 5,
    expireInSeconds: 30 * 60,
    heartbeatSeconds: 30,
  },
  /**
   * Sweep (hourly): a 'capsule.rendition' job for each stored video without a playback rendition
   * or whose rendition failed a fixity check (modules/capsules/video/rendition-repair.service.ts).
   */
  'capsules.rendition-sweep': { payload: z.object({}), policy: 'exclusive' },
  /**
   * A contact was edited: the owner's unlocked capsules whose date is that contact's Nth
   * birthday follow a corrected birthday (modules/capsules/birthday-rule.service.ts).
   */
  'capsules.follow-birthday': {
    payload: z.object({ ownerId: z.string().min(1), contactId: z.string().min(1) }),
    policy: 'standard',
  },
  /** Make a stored video's playback rendition from its master. One pending per capsule. */
  'capsule.rendition': {
    payload: z.object({ capsuleId: z.string().min(1) }),
    policy: 'exclusive',
    retryLimit: 3,
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
  /**
   * Sweep (daily): a storage plan lapsed longer than STORAGE_GRACE_DAYS has its undelivered
   * capsules marked To_Delete, and its owner mailed once (modules/commerce/storage-lapse.service.ts).
   */
  'storage.lapse-sweep': { payload: z.object({}), policy: 'exclusive' },
  /** Tell the owner their storage plan lapsed, or that its grace ended: once per lapse and stage. */
  'storage.lapse-mail': {
    payload: z.object({ subscriptionId: z.string().min(1), stage: z.enum(['lapsed', 'marked']) }),
    policy: 'exclusive',
    retryLimit: 5,
  },
  /**
   * Sweep (hourly): kept blobs recorded before their hash was (legacy) are recorded, then a slice
   * of every kept blob is re-read and compared with its recorded SHA-256 (modules/storage/fixity.service.ts).
   * Not retried: the next hour's run is the retry.
   */
  'storage.fixity': {
    payload: z.object({}),
    policy: 'exclusive',
    retryLimit: 0,
    expireInSeconds: 60 * 60,
    heartbeatSeconds: 60,
  },
  /** Tell the operators (OPERATOR_EMAILS) of fixity failures not yet mailed. */
  'storage.fixity-mail': { payload: z.object({}), policy: 'exclusive', retryLimit: 5 },
  /** Sweep: purchases paid before the buyer had an account, recorded once the account exists. */
  'purchases.attach-pending': { payload: z.object({}), policy: 'exclusive' },
  /**
   * Sweep: deliver every capsule whose time has come (modules/capsules/delivery/delivery.service.ts).
   * Every minute, and sent by a lock whose delivery is due at once. Taken over when its worker
   * dies (TAKEN_OVER_SWEEP); the next minute's run catches up whatever a run left.
   */
  'capsules.deliver': { payload: z.object({}), ...TAKEN_OVER_SWEEP },
  /**
   * Sweep: send the recipients' mails that are due (the outbox: delivery mails, and opening-day
   * mails at a dated capsule's first instant; each mail keeps its own tries and back-off by the
   * app's clock), after dating the opening mails whose capsule got a date since. Every minute,
   * and sent by a delivery that wrote a mail due at once. Taken over like the delivery.
   */
  'capsules.delivery-mail': { payload: z.object({}), ...TAKEN_OVER_SWEEP },
  /**
   * Tell the recipient an operator's verdict on their document: one mail per document,
   * sent in the verdict's transaction, so a mail server that is away delays it, never undoes it.
   */
  'received.document-mail': {
    payload: z.object({ documentId: z.string().min(1) }),
    policy: 'exclusive',
    retryLimit: 5,
  },
  /**
   * Tells the sender that the recipient's document was verified and until when they may object
   * (docs/server-rules.md, 'Received capsules'); sent in the verdict's transaction.
   */
  /**
   * Write the member's export archive into storage and e-mail them a link that expires
   * (modules/capsules/export/prepared-export.service.ts). One pending per member.
   */
  'export.prepare': {
    payload: z.object({ userId: z.string().min(1) }),
    policy: 'exclusive',
    retryLimit: 3,
    expireInSeconds: 2 * 60 * 60,
  },
  /** Delete a prepared export archive once its link has expired. */
  'export.expire': {
    payload: z.object({ userId: z.string().min(1), exportId: z.string().min(1) }),
    policy: 'standard',
    retryLimit: 10,
  },
  'received.objection-mail': {
    payload: z.object({ documentId: z.string().min(1) }),
    policy: 'exclusive',
    retryLimit: 5,
  },
  /**
   * Push due integration records to the business system (modules/sync): every minute, and sent
   * by a change that has the queue at hand. One queued or running at a time; records carry their
   * own tries and back-off, so the job itself is not retried.
   */
  'sync.push': { payload: z.object({}), policy: 'exclusive', retryLimit: 0, expireInSeconds: 15 * 60 },
});

export type AppJobs = typeof JOBS;
