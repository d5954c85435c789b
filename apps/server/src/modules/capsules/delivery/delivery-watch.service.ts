import type { AppDeps } from '../../../deps.js';
import {
  countOverdueCapsules,
  countPostponedCapsules,
  countTroubledMails,
  listOverdueCapsules,
  listTroubledMails,
} from './delivery.repository.js';

// What the operators' console shows of deliveries (docs/operations/operators.md, 'Deliveries'):
// recipients' mails that failed or are retrying, with the error, and capsules due that no sweep
// has delivered. The sweep runs every minute: a capsule still undelivered this long after it
// was due, and not postponed for a missing account, is a fault.

/** How long past due a capsule may wait for a sweep before it counts as overdue. */
export const OVERDUE_AFTER_MINUTES = 10;

const OVERDUE_LISTED = 50;

export async function troubledDeliveryMails(
  deps: Pick<AppDeps, 'db'>,
  state: 'failed' | 'retrying',
  page: { offset: number; limit: number },
) {
  const [rows, total] = await Promise.all([
    listTroubledMails(deps.db, state, page),
    countTroubledMails(deps.db, state),
  ]);
  return { total, items: rows.map(troubledMailView) };
}

/** A recipient's mail in trouble as operators read it (the CLI's delivery:failed and the console). */
export const troubledMailView = (r: Awaited<ReturnType<typeof listTroubledMails>>[number]) => ({
  id: r.id,
  kind: r.kind,
  capsuleId: r.capsuleId,
  capsuleTitle: r.title,
  recipientEmail: r.recipientEmail,
  attempts: r.attempts,
  lastError: r.lastError,
  nextTryAt: r.nextAttemptAt,
  deliveredAt: r.createdAt,
});

/** The counts at the head of the page, and the overdue capsules (there should be none). */
export async function deliveryHealth(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const now = deps.clock.now();
  const before = new Date(now.getTime() - OVERDUE_AFTER_MINUTES * 60_000);
  const [failed, retrying, overdue, overdueCapsules, postponed] = await Promise.all([
    countTroubledMails(deps.db, 'failed'),
    countTroubledMails(deps.db, 'retrying'),
    countOverdueCapsules(deps.db, before),
    listOverdueCapsules(deps.db, before, OVERDUE_LISTED),
    countPostponedCapsules(deps.db, now),
  ]);
  return {
    failedMails: failed,
    retryingMails: retrying,
    overdueCapsules: overdue,
    overdue: overdueCapsules.map((c) => ({
      id: c.id,
      title: c.title,
      dueAt: c.dueAt as Date,
      criteria: c.deliveryCriteria,
      status: c.status,
    })),
    awaitingAccount: postponed,
  };
}
