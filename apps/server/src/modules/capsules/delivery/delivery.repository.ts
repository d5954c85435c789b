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
      'capsules.deliveryCheckAt',
      'capsules.deliveryCriteria',
      'capsules.deliveryDate',
      'capsules.videoBlobName',
      'videoUploads.notifyEnabled',
    ])
    .where('capsules.deliveredAt', 'is', null);
}

/** Where a sweep's previous claim ended, in the claim's order. */
export interface ClaimCursor {
  deliveryCheckAt: Date;
  id: string;
}

/**
 * Up to `limit` capsules to look at now, locked for the caller's transaction; rows another sweep
 * holds are skipped, not waited for, so two sweeps share the work and never both take a capsule.
 * due_at is checked too: never early. The order is the partial index's, (delivery_check_at, id)
 * (migration 0027): a claim reads its batch and stops, never sorting a whole peak. `after`
 * starts the read past the sweep's previous claim: the rows it delivered leave dead index entries
 * behind until a vacuum, and a read from the start would step over all of them each time.
 */
export function claimDueCapsules(db: Db, now: Date, limit: number, after: ClaimCursor | null = null) {
  return deliverySelection(db)
    .$if(after !== null, (query) =>
      query.where((eb) =>
        eb(
          eb.refTuple('capsules.deliveryCheckAt', 'capsules.id'),
          '>',
          eb.tuple(after?.deliveryCheckAt as Date, after?.id as string),
        ),
      ),
    )
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

/**
 * Recipients' mails in trouble, oldest first: 'failed' were given up after their last try (the
 * admin CLI's delivery:failed); 'retrying' failed at least once and wait for their next try.
 */
function troubledMails(db: Db, state: 'failed' | 'retrying') {
  const query = db
    .selectFrom('deliveryMails')
    .innerJoin('capsules', 'capsules.id', 'deliveryMails.capsuleId');
  return state === 'failed'
    ? query.where('deliveryMails.status', '=', 'failed')
    : query.where('deliveryMails.status', '=', 'pending').where('deliveryMails.attempts', '>', 0);
}

export function listTroubledMails(
  db: Db,
  state: 'failed' | 'retrying',
  page: { offset: number; limit: number } = { offset: 0, limit: 10_000 },
) {
  return troubledMails(db, state)
    .select([
      'deliveryMails.id',
      'deliveryMails.kind',
      'deliveryMails.capsuleId',
      'deliveryMails.attempts',
      'deliveryMails.lastError',
      'deliveryMails.nextAttemptAt',
      'deliveryMails.createdAt',
      'capsules.title',
      'capsules.recipientEmail',
    ])
    .orderBy('deliveryMails.createdAt')
    .orderBy('deliveryMails.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countTroubledMails(db: Db, state: 'failed' | 'retrying'): Promise<number> {
  const row = await troubledMails(db, state)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The admin CLI's delivery:failed: every mail given up, oldest first. */
export const listFailedMails = (db: Db) => listTroubledMails(db, 'failed');

/**
 * Capsules due before `before` that no sweep has looked at since then (the partial index on
 * delivery_check_at): with the sweep running every minute there are none; any is a fault.
 * Capsules the sweep postponed (no recipient account yet) have a later check and are not here.
 */
function overdueCapsules(db: Db, before: Date) {
  return db
    .selectFrom('capsules')
    .where('deliveryCheckAt', '<=', before)
    .where('dueAt', '<=', before)
    .where('deliveredAt', 'is', null);
}

export function listOverdueCapsules(db: Db, before: Date, limit: number) {
  return overdueCapsules(db, before)
    .select(['id', 'title', 'dueAt', 'deliveryCriteria', 'status'])
    .orderBy('dueAt')
    .limit(limit)
    .execute();
}

export async function countOverdueCapsules(db: Db, before: Date): Promise<number> {
  const row = await overdueCapsules(db, before)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Due capsules the sweep postponed: their recipient has no account yet (or they are marked for deletion). */
export async function countPostponedCapsules(db: Db, now: Date): Promise<number> {
  const row = await db
    .selectFrom('capsules')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('deliveryCheckAt', '>', now)
    .where('dueAt', '<=', now)
    .where('deliveredAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
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
