import type {
  AffiliatePaymentMethod,
  AffiliatePaymentStatus,
  AffiliateStatus,
  ReferralReversalReason,
  ReferralSource,
  ReferralStatus,
} from '@capsule/domain';
import type { ColumnType, Generated } from 'kysely';
import type {
  Cents,
  DefaultedCents,
  DefaultedNumeric,
  DefaultedTimestamp,
  NullableJson,
  NullableTimestamp,
} from './columns.js';

// The affiliates module's tables (modules/affiliates/README.md): the programme's money in
// integer cents.

interface AffiliatesTable {
  id: Generated<string>;
  userId: string;
  code: string;
  bio: string | null;
  websiteUrl: string | null;
  instagramHandle: string | null;
  twitterHandle: string | null;
  tiktokHandle: string | null;
  /** Between 0 and 1 with 4 decimals (whole basis points), default '0.1000'. */
  commissionRate: DefaultedNumeric;
  status: ColumnType<AffiliateStatus, AffiliateStatus | undefined, AffiliateStatus>;
  paymentMethod: AffiliatePaymentMethod | null;
  paymentDetails: NullableJson;
  lastPaidAt: NullableTimestamp;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

interface ReferralsTable {
  id: Generated<string>;
  affiliateId: string;
  referredUserId: string | null;
  /** The payment the referral led to. */
  purchaseId: string | null;
  /** Integer cents (migration 0015). */
  purchaseAmountCents: Cents;
  commissionCents: Cents;
  /** ISO 4217 of both amounts, default 'CAD'. */
  currency: Generated<string>;
  status: ColumnType<ReferralStatus, ReferralStatus | undefined, ReferralStatus>;
  ipAddress: string | null;
  referralSource: ReferralSource | null;
  /** When the holding period ended and the commission was approved (status converted). */
  convertedAt: NullableTimestamp;
  paidAt: NullableTimestamp;
  /** The payout that paid it. */
  affiliatePaymentId: string | null;
  /** A refund or dispute reversed it (status cancelled). */
  reversedAt: NullableTimestamp;
  reversalReason: ReferralReversalReason | null;
  /** The commission already paid when it was reversed: owed back by the affiliate. */
  clawbackCents: DefaultedCents;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

interface AffiliatePaymentsTable {
  id: Generated<string>;
  affiliateId: string;
  /** Integer cents, more than 0 (migration 0015). */
  amountCents: Cents;
  currency: Generated<string>;
  /** The provider's transaction reference; unique when given. */
  transactionId: string | null;
  paymentMethod: AffiliatePaymentMethod | null;
  status: ColumnType<AffiliatePaymentStatus, AffiliatePaymentStatus | undefined, AffiliatePaymentStatus>;
  notes: string | null;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

export interface AffiliatesTables {
  affiliates: AffiliatesTable;
  referrals: ReferralsTable;
  affiliatePayments: AffiliatePaymentsTable;
}
