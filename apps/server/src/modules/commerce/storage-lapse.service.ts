import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, LapseReason } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { storageLapsedMail, storageMarkedMail } from '../../mail/storage-lapse.js';
import { capsulesAtRisk, markLapsedPlanCapsules } from '../capsules/index.js';
import { recordChange } from '../sync/index.js';
import { findPublicUser, findPublicUsers } from '../users/index.js';
import {
  countPlansInGrace,
  findSubscription,
  listGraceEndedSubscriptions,
  listPlansInGrace,
  lockSubscription,
  type SubscriptionLapseRow,
  updateSubscription,
} from './subscriptions.repository.js';

// The annual storage fee never deletes a capsule silently (docs/decisions/011): a
// failed payment or a cancelled plan starts a lapse and e-mails the owner; the grace
// (STORAGE_GRACE_DAYS, default 90) runs; only then does the daily sweep mark the plan's
// undelivered capsules To_Delete (the capsules module decides which) and e-mail again, and the
// 30-day Recover window of To_Delete still applies. A payment within the grace ends the lapse.

const DAY_MS = 86_400_000;

export type Trx = Transaction<Database>;

/** When a lapse that began at `since` lets the sweep mark the plan's capsules. */
export const lapseDeleteAfter = (since: Date, graceDays: number) =>
  new Date(since.getTime() + graceDays * DAY_MS);

type LapseStage = 'lapsed' | 'marked';

/**
 * A failed payment or a cancelled plan, inside the event's transaction, on the locked plan. A
 * plan already lapsed keeps its first date (the grace is counted from the first failure; the
 * provider retries a failed payment several times). The owner's mail is a job sent in this
 * transaction. Answers whether a lapse began.
 */
export async function startLapse(
  deps: Pick<AppDeps, 'jobs'>,
  trx: Trx,
  plan: SubscriptionLapseRow,
  reason: LapseReason,
  now: Date,
): Promise<boolean> {
  if (plan.lapsedAt) return false;
  await updateSubscription(trx, plan.id, {
    lapsedAt: now,
    lapseReason: reason,
    lapseMailSentAt: null,
    lapseEnforcedAt: null,
    enforcedMailSentAt: null,
  });
  // The plan's change for the business system (modules/sync, the outbox).
  await recordChange(trx, {
    entityType: 'subscription',
    entityId: plan.id,
    userId: plan.userId,
    data: { status: reason === 'cancelled' ? 'cancelled' : 'lapsed' },
  });
  await deps.jobs.send(
    trx,
    'storage.lapse-mail',
    { subscriptionId: plan.id, stage: 'lapsed' },
    { singletonKey: `${plan.id}@${now.toISOString()}:lapsed` },
  );
  return true;
}

/** A payment arrived: the plan is in good standing again. Answers whether a lapse ended. */
export async function clearLapse(trx: Db, plan: SubscriptionLapseRow): Promise<boolean> {
  if (!plan.lapsedAt) return false;
  await updateSubscription(trx, plan.id, {
    lapsedAt: null,
    lapseReason: null,
    lapseMailSentAt: null,
    lapseEnforcedAt: null,
    enforcedMailSentAt: null,
  });
  await recordChange(trx, {
    entityType: 'subscription',
    entityId: plan.id,
    userId: plan.userId,
    data: { status: 'active' },
  });
  return true;
}

/**
 * The storage.lapse-sweep job (daily): every plan whose grace has ended by the app's clock has
 * its undelivered capsules marked To_Delete, each plan in a short transaction of its own with
 * its row locked and the lapse checked again there (a payment that just arrived wins). A plan
 * stays in the sweep while it is lapsed: a capsule busy with an upload or a review when its
 * plan was first swept is marked on a later day, once it has settled; a capsule its owner
 * recovered is not marked again by the same lapse. The owner is mailed once per lapse.
 * Answers how many capsules it marked.
 */
