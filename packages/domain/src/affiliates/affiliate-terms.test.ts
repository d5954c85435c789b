import { describe, expect, it } from 'vitest';
import { affiliateTerms, commissionRateText } from './affiliate-terms.js';
import { AFFILIATE_PAYMENT_METHODS } from './affiliate-values.js';

describe('the affiliate terms', () => {
  const terms = {
    commissionRate: '0.1250',
    holdingDays: 45,
    currency: 'CAD',
    payoutMethods: AFFILIATE_PAYMENT_METHODS,
  };

  it('state the rate, the link, the holding period the server gives, refunds and payouts', () => {
    const text = Object.fromEntries(affiliateTerms(terms).map((term) => [term.key, term.body]));
    expect(text.earn).toBe(
      '12.5% of the price paid, in CAD, for every purchase made with your code or link. Your own purchases do not count.',
    );
    expect(text.link).toMatch(/keeps your code for 30 days/);
    expect(text.holding).toBe(
      'A commission waits 45 days after the purchase. Then it is approved and owed to you.',
    );
    expect(text.refunds).toMatch(/refunded or disputed .* reversed/);
    expect(text.payouts).toBe(
      'We pay approved commissions by the method you choose when you apply: Bank transfer, PayPal, Stripe, or Crypto.',
    );
  });

  it('say one day, not one days', () => {
    const holding = affiliateTerms({ ...terms, holdingDays: 1 }).find((term) => term.key === 'holding');
    expect(holding?.body).toMatch(/waits 1 day after/);
  });

  it('word the rate as a sentence', () => {
    expect(commissionRateText('0.1000')).toBe('You earn 10% of every purchase made with your code or link.');
  });
});
