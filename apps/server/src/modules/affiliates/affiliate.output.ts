import {
  AFFILIATE_PAYMENT_METHODS,
  AFFILIATE_PAYMENT_STATUSES,
  AFFILIATE_STATUSES,
  REFERRAL_REVERSAL_REASONS,
  REFERRAL_SOURCES,
  REFERRAL_STATUSES,
} from '@capsule/domain';
import { z } from 'zod';

// What the affiliates router answers (docs/server-rules.md, 'Wire formats'): the member's own
// programme, never a row, never another affiliate's data, never the buyers behind referrals.

const cents = z.number().int();
const isoTime = z.string();

export const myAffiliateOutputSchema = z.object({
  status: z.enum(AFFILIATE_STATUSES),
  appliedAt: isoTime,
  /** Only once approved: a pending or blocked affiliate's code earns nothing, so it is not shown. */
  code: z.string().nullable(),
  referralLink: z.string().nullable(),
  /** An exact decimal with 4 places, e.g. '0.1000'. */
  commissionRate: z.string(),
  currency: z.string(),
  holdingDays: z.number().int(),
  paymentMethod: z.enum(AFFILIATE_PAYMENT_METHODS).nullable(),
  paymentSummary: z.string(),
  totals: z.object({
    referrals: z.number().int(),
    pendingCents: cents,
    earnedCents: cents,
    paidOutCents: cents,
    owedCents: cents,
    clawbackCents: cents,
  }),
});
export type MyAffiliate = z.infer<typeof myAffiliateOutputSchema>;

export const affiliateTermsOutputSchema = z.object({
  commissionRate: z.string(),
  holdingDays: z.number().int(),
  currency: z.string(),
  payoutMethods: z.array(z.enum(AFFILIATE_PAYMENT_METHODS)).readonly(),
});

export const referralOutputSchema = z.object({
  id: z.string(),
  createdAt: isoTime,
  source: z.enum(REFERRAL_SOURCES).nullable(),
  purchaseAmountCents: cents,
  commissionCents: cents,
  currency: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  /** When a pending commission's holding period ends. */
  approvesAt: isoTime.nullable(),
  convertedAt: isoTime.nullable(),
  paidAt: isoTime.nullable(),
  reversedAt: isoTime.nullable(),
  reversalReason: z.enum(REFERRAL_REVERSAL_REASONS).nullable(),
  clawbackCents: cents,
});
export type Referral = z.infer<typeof referralOutputSchema>;

export const payoutOutputSchema = z.object({
  id: z.string(),
  createdAt: isoTime,
  amountCents: cents,
  currency: z.string(),
  method: z.enum(AFFILIATE_PAYMENT_METHODS).nullable(),
  transactionId: z.string().nullable(),
  status: z.enum(AFFILIATE_PAYMENT_STATUSES),
});
export type Payout = z.infer<typeof payoutOutputSchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
