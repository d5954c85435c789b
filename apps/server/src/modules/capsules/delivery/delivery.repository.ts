import type { Db } from '../../../db/database.js';
import type { DeliveryMailStatus } from '../../../db/schema.js';
import type { OpeningMailPlan } from './delivery-rules.js';

// Delivery (docs/decisions/014-delivery-exactly-once.md): the capsules a sweep claims,
// what a delivery writes (received_capsules, capsules.delivered_at, delivery_mails), and the mail
// outbox, which holds each capsule's delivery mail and, for a dated capsule delivered before its
// day, its opening-day mail (decision 022). Callers pass a transaction where a claim must hold
// until the writes commit.

/** What deciding a delivery needs of a capsule, with its accepted upload's Notify Recipient. */
function deliverySelection(db: Db) {
  return db
    .selectFrom('capsules')
    .leftJoin('videoUploads', 'videoUploads.id', 'capsules.videoUploadId')
    .select([
      'capsules.id',
      'capsules.status',
      'capsules.recipientEmail',
      'capsules.dueAt',
      'capsules.deliveryCriteria',
      'capsules.deliveryDate',
      'capsules.videoBlobName',
      'videoUploads.notifyEnabled',
    ])
    .where('capsules.deliveredAt', 'is', null);
}

/**
 * Up to `limit` capsules to look at now (by the partial index on delivery_check_at), locked for
 * the caller's transaction; rows another sweep holds are skipped, not waited for, so two sweeps
 * share the work and never both take a capsule. due_at is checked too: never early.
 */
export function claimDueCapsules(db: Db, now: Date, limit: number) {
  return deliverySelection(db)
    .where('capsules.deliveryCheckAt', '<=', now)
    .where('capsules.dueAt', '<=', now)
    .orderBy('capsules.deliveryCheckAt')
    .orderBy('capsules.id')
    .limit(limit)
    .forUpdate('capsules')
    .skipLocked()
    .execute();
}

/**
 * The due, undelivered capsules of one recipient e-mail (lowered), locked; waits for a sweep
 * holding one of them, then sees what that sweep did.
 */
export function lockDueCapsulesOfEmail(db: Db, loweredEmail: string, now: Date) {
  return deliverySelection(db)
    .where((eb) => eb(eb.fn('lower', ['capsules.recipientEmail']), '=', loweredEmail))
    .where('capsules.dueAt', '<=', now)
    .orderBy('capsules.id')
    .forUpdate('capsules')
    .execute();
}

export type DueCapsuleRow = Awaited<ReturnType<typeof claimDueCapsules>>[number];

/** Not deliverable now (no account yet, marked for deletion): the sweep looks again at `at`. */
export async function postponeDeliveryCheck(db: Db, capsuleIds: string[], at: Date): Promise<void> {
  if (capsuleIds.length === 0) return;
  await db.updateTable('capsules').set({ deliveryCheckAt: at }).where('id', 'in', capsuleIds).execute();
}

export interface NewDelivery {
  capsuleId: string;
  userId: string;
  /** pending: mail the recipient; skipped: Notify Recipient was off. */
  mail: Extract<DeliveryMailStatus, 'pending' | 'skipped'>;
  /** The opening-day mail of a dated capsule not open yet (delivery-rules.ts), or none. */
  opening: OpeningMailPlan | null;
}

/**
 * Writes the deliveries of locked capsules: the recipient's received row, delivered_at (and the
 * recipient's account on the capsule), the delivery mail and any opening-day mail. Each insert
 * yields to a row that is already there (one received row per capsule, one mail of each kind,
 * by unique indexes), so a delivery written twice is written once. Answers how many mails are
 * due now.
 */
export async function recordDeliveries(db: Db, deliveries: NewDelivery[], now: Date): Promise<number> {
  if (deliveries.length === 0) return 0;
  const capsuleIds = deliveries.map((d) => d.capsuleId);
  await db
    .insertInto('receivedCapsules')
    .values(deliveries.map((d) => ({ userId: d.userId, capsuleId: d.capsuleId, receivedAt: now })))
    .onConflict((oc) => oc.column('capsuleId').doNothing())
    .execute();
  await db
    .updateTable('capsules')
    .set((eb) => ({
      deliveredAt: now,
      deliveryCheckAt: null,
      recipientUserId: eb
        .selectFrom('receivedCapsules')
        .select('receivedCapsules.userId')
        .whereRef('receivedCapsules.capsuleId', '=', 'capsules.id'),
      updatedAt: now,
    }))
    .where('id', 'in', capsuleIds)
    .where('deliveredAt', 'is', null)
    .execute();
  const received = await db
    .selectFrom('receivedCapsules')
    .select(['id', 'capsuleId', 'userId'])
    .where('capsuleId', 'in', capsuleIds)
    .execute();
  const byCapsule = new Map(deliveries.map((d) => [d.capsuleId, d]));
  const rows = received.flatMap((r) => {
    const delivery = byCapsule.get(r.capsuleId);
    const status = delivery?.mail ?? 'pending';
    const row = {
      capsuleId: r.capsuleId,
      receivedCapsuleId: r.id,
      recipientUserId: r.userId,
      createdAt: now,
    };
    const opening = delivery?.opening;
    return [
      { ...row, kind: 'delivery' as const, status, nextAttemptAt: status === 'pending' ? now : null },
      ...(opening
        ? [
            {
              ...row,
              kind: 'opening' as const,
              status: opening.status,
              nextAttemptAt: opening.status === 'pending' ? opening.at : null,
            },
          ]
        : []),
    ];
  });
  const mails = await db
    .insertInto('deliveryMails')
    .values(rows)
    .onConflict((oc) => oc.columns(['capsuleId', 'kind']).doNothing())
    .returning(['status', 'nextAttemptAt'])
    .execute();
  return mails.filter((m) => m.status === 'pending' && m.nextAttemptAt !== null && m.nextAttemptAt <= now)
    .length;
}

