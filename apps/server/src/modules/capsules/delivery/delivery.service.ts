import type { AppDeps } from '../../../deps.js';
import { addMinutes } from '../../../lib/clock.js';
import { type NewTrailRow, recordTrails } from '../../audit/index.js';
import { findPublicUser, findUserIdsByEmails } from '../../users/index.js';
import type { Trx } from '../capsule-transaction.js';
import {
  type ClaimCursor,
  claimDueCapsules,
  type DueCapsuleRow,
  lockDueCapsulesOfEmail,
  type NewDelivery,
  postponeDeliveryCheck,
  recordDeliveries,
} from './delivery.repository.js';
import { DELIVERY_BATCH, openingMailOnDelivery, RECHECK_WAITING_MINUTES } from './delivery-rules.js';

// Delivery exactly once (docs/decisions/014-delivery-exactly-once.md). A locked capsule
// is due at due_at (delivery-rules.ts). The sweep claims due capsules under row locks that other
// sweeps skip, and writes each delivery (received row, delivered_at, the mail in the outbox) in
// the transaction holding the claim: a crash before the commit delivers nothing, after it
// everything, and the unique indexes make a second write of the same delivery a no-op. The mails
// go out later, from the outbox (delivery-mail.service.ts): the delivery mail at once, and for a
// dated capsule not open yet the opening-day mail on its day (docs/decisions/022-mail-templates.md).

/** What a sweep did, for the job's log and the tests. */
interface DeliveryRun {
  delivered: number;
  /** Due, but not deliverable now: no account for the recipient yet, or marked for deletion. */
  waiting: number;
}

/** Who may send jobs: the app's processes; the admin CLI has no job queue and leaves it to the cron. */
type DeliveryDeps = Pick<AppDeps, 'db' | 'clock'> & { jobs?: AppDeps['jobs'] };

/**
 * Asks for a sweep now (capsules.deliver, in the caller's transaction): a lock whose delivery is
 * due at once. If one is already queued or running, that one will see this capsule too (it
 * claims again until nothing is due), and the minute's cron is the safety net.
 */
export async function requestDeliverySweep(deps: Pick<AppDeps, 'jobs'>, trx: Trx): Promise<void> {
  await deps.jobs.send(trx, 'capsules.deliver', {});
}

/**
 * Delivers what it claimed in `trx`: capsules whose recipient has an account (matched by e-mail,
 * whatever its case) and that are not marked for deletion; the others are looked at again later.
 */
async function deliverClaimed(
  deps: DeliveryDeps,
  trx: Trx,
  rows: DueCapsuleRow[],
  now: Date,
): Promise<DeliveryRun> {
  const live = rows.filter((r) => r.status !== 'To_Delete' && r.recipientEmail);
  const accounts = await findUserIdsByEmails(
    trx,
    live.map((r) => r.recipientEmail ?? ''),
  );
  const deliveries: NewDelivery[] = [];
  const trail: NewTrailRow[] = [];
  const waiting: string[] = [];
  for (const row of rows) {
    const userId =
      row.status === 'To_Delete' ? undefined : accounts.get((row.recipientEmail ?? '').trim().toLowerCase());
    if (!userId) {
      waiting.push(row.id);
      continue;
    }
    // An upload without Notify Recipient's answer (none recorded) mails: the dialog's default is on.
    const notify = row.notifyEnabled !== false;
    const facts = {
      criteria: row.deliveryCriteria,
      deliveryDate: row.deliveryDate,
      documentStatus: null,
      hasVideo: row.videoBlobName !== null,
    };
    deliveries.push({
      capsuleId: row.id,
      userId,
      mail: notify ? 'pending' : 'skipped',
      opening: openingMailOnDelivery(facts, notify, now),
    });
    trail.push({
      capsuleId: row.id,
      at: now,
      event: 'delivered',
      actor: 'system',
      actorId: userId,
      details: { rule: row.deliveryCriteria, deliveryDate: row.deliveryDate },
    });
  }
  await postponeDeliveryCheck(trx, waiting, addMinutes(now, RECHECK_WAITING_MINUTES));
  const pendingMails = await recordDeliveries(trx, deliveries, now);
  // Claimed rows are undelivered ones (their check time is cleared by the delivery): one row
  // each, written in one statement (a peak delivers hundreds of thousands).
  await recordTrails(trx, trail);
  // The mail goes out at once rather than at the mail sweep's next minute.
  if (pendingMails > 0 && deps.jobs) await deps.jobs.send(trx, 'capsules.delivery-mail', {});
  return { delivered: deliveries.length, waiting: waiting.length };
}

/**
 * The capsules.deliver job: every capsule due by the app's clock is delivered, batch by batch,
 * until none is left to look at, so after an outage of any length everything overdue goes out
 * in this one run. Two sweeps at once share the due capsules (each skips the other's locks).
 */
export async function deliverDueCapsules(deps: AppDeps, signal?: AbortSignal): Promise<DeliveryRun> {
  const total: DeliveryRun = { delivered: 0, waiting: 0 };
  // Each claim reads on from where the last ended; at the end one more pass from the start
  // finds what the cursor went past (a row another sweep held, one due meanwhile with an earlier
  // check time), and the run ends only when a pass from the start finds nothing.
  let after: ClaimCursor | null = null;
  // Aborted (the job's deadline passed, its claim was lost): stop between batches; what is left
  // stays due for the next run.
  while (!signal?.aborted) {
    const from = after;
    const claim = await deps.db.transaction().execute(async (trx) => {
      const now = deps.clock.now();
      const rows = await claimDueCapsules(trx, now, DELIVERY_BATCH, from);
      const last = rows.at(-1);
      if (!last) return null;
      const run = await deliverClaimed(deps, trx, rows, now);
      // (Claimed rows have a check time: the claim reads it <= now.)
      return { run, last: { deliveryCheckAt: last.deliveryCheckAt ?? now, id: last.id } };
    });
    if (!claim) {
      if (from === null) break;
      after = null;
      continue;
    }
    after = claim.last;
    total.delivered += claim.run.delivered;
    total.waiting += claim.run.waiting;
  }
  return total;
}

/**
 * A new account receives at once what was due for its e-mail (docs/server-rules.md, 'Delivery').
 * Every path that creates a user calls this after the user is committed: the admin CLI's
 * user:create, the development demo seed, later the business-system sync. Should one forget, the
 * sweep still finds the capsules within RECHECK_WAITING_MINUTES. Answers how many it delivered.
 */
export async function deliverToNewAccount(deps: DeliveryDeps, userId: string): Promise<number> {
  const user = await findPublicUser(deps.db, userId);
  if (!user) return 0;
  const run = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const rows = await lockDueCapsulesOfEmail(trx, user.email.trim().toLowerCase(), now);
    return rows.length === 0 ? null : deliverClaimed(deps, trx, rows, now);
  });
  return run?.delivered ?? 0;
}
