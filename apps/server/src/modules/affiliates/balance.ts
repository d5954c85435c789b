import type { Db } from '../../db/database.js';
import { paidOutCents } from './payouts.repository.js';
import { markReferralsPaid, referralTotals, unpaidConvertedReferrals } from './referrals.repository.js';

// What an affiliate has earned and is owed: a ledger, summed from the rows each time (never a
// stored counter that could drift from them).
//
//   earned = commissions approved and not reversed (status converted or paid)
//   owed   = earned - paid out (every payout not failed)
//
// A commission reversed after it was paid leaves `earned` while its payout stays: owed goes
// below zero, and that negative balance is what the affiliate owes back. Later commissions
// make it up before a payout is allowed again (payouts need owed > 0).

export interface AffiliateBalance {
  referrals: number;
  /** Commissions still in their holding period. */
  pendingCents: number;
  earnedCents: number;
  paidOutCents: number;
  /** Negative: owed back (a paid commission was reversed). */
  owedCents: number;
  /** Paid commissions later reversed, in all. */
  clawbackCents: number;
}

export async function affiliateBalance(db: Db, affiliateId: string): Promise<AffiliateBalance> {
  // One after the other: inside a transaction they share one connection anyway.
  const totals = await referralTotals(db, affiliateId);
  const paid = await paidOutCents(db, affiliateId);
  const earnedCents = Number(totals.earnedCents);
  const paidOut = Number(paid);
  return {
    referrals: Number(totals.count),
    pendingCents: Number(totals.pendingCents),
    earnedCents,
    paidOutCents: paidOut,
    owedCents: earnedCents - paidOut,
    clawbackCents: Number(totals.clawbackCents),
  };
}

/**
 * Marks approved commissions paid, oldest first, as far as the money paid out covers them: the
 * budget is everything paid out minus the commissions already marked paid (which includes
 * money paid for commissions reversed since, so a clawed-back payout settles later ones). A
 * commission only partly covered stays approved until a later payout completes it. Runs under
 * the affiliate's row lock (lockAffiliate), inside the caller's transaction.
 */
export async function settleCommissions(
  db: Db,
  affiliateId: string,
  change: { at: Date; affiliatePaymentId: string | null },
): Promise<number> {
  const totals = await referralTotals(db, affiliateId);
  const paid = await paidOutCents(db, affiliateId);
  const unpaid = await unpaidConvertedReferrals(db, affiliateId);
  let budget = Number(paid) - Number(totals.settledCents);
  const settled: string[] = [];
  for (const referral of unpaid) {
    const commission = Number(referral.commissionCents);
    if (commission > budget) break;
    budget -= commission;
    settled.push(referral.id);
  }
  await markReferralsPaid(db, settled, change);
  return settled.length;
}
