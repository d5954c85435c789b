import { type AffiliatePaymentMethod, PAYMENT_METHOD_LABELS } from './affiliate-values.js';
import { formatRate } from './money.js';
import { REFERRAL_COOKIE } from './referral-code.js';

// The programme's terms as the Affiliate page states them, before and after applying. The
// figures are the server's (affiliates.terms): the rate of the caller's application or the
// programme's default, and the holding period the server runs with (AFFILIATE_HOLDING_DAYS).

export interface AffiliateTerms {
  /** An exact decimal with 4 places, e.g. '0.1000'. */
  commissionRate: string;
  holdingDays: number;
  currency: string;
  payoutMethods: readonly AffiliatePaymentMethod[];
}

interface AffiliateTerm {
  key: 'earn' | 'link' | 'holding' | 'refunds' | 'payouts';
  title: string;
  body: string;
}

/** How long a referral link keeps the code in the visitor's browser. */
const REFERRAL_LINK_DAYS = REFERRAL_COOKIE.maxAgeSeconds / 86_400;

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** 'You earn 10% of every purchase made with your code or link.' */
export function commissionRateText(commissionRate: string): string {
  return `You earn ${formatRate(commissionRate)} of every purchase made with your code or link.`;
}

/** The terms, short and plain, in the order a newcomer asks about them. */
export function affiliateTerms(terms: AffiliateTerms): AffiliateTerm[] {
  const methods = new Intl.ListFormat('en', { style: 'long', type: 'disjunction' }).format(
    terms.payoutMethods.map((method) => PAYMENT_METHOD_LABELS[method]),
  );
  return [
    {
      key: 'earn',
      title: 'What you earn',
      body: `${formatRate(terms.commissionRate)} of the price paid, in ${terms.currency}, for every purchase made with your code or link. Your own purchases do not count.`,
    },
    {
      key: 'link',
      title: 'Your link',
      body: `Someone who opens your link keeps your code for ${days(REFERRAL_LINK_DAYS)}: what they buy in that time counts for you.`,
    },
    {
      key: 'holding',
      title: 'Holding period',
      body: `A commission waits ${days(terms.holdingDays)} after the purchase. Then it is approved and owed to you.`,
    },
    {
      key: 'refunds',
      title: 'Refunds',
      body: 'A refunded or disputed purchase earns nothing: its commission is reversed. If it was already paid to you, it is taken from your next commissions.',
    },
    {
      key: 'payouts',
      title: 'Payouts',
      body: `We pay approved commissions by the method you choose when you apply: ${methods}.`,
    },
  ];
}
