import type { DeliveryCriteria, OpsActionKind } from '@capsule/domain';
import { OPS_PAGE_SIZE } from '@capsule/domain';
import type { AppDeps } from '../../deps.js';
import {
  affiliatesPage,
  payoutHistory,
  recordAffiliatePayout,
  setAffiliateStatus,
} from '../affiliates/index.js';
import { listOperatorActions, type OperatorRef, recordOperatorAction } from '../audit/index.js';
import type { RequestSession } from '../auth/index.js';
import {
  capsuleCountsOf,
  countWaitingDocuments,
  deliveryHealth,
  listWaitingDocuments,
  retryFailedDeliveryMails,
  reviewDocument,
  troubledDeliveryMails,
} from '../capsules/index.js';
import { plansInGrace } from '../commerce/index.js';
import { retryFailedSync, syncRecordsPage } from '../sync/index.js';
import { findUsersByEmailText } from '../users/index.js';

// The operators' console (docs/operations/operators.md): every call here is an operator's, the
// router's guard saw to that. The rules live in the modules that own the data; this file pages
// their lists and names the operator each action is recorded under.

const window = (page: number) => ({ offset: (page - 1) * OPS_PAGE_SIZE, limit: OPS_PAGE_SIZE });
const paged = <T>(page: number, result: { items: T[]; total: number }) => ({
  ...result,
  page,
  pageSize: OPS_PAGE_SIZE,
});
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Who acts: the operator's account, by e-mail, as the record names them. */
export const operatorOf = (session: RequestSession): OperatorRef => ({
  operator: session.user.email,
  operatorId: session.user.id,
});

// Document verification ---------------------------------------------------------------------

export async function documentQueue(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  input: { page: number; criteria?: DeliveryCriteria | undefined },
) {
  const [items, total] = await Promise.all([
    listWaitingDocuments(deps, window(input.page), input.criteria),
    countWaitingDocuments(deps, input.criteria),
  ]);
  return paged(input.page, { items, total });
}

export async function decideDocument(
  deps: Pick<AppDeps, 'db' | 'clock' | 'jobs' | 'config'>,
  session: RequestSession,
  input: {
    capsuleId: string;
    documentId: string;
    verdict: 'Verified' | 'Rejected';
    reason?: string | undefined;
  },
) {
  const by = operatorOf(session);
  const done = await reviewDocument(
    deps,
    input.capsuleId,
    input.verdict === 'Verified'
      ? { status: 'Verified' }
      : { status: 'Rejected', reason: input.reason ?? '' },
    {
      operator: by.operator,
      operatorId: by.operatorId ?? undefined,
      documentId: input.documentId,
      objectionDays: deps.config.objectionDays,
    },
  );
  return { capsuleId: done.capsuleId, status: done.status, opensAt: iso(done.opensAt) };
}

// Deliveries --------------------------------------------------------------------------------

export async function deliveryOverview(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const health = await deliveryHealth(deps);
  return { ...health, overdue: health.overdue.map((c) => ({ ...c, dueAt: c.dueAt.toISOString() })) };
}

export async function deliveryMails(
  deps: Pick<AppDeps, 'db'>,
  input: { page: number; state: 'failed' | 'retrying' },
) {
  const result = await troubledDeliveryMails(deps, input.state, window(input.page));
  return paged(input.page, {
    total: result.total,
    items: result.items.map((m) => ({
      ...m,
      nextTryAt: iso(m.nextTryAt),
      deliveredAt: m.deliveredAt.toISOString(),
    })),
  });
}

/** Failed mails pending again (one, or all): the retry and its record commit together. */
export function retryDeliveryMails(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  by: OperatorRef,
  id: string | undefined,
) {
  return deps.db.transaction().execute(async (trx) => {
    const retried = await retryFailedDeliveryMails({ db: trx, clock: deps.clock }, id ?? null);
    if (retried > 0)
      await recordOperatorAction(trx, {
        ...by,
        at: deps.clock.now(),
        action: 'delivery.retry',
        subject: id ?? 'all',
        details: { mails: retried },
      });
    return { retried };
  });
}

