import { type AffiliateApplicationInput, affiliateApplicationSchema } from '@capsule/domain';
import {
  applyAsAffiliate,
  type PurchaseReferral,
  recordReferralForPurchase,
  reverseReferralsForPayment,
  setAffiliateStatus,
} from '../../src/modules/affiliates/index.js';
import { purchase } from '../support/factories.js';
import type { TestApp } from '../support/test-app.js';

// Arranging the affiliate programme for the integration tests, through the module's own
// functions (the same ones the tRPC router, the CLI and the commerce module call).

export const PAYPAL_APPLICATION: AffiliateApplicationInput = {
  bio: 'I film family stories.',
  websiteUrl: 'https://stories.example',
  instagramHandle: '@family.stories',
  twitterHandle: null,
  tiktokHandle: '',
  paymentMethod: 'paypal',
  paymentDetails: { email: 'payouts@stories.example' },
};

/** A user who applied (status pending); answers the user and the code the server made. */
export async function applicant(t: TestApp, application: AffiliateApplicationInput = PAYPAL_APPLICATION) {
  const user = await t.createUser();
  await applyAsAffiliate(t.deps, user.id, affiliateApplicationSchema.parse(application));
  const row = await t.deps.db
    .selectFrom('affiliates')
    .select('code')
    .where('userId', '=', user.id)
    .executeTakeFirst();
  if (!row) throw new Error('The application made no row');
  return { user, code: row.code };
}

/** An approved affiliate (as affiliate:approve does it). */
export async function approvedAffiliate(t: TestApp) {
  const affiliate = await applicant(t);
  await setAffiliateStatus(t.deps, affiliate.code, 'approved');
  return affiliate;
}

/**
 * A store purchase by `buyer` and, in the same transaction as the commerce module would, the
 * referral for it: answers the payment id and what recordReferralForPurchase said.
 */
export async function referredPurchase(
  t: TestApp,
  buyer: { id: string; email: string },
  referral: Partial<PurchaseReferral> & { referralCode: string },
) {
  const { paymentId } = await purchase(t, buyer.email);
  const outcome = await t.deps.db.transaction().execute((trx) =>
    recordReferralForPurchase(trx, {
      paymentId,
      buyerUserId: buyer.id,
      amountCents: 19_900,
      currency: 'CAD',
      source: 'checkout',
      at: t.clock.now(),
      ...referral,
    }),
  );
  return { paymentId, outcome };
}

export function refund(t: TestApp, paymentId: string, reason: 'refund' | 'dispute' = 'refund') {
  return t.deps.db
    .transaction()
    .execute((trx) => reverseReferralsForPayment(trx, { paymentId, at: t.clock.now(), reason }));
}

/** The referrals table as the tests read it (cents as numbers). */
export async function referralRows(t: TestApp) {
  const rows = await t.deps.db
    .selectFrom('referrals')
    .select([
      'id',
      'purchaseId',
      'status',
      'purchaseAmountCents',
      'commissionCents',
      'clawbackCents',
      'affiliatePaymentId',
    ])
    .orderBy('createdAt')
    .orderBy('purchaseAmountCents', 'desc')
    .execute();
  return rows.map((r) => ({
    ...r,
    purchaseAmountCents: Number(r.purchaseAmountCents),
    commissionCents: Number(r.commissionCents),
    clawbackCents: Number(r.clawbackCents),
  }));
}

export async function payoutCount(t: TestApp): Promise<number> {
  const rows = await t.deps.db.selectFrom('affiliatePayments').select('id').execute();
  return rows.length;
}
