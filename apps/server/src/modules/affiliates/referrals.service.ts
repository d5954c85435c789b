import {
  AFFILIATE_CURRENCY,
  commissionCents,
  normalizeReferralCode,
  type ReferralReversalReason,
  type ReferralSource,
  rateToBasisPoints,
} from '@capsule/domain';
import type { Db } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { findAffiliateByCode, lockAffiliate } from './affiliates.repository.js';
import { settleCommissions } from './balance.js';
import {
  affiliatesWithDueReferrals,
  approveDueReferrals,
  findReferralByPurchase,
  insertReferral,
  reverseReferral,
} from './referrals.repository.js';

// The purchase <-> affiliate contract: the commerce module calls these two inside
// the purchase's and the refund's own transactions, so a referral exists exactly when its
// purchase does, and a reversal commits with the refund.

const DAY_MS = 86_400_000;

export interface PurchaseReferral {
  /** payments.id of the purchase. */
  paymentId: string;
  /** The buyer's account; null when the purchase waits for an account (no self-referral check then). */
  buyerUserId: string | null;
  amountCents: number;
  /** ISO 4217, any case. */
  currency: string;
  /** As it came with the checkout (metadata referral_code or client_reference_id): checked here. */
  referralCode: string;
  source: ReferralSource;
  /** When the purchase was made: the holding period runs from here. */
  at: Date;
}

type ReferralOutcome =
  | { referralId: string }
  | {
      skipped:
        | 'unknown_code'
        | 'self_referral'
        | 'affiliate_not_approved'
        | 'already_recorded'
        | 'currency_not_supported';
    };

/**
 * Records the referral of a purchase made with an affiliate's code, in the caller's transaction:
 * at most one per payment (the unique purchase_id makes a replayed or parallel event a no-op),
 * commission = rate x amount in integer cents, rounded half up (commissionCents), pending until
 * the holding period ends. A code that is unknown, belongs to the buyer, or to an affiliate not
 * (or no longer) approved records nothing: such a purchase earns nobody anything.
 */
export async function recordReferralForPurchase(trx: Db, input: PurchaseReferral): Promise<ReferralOutcome> {
  const code = normalizeReferralCode(input.referralCode);
  const affiliate = code ? await findAffiliateByCode(trx, code) : undefined;
  if (!affiliate) return { skipped: 'unknown_code' };
  if (await findReferralByPurchase(trx, input.paymentId)) return { skipped: 'already_recorded' };
  if (affiliate.status !== 'approved') return { skipped: 'affiliate_not_approved' };
  if (input.buyerUserId !== null && input.buyerUserId === affiliate.userId)
    return { skipped: 'self_referral' };
  const currency = input.currency.toUpperCase();
  if (currency !== AFFILIATE_CURRENCY) return { skipped: 'currency_not_supported' };

  const rate = rateToBasisPoints(affiliate.commissionRate);
  if (rate === null) throw new Error(`Affiliate ${affiliate.code} has an unreadable rate`);
  const referralId = await insertReferral(trx, {
    affiliateId: affiliate.id,
    referredUserId: input.buyerUserId,
    purchaseId: input.paymentId,
    purchaseAmountCents: input.amountCents,
    commissionCents: commissionCents(input.amountCents, rate),
    currency,
    referralSource: input.source,
    createdAt: input.at,
  });
  return referralId ? { referralId } : { skipped: 'already_recorded' };
}

/**
 * A refund or dispute of the payment reverses its referral (status cancelled), in the caller's
 * transaction: a pending or approved commission is void; one already paid is recorded as
 * clawback and leaves the affiliate's balance negative (owed back, balance.ts). Idempotent.
 */
export async function reverseReferralsForPayment(
  trx: Db,
  input: { paymentId: string; at: Date; reason: ReferralReversalReason },
): Promise<void> {
  const referral = await findReferralByPurchase(trx, input.paymentId);
  if (!referral || referral.status === 'cancelled') return;
  // The affiliate's lock first, as a payout takes it: a reversal and a payout never interleave.
  await lockAffiliate(trx, referral.affiliateId);
  await reverseReferral(trx, referral.id, { at: input.at, reason: input.reason });
}

/**
 * The daily sweep: approves every pending referral whose holding period (AFFILIATE_HOLDING_DAYS,
 * read now, counted from the purchase) has ended, for approved affiliates only (a blocked one's
 * stay pending while blocked), then settles what earlier payouts already cover. One short
 * transaction per affiliate, under its row lock. Idempotent; answers how many it approved.
 */
export async function approveHeldReferrals(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>): Promise<number> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - deps.config.affiliateHoldingDays * DAY_MS);
  let approved = 0;
  for (const affiliateId of await affiliatesWithDueReferrals(deps.db, cutoff)) {
    approved += await deps.db.transaction().execute(async (trx) => {
      const affiliate = await lockAffiliate(trx, affiliateId);
      if (affiliate?.status !== 'approved') return 0;
      const count = await approveDueReferrals(trx, affiliateId, cutoff, now);
      await settleCommissions(trx, affiliateId, { at: now, affiliatePaymentId: null });
      return count;
    });
  }
  return approved;
}
