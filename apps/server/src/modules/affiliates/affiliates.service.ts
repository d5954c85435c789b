import {
  AFFILIATE_CURRENCY,
  AFFILIATE_PAGE_SIZE,
  AFFILIATE_PAYMENT_METHODS,
  AFFILIATE_TEXTS,
  type AffiliateApplication,
  type AffiliateStatus,
  type AffiliateTerms,
  DEFAULT_COMMISSION_RATE,
  paymentDetailsSummary,
  REFERRAL_COOKIE,
} from '@capsule/domain';
import type { Db } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { AppError, conflict, notFound } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { type OperatorRef, recordOperatorAction } from '../audit/index.js';
import { findPublicUser } from '../users/index.js';
import type { MyAffiliate, Page, Payout, Referral } from './affiliate.output.js';
import { makeAffiliateCode } from './affiliate-code.js';
import {
  type AffiliateRow,
  countAffiliates,
  deletePendingAffiliate,
  findAffiliateByCode,
  findAffiliateByUser,
  insertAffiliate,
  listAffiliateRows,
  listAffiliateRowsPage,
  lockAffiliateByCode,
  updateAffiliateStatus,
} from './affiliates.repository.js';
import { type AffiliateBalance, affiliateBalance } from './balance.js';
import { countPayouts, listPayoutsPage, type PayoutRow } from './payouts.repository.js';
import { listReferralsPage, type ReferralRow } from './referrals.repository.js';

const DAY_MS = 86_400_000;
const CODE_TRIES = 5;

type MemberDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** The address an affiliate shares: the portal's home with ?ref=CODE (the client keeps it in a cookie). */
function referralLink(publicUrl: string, code: string): string {
  const url = new URL('/', publicUrl);
  url.searchParams.set(REFERRAL_COOKIE.param, code);
  return url.toString();
}

function toMyAffiliate(row: AffiliateRow, balance: AffiliateBalance, deps: MemberDeps): MyAffiliate {
  const approved = row.status === 'approved';
  return {
    status: row.status,
    appliedAt: row.createdAt.toISOString(),
    code: approved ? row.code : null,
    referralLink: approved ? referralLink(deps.config.publicUrl, row.code) : null,
    commissionRate: row.commissionRate,
    currency: AFFILIATE_CURRENCY,
    holdingDays: deps.config.affiliateHoldingDays,
    paymentMethod: row.paymentMethod,
    paymentSummary: row.paymentMethod ? paymentDetailsSummary(row.paymentMethod, row.paymentDetails) : '',
    totals: balance,
  };
}

/** The signed-in user's place in the programme, or null when they have not applied. */
export async function getMyAffiliate(deps: MemberDeps, userId: string): Promise<MyAffiliate | null> {
  const row = await findAffiliateByUser(deps.db, userId);
  if (!row) return null;
  return toMyAffiliate(row, await affiliateBalance(deps.db, row.id), deps);
}

/**
 * Applies: the row starts pending with the table's default rate (0.1) and a code the server
 * makes. One application per user: a second one (or two at once) is refused with 409.
 */
export async function applyAsAffiliate(
  deps: MemberDeps,
  userId: string,
  input: AffiliateApplication,
): Promise<MyAffiliate> {
  const user = await findPublicUser(deps.db, userId);
  if (!user) throw notFound();
  const createdAt = deps.clock.now();
  for (let attempt = 0; attempt < CODE_TRIES; attempt += 1) {
    const row = await insertAffiliate(deps.db, {
      userId,
      code: makeAffiliateCode(user.fullName || user.username),
      bio: input.bio,
      websiteUrl: input.websiteUrl,
      instagramHandle: input.instagramHandle,
      twitterHandle: input.twitterHandle,
      tiktokHandle: input.tiktokHandle,
      paymentMethod: input.paymentMethod,
      paymentDetails: input.paymentDetails,
      createdAt,
    });
    if (row) return toMyAffiliate(row, await affiliateBalance(deps.db, row.id), deps);
    // Nothing inserted: this user already has a row, or (rarely) the code was taken.
    if (await findAffiliateByUser(deps.db, userId))
      throw new AppError('CONFLICT', AFFILIATE_TEXTS.alreadyApplied);
  }
  throw new AppError('INTERNAL', 'Could not make a unique referral code');
}

/**
 * The programme's terms for the caller: the rate of their application (set per affiliate by an
 * operator) or the programme's default, and the holding period this server runs with.
 */
export async function getAffiliateTerms(deps: MemberDeps, userId: string): Promise<AffiliateTerms> {
  const row = await findAffiliateByUser(deps.db, userId);
  return {
    commissionRate: row?.commissionRate ?? DEFAULT_COMMISSION_RATE,
    holdingDays: deps.config.affiliateHoldingDays,
    currency: AFFILIATE_CURRENCY,
    payoutMethods: AFFILIATE_PAYMENT_METHODS,
  };
}

/**
 * The applicant withdraws their own application while it is pending: the row (and the payment
 * details in it) is deleted, and they may apply again. A pending application has earned nothing
 * (only approved codes earn, decision 016), so no referral or payout points at it. Approved or
 * blocked: 409 with the reason; no application: 404. Decision 024.
 */
export async function withdrawAffiliateApplication(deps: MemberDeps, userId: string): Promise<null> {
  if (await deletePendingAffiliate(deps.db, userId)) return null;
  const row = await findAffiliateByUser(deps.db, userId);
  if (!row) throw notFound(AFFILIATE_TEXTS.nothingToWithdraw);
  throw conflict(
    row.status === 'approved' ? AFFILIATE_TEXTS.withdrawApproved : AFFILIATE_TEXTS.withdrawBlocked,
  );
}