/**
 * Claims up to `limit` pending mails due at `now`: each counts a try and is hidden from other
 * sweeps until `leaseUntil` (rows another sweep is claiming are skipped). A sweep that dies with
 * a claim gives it up when the lease ends.
 */
export function claimDueMails(db: Db, now: Date, leaseUntil: Date, limit: number) {
  return db
    .updateTable('deliveryMails')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), nextAttemptAt: leaseUntil }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('deliveryMails')
        .select('deliveryMails.id')
        .where('deliveryMails.status', '=', 'pending')
        .where('deliveryMails.nextAttemptAt', '<=', now)
        .orderBy('deliveryMails.nextAttemptAt')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'kind', 'capsuleId', 'recipientUserId', 'attempts'])
    .execute();
}

export type ClaimedMail = Awaited<ReturnType<typeof claimDueMails>>[number];

/**
 * What the recipient's mails say, read when they are sent: the capsule, its sender, what the
 * release rule reads (its condition, date, video, the recipient's document), and the sender's
 * note from the upload dialog of the accepted video (capsules.video_upload_id: an earlier
 * attempt that was refused, cancelled or replaced is never the one read).
 */
export function findMailFacts(db: Db, capsuleIds: string[]) {
  if (capsuleIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('capsules')
    .leftJoin('videoUploads', 'videoUploads.id', 'capsules.videoUploadId')
    .leftJoin('receivedCapsules', 'receivedCapsules.capsuleId', 'capsules.id')
    .select([
      'capsules.id',
      'capsules.ownerId',
      'capsules.title',
      'capsules.deliveryCriteria',
      'capsules.deliveryDate',
      'capsules.videoBlobName',
      'receivedCapsules.documentVerificationStatus',
      'videoUploads.notifyMessage',
    ])
    .where('capsules.id', 'in', capsuleIds)
    .execute();
}

export type MailFactsRow = Awaited<ReturnType<typeof findMailFacts>>[number];

/**
 * Opening mails waiting for a date whose capsule has one now (set after the delivery), by the
 * partial index of the waiting mails: a few rows, however many capsules there are.
 */
export function findDatedWaitingMails(db: Db, limit: number) {
  return db
    .selectFrom('deliveryMails')
    .innerJoin('capsules', 'capsules.id', 'deliveryMails.capsuleId')
    .select(['deliveryMails.id', 'capsules.deliveryDate'])
    .where('deliveryMails.status', '=', 'waiting')
    .where('capsules.deliveryDate', 'is not', null)
    .orderBy('deliveryMails.capsuleId')
    .limit(limit)
    .execute();
}

/**
 * A mail due at `at` with no try counted: a waiting opening mail whose date is set, or a claimed
 * one whose date moved on. Only from waiting or pending (never a sent or failed mail).
 */
export async function scheduleMail(db: Db, id: string, at: Date): Promise<void> {
  await db
    .updateTable('deliveryMails')
    .set({ status: 'pending', nextAttemptAt: at, attempts: 0 })
    .where('id', '=', id)
    .where('status', 'in', ['waiting', 'pending'])
    .execute();
}

/** A claimed opening mail whose capsule has no date (any more): waiting again, no try counted. */
export async function markMailWaiting(db: Db, id: string): Promise<void> {
  await db
    .updateTable('deliveryMails')
    .set({ status: 'waiting', nextAttemptAt: null, attempts: 0 })
    .where('id', '=', id)
    .where('kind', '=', 'opening')
    .where('status', '=', 'pending')
    .execute();
}

/** Sent: recorded at once after the mail server accepted it (the shorter, the fewer doubles). */
export async function markMailSent(db: Db, id: string, at: Date): Promise<void> {
  await db
    .updateTable('deliveryMails')
    .set({ status: 'sent', sentAt: at, nextAttemptAt: null, lastError: null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** A failed try: next at `next`, or given up (failed) when `next` is null. */
export async function markMailTryFailed(db: Db, id: string, next: Date | null, error: string): Promise<void> {
  await db
    .updateTable('deliveryMails')
    .set({ status: next ? 'pending' : 'failed', nextAttemptAt: next, lastError: error })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** A mail the sweep found nothing to send for (its capsule or account is gone): failed with why. */
export const markMailGivenUp = (db: Db, id: string, why: string) => markMailTryFailed(db, id, null, why);

/** Mails given up after their last try, oldest first (the admin CLI's delivery:failed). */
export function listFailedMails(db: Db) {
  return db
    .selectFrom('deliveryMails')
    .innerJoin('capsules', 'capsules.id', 'deliveryMails.capsuleId')
    .select([
      'deliveryMails.id',
      'deliveryMails.kind',
      'deliveryMails.capsuleId',
      'deliveryMails.attempts',
      'deliveryMails.lastError',
      'deliveryMails.createdAt',
      'capsules.title',
      'capsules.recipientEmail',
    ])
    .where('deliveryMails.status', '=', 'failed')
    .orderBy('deliveryMails.createdAt')
    .execute();
}

/** Failed mails (one, or all when `id` is null) pending again from `now`, with a fresh count of tries. */
export async function retryFailedMails(db: Db, id: string | null, now: Date): Promise<number> {
  let query = db
    .updateTable('deliveryMails')
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now })
    .where('status', '=', 'failed');
  if (id) query = query.where('id', '=', id);
  const rows = await query.returning('id').execute();
  return rows.length;
}
