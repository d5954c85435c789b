// The numbers and the one timing rule of delivery (docs/decisions/014-delivery-exactly-once.md).

/** Capsules claimed per transaction by the delivery sweep; it claims again until none is due. */
export const DELIVERY_BATCH = 200;

/**
 * A due capsule whose recipient has no account yet (or that is marked To_Delete) is looked at
 * again this much later. Account creation delivers at once (deliverToNewAccount); this is the
 * safety net for a path that forgot to, without re-reading every waiting capsule every minute.
 */
export const RECHECK_WAITING_MINUTES = 60;

/**
 * Mails claimed at a time by the mail sweep, then sent one after the other outside any
 * transaction: few, so even a mail server that hangs each one to nodemailer's connection and
 * greeting timeouts (2.5 minutes) cannot keep the last of them past its lease.
 */
export const MAIL_BATCH = 5;

/**
 * A claimed mail is not taken by another sweep for this long (app time): longer than sending the
 * whole claim can take, so only a sweep that died gives its claimed mails up.
 */
export const MAIL_CLAIM_LEASE_MINUTES = 30;

/**
 * Waits after the 1st, 2nd, ... failed try; after the last entry every 30 minutes, so a mail
 * goes out within 30 minutes of the mail server coming back.
 */
export const MAIL_BACKOFF_MINUTES = [1, 2, 5, 10, 30] as const;

/**
 * Tries before a mail is given up (status failed, listed by `delivery:failed`): the back-off's
 * steps, then every 30 minutes until about 14 days of trying. Counted in tries rather than days
 * since delivery, so a mail is never given up because nobody tried it (a long outage of the app).
 */
export const MAIL_GIVE_UP_AFTER_DAYS = 14;
export const MAIL_MAX_ATTEMPTS =
  MAIL_BACKOFF_MINUTES.length +
  Math.ceil((MAIL_GIVE_UP_AFTER_DAYS * 24 * 60 - MAIL_BACKOFF_MINUTES.reduce((a, b) => a + b, 0)) / 30);

/** Minutes to wait after the `attempts`-th failed try (1-based). */
export function mailBackoffMinutes(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), MAIL_BACKOFF_MINUTES.length) - 1;
  return MAIL_BACKOFF_MINUTES[index] ?? 30;
}

/** What the capsule's accepted upload says about Notify Recipient. */
export interface NotifyChoice {
  notifyEnabled: boolean;
  notifyTiming: 'on_lock' | 'custom';
  notifyAt: Date | null;
}

/**
 * When a capsule locked at `lockedAt` is due. At lock (timing on_lock, Notify Recipient off, or
 * no upload to ask); with a custom time, that instant, but never before the lock: content that
 * can still change (re-upload, delete) is never delivered. Migration 0012's backfill applies the
 * same rule in SQL.
 */
export function dueAtOnLock(notify: NotifyChoice | undefined, lockedAt: Date): Date {
  if (!notify?.notifyEnabled || notify.notifyTiming !== 'custom' || !notify.notifyAt) return lockedAt;
  return notify.notifyAt > lockedAt ? notify.notifyAt : lockedAt;
}
