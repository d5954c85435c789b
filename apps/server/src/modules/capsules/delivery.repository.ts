import type { Db } from '../../db/database.js';
import type { DeliveryMailStatus } from '../../db/schema.js';

// Delivery (issue 12; docs/decisions/014-delivery-exactly-once.md): the capsules a sweep claims,
// what a delivery writes (received_capsules, capsules.delivered_at, delivery_mails), and the mail
// outbox. Callers pass a transaction where a claim must hold until the writes commit.

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
}

/**
 * Writes the deliveries of locked capsules: the recipient's received row, delivered_at (and the
 * recipient's account on the capsule), and the delivery mail. Each insert yields to a row that
 * is already there (one received row and one mail per capsule, by unique indexes), so a
 * delivery written twice is written once. Answers how many mails are pending.
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
  const mailOf = new Map(deliveries.map((d) => [d.capsuleId, d.mail]));
  const mails = await db
    .insertInto('deliveryMails')
    .values(
      received.map((r) => {
        const status = mailOf.get(r.capsuleId) ?? 'pending';
        return {
          capsuleId: r.capsuleId,
          receivedCapsuleId: r.id,
          recipientUserId: r.userId,
          status,
          nextAttemptAt: status === 'pending' ? now : null,
          createdAt: now,
        };
      }),
    )
    .onConflict((oc) => oc.column('capsuleId').doNothing())
    .returning('status')
    .execute();
  return mails.filter((m) => m.status === 'pending').length;
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
    .returning(['id', 'capsuleId', 'recipientUserId', 'attempts'])
    .execute();
}

/** What the recipient's mail says: the capsule, its sender, and the sender's note with the upload. */
export function findMailFacts(db: Db, capsuleIds: string[]) {
  if (capsuleIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('capsules')
    .leftJoin('videoUploads', 'videoUploads.id', 'capsules.videoUploadId')
    .select(['capsules.id', 'capsules.ownerId', 'capsules.title', 'videoUploads.notifyMessage'])
    .where('capsules.id', 'in', capsuleIds)
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
