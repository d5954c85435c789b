import type { ColumnType, Generated } from 'kysely';
import type {
  DefaultedNumeric,
  DefaultedTimestamp,
  NullableJson,
  NullableNumeric,
  NullableTimestamp,
  Numeric,
} from './columns.js';
import type {
  AffiliatePaymentMethod,
  AffiliatePaymentStatus,
  AffiliateStatus,
  ReferralStatus,
  SyncStatus,
} from './values.js';

// Migration 0004: the affiliate programme and the sync records of the business system.

export interface AffiliatesTable {
  id: Generated<string>;
  userId: string;
  code: string;
  bio: string | null;
  websiteUrl: string | null;
  instagramHandle: string | null;
  twitterHandle: string | null;
  tiktokHandle: string | null;
  /** Between 0 and 1, default '0.1000'. */
  commissionRate: DefaultedNumeric;
  totalReferrals: Generated<number>;
  totalEarnings: DefaultedNumeric;
  status: ColumnType<AffiliateStatus, AffiliateStatus | undefined, AffiliateStatus>;
  paymentMethod: AffiliatePaymentMethod | null;
  paymentDetails: NullableJson;
  lastPaidAt: NullableTimestamp;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

export interface ReferralsTable {
  id: Generated<string>;
  affiliateId: string;
  referredUserId: string | null;
  /** The payment the referral led to. */
  purchaseId: string | null;
  purchaseAmount: NullableNumeric;
  commissionAmount: NullableNumeric;
  status: ColumnType<ReferralStatus, ReferralStatus | undefined, ReferralStatus>;
  ipAddress: string | null;
  referralSource: string | null;
  convertedAt: NullableTimestamp;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

export interface AffiliatePaymentsTable {
  id: Generated<string>;
  affiliateId: string;
  amount: Numeric;
  transactionId: string | null;
  paymentMethod: AffiliatePaymentMethod | null;
  status: ColumnType<AffiliatePaymentStatus, AffiliatePaymentStatus | undefined, AffiliatePaymentStatus>;
  notes: string | null;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

/** One local entity's sync with one model of the external business system. */
export interface IntegrationSyncRecordsTable {
  id: Generated<string>;
  userId: string | null;
  entityType: string;
  entityId: string;
  externalId: string | null;
  externalModel: string | null;
  syncStatus: ColumnType<SyncStatus, SyncStatus | undefined, SyncStatus>;
  lastSyncAt: NullableTimestamp;
  syncData: NullableJson;
  errorMessage: string | null;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}
