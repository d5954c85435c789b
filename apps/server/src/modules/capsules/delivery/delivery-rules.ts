import {
  canSubmitDocuments,
  DOCUMENT_CRITERIA,
  milestoneOpensAt,
  normaliseDeliveryCriteria,
  type ReceivedFacts,
  releaseVerdict,
} from '@capsule/domain';
import type { DeliveryOutlook } from '../../../mail/capsule-delivered.js';

// The numbers and the timing rules of delivery (docs/decisions/014-delivery-exactly-once.md), and
// what the recipient's mails say and when (docs/decisions/022-mail-templates.md). Whether a
// capsule can be watched is always the domain's one release rule (releaseVerdict).

/** Capsules claimed per transaction by the delivery sweep; it claims again until none is due. */
export const DELIVERY_BATCH = 200;

/**
 * A due capsule whose recipient has no account yet (or that is marked To_Delete) is looked at
 * again this much later. Account creation delivers at once (deliverToNewAccount); this is the
 * safety net for a path that forgot to, without re-reading every waiting capsule every minute.
 */
export const RECHECK_WAITING_MINUTES = 60;

/**
 * Mails claimed at a time by the mail sweep, then sent together outside any transaction over the
 * mailer's pool of SMTP connections (mail/mailer.ts, 5 connections: two rounds): even a mail server
 * that hangs each one to nodemailer's connection and greeting timeouts (2.5 minutes) cannot keep
 * the last of them past its lease.
 */
export const MAIL_BATCH = 10;

/**
 * A claimed mail is not taken by another sweep for this long (app time): longer than sending the
 * whole claim can take, so only a sweep that died gives its claimed mails up.
 */
export const MAIL_CLAIM_LEASE_MINUTES = 30;

/**
 * Waits after the 1st, 2nd, ... failed try; after the last entry every 30 minutes, so a mail
 * goes out within 30 minutes of the mail server coming back.
 */
const MAIL_BACKOFF_MINUTES = [1, 2, 5, 10, 30] as const;

/**
 * Tries before a mail is given up (status failed, listed by `delivery:failed`): the back-off's
 * steps, then every 30 minutes until about 14 days of trying. Counted in tries rather than days
 * since delivery, so a mail is never given up because nobody tried it (a long outage of the app).
 */
const MAIL_GIVE_UP_AFTER_DAYS = 14;
export const MAIL_MAX_ATTEMPTS =
  MAIL_BACKOFF_MINUTES.length +
  Math.ceil((MAIL_GIVE_UP_AFTER_DAYS * 24 * 60 - MAIL_BACKOFF_MINUTES.reduce((a, b) => a + b, 0)) / 30);

/** Minutes to wait after the `attempts`-th failed try (1-based). */
export function mailBackoffMinutes(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), MAIL_BACKOFF_MINUTES.length) - 1;
  return MAIL_BACKOFF_MINUTES[index] ?? 30;
}

/** What the capsule's accepted upload says about Notify Recipient. */
interface NotifyChoice {
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

/**
 * What the delivery mail tells the recipient they can do now, decided when it is sent: ready
 * when the release rule lets them watch it; else why not, in the words of its condition.
 */
export function deliveryOutlook(facts: ReceivedFacts, now: Date): DeliveryOutlook {
  if (releaseVerdict(facts, now).ok) return { kind: 'ready' };
  const criteria = normaliseDeliveryCriteria(facts.criteria);
  if (criteria === 'Milestone_Date') {
    const opensAt = milestoneOpensAt(facts.deliveryDate);
    if (!opensAt || !facts.deliveryDate) return { kind: 'dateToBeSet' };
    if (opensAt > now) return { kind: 'opensOn', date: facts.deliveryDate.slice(0, 10) };
    return { kind: 'notYet' };
  }
  if (criteria && DOCUMENT_CRITERIA.includes(criteria)) {
    if (canSubmitDocuments(facts)) return { kind: 'documentNeeded' };
    if (facts.documentStatus === 'Submitted') return { kind: 'documentInReview' };
  }
  return { kind: 'notYet' };
}

/** The opening-day mail a delivery writes: due at the opening, waiting for a date, or skipped. */
export type OpeningMailPlan = { status: 'pending'; at: Date } | { status: 'waiting' } | { status: 'skipped' };

/**
 * A Milestone_Date capsule that cannot be watched yet when it is delivered gets an opening-day
 * mail, due at the first instant of its date (milestoneOpensAt, the instant the release rule
 * opens it), or waiting for the date when it has none. One the release rule already opens gets
 * none: its delivery mail says it is ready. Notify Recipient off: skipped, like its delivery mail.
 */
export function openingMailOnDelivery(
  facts: ReceivedFacts,
  notify: boolean,
  now: Date,
): OpeningMailPlan | null {
  if (normaliseDeliveryCriteria(facts.criteria) !== 'Milestone_Date') return null;
  if (releaseVerdict(facts, now).ok) return null;
  if (!notify) return { status: 'skipped' };
  const opensAt = milestoneOpensAt(facts.deliveryDate);
  return opensAt ? { status: 'pending', at: opensAt } : { status: 'waiting' };
}

/** What the mail sweep does with a claimed opening mail, by the release rule at `now`. */
type OpeningMailStep =
  | { action: 'send' }
  /** Its date is ahead (it changed since the mail was planned): due then, no try counted. */
  | { action: 'reschedule'; at: Date }
  /** It has no date (any more): waiting again. */
  | { action: 'wait' }
  /** Open by its date but closed for another reason: nothing true to say; failed with it. */
  | { action: 'giveUp'; reason: string };

export function openingMailStep(facts: ReceivedFacts, now: Date): OpeningMailStep {
  const verdict = releaseVerdict(facts, now);
  if (verdict.ok) return { action: 'send' };
  const opensAt = milestoneOpensAt(facts.deliveryDate);
  if (normaliseDeliveryCriteria(facts.criteria) === 'Milestone_Date') {
    if (!opensAt) return { action: 'wait' };
    if (opensAt > now) return { action: 'reschedule', at: opensAt };
  }
  return { action: 'giveUp', reason: verdict.reason };
}