// Business-system sync ----------------------------------------------------------------------

export async function syncRecords(
  deps: Pick<AppDeps, 'db'>,
  input: { page: number; status: 'pending' | 'failed'; entityType?: string | undefined },
) {
  const result = await syncRecordsPage(deps, input.status, window(input.page), input.entityType);
  return paged(input.page, {
    total: result.total,
    items: result.items.map((r) => ({
      ...r,
      nextTryAt: iso(r.nextTryAt),
      updatedAt: r.updatedAt.toISOString(),
    })),
  });
}

/** Failed records pending again (one, or all): the retry and its record commit together. */
export function retrySync(deps: Pick<AppDeps, 'db' | 'clock'>, by: OperatorRef, id: string | undefined) {
  return deps.db.transaction().execute(async (trx) => {
    const retried = await retryFailedSync({ db: trx, clock: deps.clock }, id);
    if (retried.length > 0)
      await recordOperatorAction(trx, {
        ...by,
        at: deps.clock.now(),
        action: 'sync.retry',
        subject: id ?? 'all',
        details: { records: retried.length },
      });
    return { retried: retried.length, records: retried };
  });
}

// Affiliates --------------------------------------------------------------------------------

export async function affiliates(
  deps: Pick<AppDeps, 'db'>,
  input: { page: number; status?: 'pending' | 'approved' | 'blocked' | undefined },
) {
  const result = await affiliatesPage(deps.db, window(input.page), input.status);
  return paged(input.page, {
    total: result.total,
    items: result.items.map((a) => ({ ...a, appliedAt: a.appliedAt.toISOString() })),
  });
}

export function decideAffiliate(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  session: RequestSession,
  input: { code: string; status: 'approved' | 'blocked' },
) {
  return setAffiliateStatus(deps, input.code, input.status, operatorOf(session));
}

export async function recordPayout(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  session: RequestSession,
  input: Parameters<typeof recordAffiliatePayout>[1],
) {
  const payout = await recordAffiliatePayout(deps, input, operatorOf(session));
  return {
    code: payout.code,
    payoutId: payout.payoutId,
    amountCents: payout.amountCents,
    owedAfterCents: payout.owedAfterCents,
  };
}

export async function payouts(deps: Pick<AppDeps, 'db'>, input: { page: number; code: string }) {
  return paged(input.page, await payoutHistory(deps.db, input.code, window(input.page)));
}

// Storage lapses ----------------------------------------------------------------------------

export async function lapses(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, input: { page: number }) {
  const result = await plansInGrace(deps, window(input.page));
  return paged(input.page, {
    total: result.total,
    items: result.items.map((p) => ({
      ...p,
      lapsedAt: p.lapsedAt.toISOString(),
      graceEndsAt: p.graceEndsAt.toISOString(),
    })),
  });
}

// Users -------------------------------------------------------------------------------------

/** Accounts by e-mail with their capsules counted by status: numbers only, never a capsule's content. */
export async function findUsers(deps: Pick<AppDeps, 'db'>, input: { page: number; email: string }) {
  const { rows, total } = await findUsersByEmailText(deps.db, input.email, window(input.page));
  const counts = await capsuleCountsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return paged(input.page, {
    total,
    items: rows.map((u) => ({
      id: u.id,
      email: u.email,
      fullName: u.fullName,
      createdAt: (u.createdAt as Date).toISOString(),
      capsules: counts.get(u.id) ?? { owned: {}, received: 0 },
    })),
  });
}

// The record of actions ---------------------------------------------------------------------

export async function actions(
  deps: Pick<AppDeps, 'db'>,
  input: { page: number; action?: OpsActionKind | undefined; text?: string | undefined },
) {
  const { rows, total } = await listOperatorActions(deps.db, { ...window(input.page), ...input });
  return paged(input.page, {
    total,
    items: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      operator: r.operator,
      action: r.action,
      subject: r.subject,
      reason: r.reason,
    })),
  });
}