async function requireAffiliate(db: Db, userId: string): Promise<AffiliateRow> {
  const row = await findAffiliateByUser(db, userId);
  if (!row) throw notFound(AFFILIATE_TEXTS.notAffiliate);
  return row;
}

const pageWindow = (page: number) => ({
  limit: AFFILIATE_PAGE_SIZE,
  offset: (page - 1) * AFFILIATE_PAGE_SIZE,
});
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toReferral(row: ReferralRow, holdingDays: number): Referral {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    source: row.referralSource,
    purchaseAmountCents: Number(row.purchaseAmountCents),
    commissionCents: Number(row.commissionCents),
    currency: row.currency,
    status: row.status,
    approvesAt:
      row.status === 'pending'
        ? new Date(row.createdAt.getTime() + holdingDays * DAY_MS).toISOString()
        : null,
    convertedAt: iso(row.convertedAt),
    paidAt: iso(row.paidAt),
    reversedAt: iso(row.reversedAt),
    reversalReason: row.reversalReason,
    clawbackCents: Number(row.clawbackCents),
  };
}

function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    amountCents: Number(row.amountCents),
    currency: row.currency,
    method: row.paymentMethod,
    transactionId: row.transactionId,
    status: row.status,
  };
}

/** The affiliate's referrals, newest first, a page at a time (what the buyer bought, never who). */
export async function listMyReferrals(
  deps: MemberDeps,
  userId: string,
  page: number,
): Promise<Page<Referral>> {
  const affiliate = await requireAffiliate(deps.db, userId);
  const [rows, balance] = [
    await listReferralsPage(deps.db, affiliate.id, pageWindow(page)),
    await affiliateBalance(deps.db, affiliate.id),
  ];
  return {
    items: rows.map((row) => toReferral(row, deps.config.affiliateHoldingDays)),
    total: balance.referrals,
    page,
    pageSize: AFFILIATE_PAGE_SIZE,
  };
}

export async function listMyPayouts(deps: MemberDeps, userId: string, page: number): Promise<Page<Payout>> {
  const affiliate = await requireAffiliate(deps.db, userId);
  const rows = await listPayoutsPage(deps.db, affiliate.id, pageWindow(page));
  const total = Number(await countPayouts(deps.db, affiliate.id));
  return { items: rows.map(toPayout), total, page, pageSize: AFFILIATE_PAGE_SIZE };
}

// Operators (the admin CLI) ---------------------------------------------------------------

interface AffiliateSummary {
  code: string;
  status: AffiliateStatus;
  email: string;
  fullName: string;
  commissionRate: string;
  balance: AffiliateBalance;
  appliedAt: Date;
}

/** Each affiliate row with its member's name and e-mail and its balance. */
async function summarize(db: Db, rows: AffiliateRow[]): Promise<AffiliateSummary[]> {
  const summaries: AffiliateSummary[] = [];
  for (const row of rows) {
    const user = await findPublicUser(db, row.userId);
    summaries.push({
      code: row.code,
      status: row.status,
      email: user?.email ?? '',
      fullName: user?.fullName ?? '',
      commissionRate: row.commissionRate,
      balance: await affiliateBalance(db, row.id),
      appliedAt: row.createdAt,
    });
  }
  return summaries;
}

/** Every affiliate with its balance, oldest application first (affiliate:list). */
export async function listAffiliates(db: Db): Promise<AffiliateSummary[]> {
  return summarize(db, await listAffiliateRows(db));
}

/** The operators' console: one page of affiliates with their balances, optionally of one status. */
export async function affiliatesPage(
  db: Db,
  page: { offset: number; limit: number },
  status?: AffiliateStatus,
): Promise<{ items: AffiliateSummary[]; total: number }> {
  const [rows, total] = await Promise.all([
    listAffiliateRowsPage(db, page, status),
    countAffiliates(db, status),
  ]);
  return { items: await summarize(db, rows), total };
}

/** An affiliate's payouts for operators, newest first; the code is read case-insensitively. */
export async function payoutHistory(db: Db, code: string, page: { offset: number; limit: number }) {
  const affiliate = await findAffiliateByCode(db, code.trim().toUpperCase());
  if (!affiliate) throw notFound(`No affiliate with the code ${code.trim().toUpperCase()}`);
  const [rows, total] = [
    await listPayoutsPage(db, affiliate.id, page),
    Number(await countPayouts(db, affiliate.id)),
  ];
  return { items: rows.map(toPayout), total };
}

/** affiliate:approve and affiliate:block. The code is read case-insensitively. */
export async function setAffiliateStatus(
  deps: { db: Db; clock: Clock },
  code: string,
  status: Exclude<AffiliateStatus, 'pending'>,
  /** Who decides, for the operators' record (written in the same transaction). */
  by?: OperatorRef,
): Promise<{ code: string; status: AffiliateStatus; previous: AffiliateStatus }> {
  const normalized = code.trim().toUpperCase();
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const before = await lockAffiliateByCode(trx, normalized);
    const row = before && (await updateAffiliateStatus(trx, normalized, status, now));
    if (!before || !row) throw notFound(`No affiliate with the code ${normalized}`);
    if (by && before.status !== row.status)
      await recordOperatorAction(trx, {
        ...by,
        at: now,
        action: status === 'approved' ? 'affiliate.approve' : 'affiliate.block',
        subject: row.code,
        details: { previous: before.status },
      });
    return { code: row.code, status: row.status, previous: before.status };
  });
}
