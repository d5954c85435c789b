import type { AffiliateTerms, MyAffiliate, Payout, Referral } from './affiliate-types';

// Test data for the web-unit tests only: answers shaped as the affiliates router gives them.

export function makeAffiliate(overrides: Partial<MyAffiliate> = {}): MyAffiliate {
  return {
    status: 'approved',
    appliedAt: '2026-10-01T12:00:00.000Z',
    code: 'ADAKIN7K2Q',
    referralLink: 'https://portal.example/?ref=ADAKIN7K2Q',
    commissionRate: '0.1000',
    currency: 'CAD',
    holdingDays: 30,
    paymentMethod: 'paypal',
    paymentSummary: 'ada@example.com',
    totals: {
      referrals: 12,
      pendingCents: 1_990,
      earnedCents: 5_970,
      paidOutCents: 2_000,
      owedCents: 3_970,
      clawbackCents: 0,
    },
    ...overrides,
  };
}

/** affiliates.terms: the programme's default rate and a holding period unlike the default. */
export function makeTerms(overrides: Partial<AffiliateTerms> = {}): AffiliateTerms {
  return {
    commissionRate: '0.1000',
    holdingDays: 45,
    currency: 'CAD',
    payoutMethods: ['bank_transfer', 'paypal', 'stripe', 'crypto'],
    ...overrides,
  };
}

let referralSeq = 0;
export function makeReferral(overrides: Partial<Referral> = {}): Referral {
  referralSeq += 1;
  return {
    id: `referral-${referralSeq}`,
    createdAt: '2026-11-02T10:00:00.000Z',
    source: 'checkout',
    purchaseAmountCents: 19_900,
    commissionCents: 1_990,
    currency: 'CAD',
    status: 'pending',
    approvesAt: '2026-12-02T10:00:00.000Z',
    convertedAt: null,
    paidAt: null,
    reversedAt: null,
    reversalReason: null,
    clawbackCents: 0,
    ...overrides,
  };
}

export function makePayout(overrides: Partial<Payout> = {}): Payout {
  return {
    id: 'payout-1',
    createdAt: '2026-11-20T09:00:00.000Z',
    amountCents: 2_000,
    currency: 'CAD',
    method: 'paypal',
    transactionId: 'PP-42',
    status: 'paid',
    ...overrides,
  };
}

export const page = <T>(items: T[], total = items.length, pageNo = 1) => ({
  items,
  total,
  page: pageNo,
  pageSize: 10,
});