export async function sweepLapsedPlans(deps: AppDeps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - deps.config.storageGraceDays * DAY_MS);
  let marked = 0;
  let afterId: string | null = null;
  for (;;) {
    const ids = await listGraceEndedSubscriptions(deps.db, cutoff, afterId, 100);
    if (ids.length === 0) return marked;
    for (const id of ids) {
      marked += await deps.db.transaction().execute(async (trx) => {
        const plan = await lockSubscription(trx, id);
        const now = deps.clock.now();
        if (!plan?.lapsedAt || lapseDeleteAfter(plan.lapsedAt, deps.config.storageGraceDays) > now) return 0;
        const count = await markLapsedPlanCapsules(trx, {
          subscriptionId: plan.id,
          lapsedSince: plan.lapsedAt,
          at: now,
        });
        if (!plan.lapseEnforcedAt) {
          await updateSubscription(trx, plan.id, { lapseEnforcedAt: now });
          await deps.jobs.send(
            trx,
            'storage.lapse-mail',
            { subscriptionId: plan.id, stage: 'marked' },
            { singletonKey: `${plan.id}@${plan.lapsedAt.toISOString()}:marked` },
          );
        }
        return count;
      });
    }
    afterId = ids.at(-1) ?? null;
  }
}

/**
 * The storage.lapse-mail job: the owner is told the plan lapsed (and until when the capsules
 * are kept), or that the grace ended and the capsules are marked (and how to recover them).
 * Sent, then recorded as sent; a lapse that ended meanwhile sends nothing. A crash between the
 * two sends it twice rather than never (as the review mail does).
 */
export async function sendLapseMail(
  deps: AppDeps,
  job: { subscriptionId: string; stage: LapseStage },
): Promise<void> {
  const plan = await findSubscription(deps.db, job.subscriptionId);
  if (!plan?.lapsedAt || !plan.lapseReason) return;
  if (job.stage === 'lapsed' && plan.lapseMailSentAt) return;
  if (job.stage === 'marked' && (!plan.lapseEnforcedAt || plan.enforcedMailSentAt)) return;
  const owner = await findPublicUser(deps.db, plan.userId);
  if (!owner) return;
  const facts = {
    fullName: owner.fullName,
    planName: plan.productName,
    reason: plan.lapseReason,
    deleteAfter: lapseDeleteAfter(plan.lapsedAt, deps.config.storageGraceDays),
    publicUrl: deps.config.publicUrl,
  };
  if (job.stage === 'lapsed') {
    await deps.mailer.send({ to: owner.email, ...(await storageLapsedMail(facts)) });
    await updateSubscription(deps.db, plan.id, { lapseMailSentAt: deps.clock.now() });
    return;
  }
  await deps.mailer.send({
    to: owner.email,
    ...(await storageMarkedMail({ ...facts, markedAt: plan.lapseEnforcedAt ?? deps.clock.now() })),
  });
  await updateSubscription(deps.db, plan.id, { enforcedMailSentAt: deps.clock.now() });
}

/**
 * The operators' console: accounts whose plan is in its grace, soonest to end first, with the
 * days left and the capsules the sweep would mark when it ends.
 */
export async function plansInGrace(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  page: { offset: number; limit: number },
) {
  const [plans, total] = await Promise.all([listPlansInGrace(deps.db, page), countPlansInGrace(deps.db)]);
  const [owners, atRisk] = await Promise.all([
    findPublicUsers(
      deps.db,
      plans.map((p) => p.userId),
    ),
    capsulesAtRisk(
      deps.db,
      plans.map((p) => p.id),
    ),
  ]);
  const now = deps.clock.now().getTime();
  return {
    total,
    items: plans.map((plan) => {
      const since = plan.lapsedAt as Date;
      const ends = lapseDeleteAfter(since, deps.config.storageGraceDays);
      const owner = owners.get(plan.userId);
      return {
        subscriptionId: plan.id,
        plan: plan.productName,
        owner: { name: owner?.fullName ?? '', email: owner?.email ?? '' },
        reason: plan.lapseReason,
        lapsedAt: since,
        graceEndsAt: ends,
        daysLeft: Math.max(0, Math.ceil((ends.getTime() - now) / DAY_MS)),
        capsules: atRisk.get(plan.id) ?? [],
      };
    }),
  };
}
