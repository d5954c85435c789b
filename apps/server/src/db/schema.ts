import type { CapsuleKind, CapsuleStatus, DeliveryCriteria } from '@capsule/domain';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

// The tables of migrations/src, as Kysely sees them through the CamelCasePlugin (created_at in
// SQL is createdAt here). Keep this file in step with the migrations: a new column is a new
// migration AND a line here.
//
// How values come back, on PostgreSQL (pg) and PGlite alike (see database.ts):
// - timestamptz: a Date; written as a Date or an ISO string.
// - date: a 'YYYY-MM-DD' string (a calendar day, not an instant: no time-zone shift).
// - numeric: a string such as '199.00' (exact money; convert deliberately, never store floats).
// - jsonb: the parsed value, typed unknown (validate before use). Write it as JSON text
//   (JSON.stringify): pg would send a JS array as a PostgreSQL array, not as JSON.
// - Text columns with a CHECK of fixed values are literal unions where the app's own types
//   agree; contacts' relationship types stay string (the services filter by any string).

/** A NOT NULL timestamptz with a database default (now()). */
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A NOT NULL timestamptz the app always writes. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A nullable timestamptz. */
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A NOT NULL numeric. */
type Numeric = ColumnType<string, string, string>;
/** A NOT NULL numeric with a database default. */
type DefaultedNumeric = ColumnType<string, string | undefined, string>;
/** A nullable numeric. */
type NullableNumeric = ColumnType<string | null, string | null | undefined, string | null>;
/** A NOT NULL jsonb with a database default. */
type DefaultedJson = ColumnType<unknown, string | undefined, string>;
/** A nullable jsonb. */
type NullableJson = ColumnType<unknown, string | null | undefined, string | null>;
/** A column the database computes (GENERATED ALWAYS ... STORED): read-only. */
type Computed<T> = ColumnType<T, never, never>;

export type SyncStatus = 'pending' | 'synced' | 'failed';
export type SessionStageValue = 'password' | 'verified';
export type AuthFailureScope = 'login_account' | 'login_ip' | 'otp_account' | 'otp_ip';
export type CapsuleCategoryValue =
  | 'Graduation'
  | 'Wedding'
  | 'Family'
  | 'First Born'
  | 'Retirement'
  | 'Wake'
  | 'Honeymoon';
export type PaymentStatus = 'pending' | 'succeeded' | 'failed' | 'refunded';
export type DocumentVerificationStatus = 'Submitted' | 'Verified' | 'Rejected';
export type AffiliateStatus = 'pending' | 'approved' | 'blocked';
export type AffiliatePaymentMethod = 'bank_transfer' | 'paypal' | 'stripe' | 'crypto';
export type ReferralStatus = 'pending' | 'converted' | 'cancelled' | 'paid';
export type AffiliatePaymentStatus = 'processing' | 'paid' | 'failed';

// --- 0001 users and auth ---------------------------------------------------------------

export interface UsersTable {
  id: Generated<string>;
  username: string;
  /** Unique whatever its case (unique index on lower(email)). */
  email: string;
  passwordHash: string;
  fullName: string;
  phoneNumber: string | null;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
  /** The card payment provider's customer id. */
  paymentCustomerId: string | null;
  /** The cloud storage container of the user's blobs. */
  storageContainerId: string | null;
  /** The business-management system's customer id. */
  businessCustomerId: string | null;
  partnerRef: string | null;
  lastSyncAt: NullableTimestamp;
  syncStatus: ColumnType<SyncStatus, SyncStatus | undefined, SyncStatus>;
}

export interface SessionsTable {
  /** A random token made by the app. */
  id: string;
  userId: string;
  stage: SessionStageValue;
  createdAt: DefaultedTimestamp;
  lastSeenAt: DefaultedTimestamp;
  expiresAt: Timestamp;
  ip: string | null;
  userAgent: string | null;
}

export interface OneTimeCodesTable {
  id: Generated<string>;
  userId: string;
  /** Null once the session is gone; the row stays to count resends. */
  sessionId: string | null;
  /** HMAC of the code, never the code itself. */
  codeHash: string;
  createdAt: DefaultedTimestamp;
  expiresAt: Timestamp;
  attempts: Generated<number>;
  usedAt: NullableTimestamp;
  invalidatedAt: NullableTimestamp;
}

export interface AuthFailuresTable {
  /**
   * bigint identity (GENERATED ALWAYS: never written). pg answers a string, PGlite a number,
   * hence both; nothing needs to read it.
   */
  id: ColumnType<string | number, never, never>;
  scope: AuthFailureScope;
  key: string;
  createdAt: DefaultedTimestamp;
}

export interface TermsAcceptancesTable {
  userId: string;
  termsVersion: string;
  acceptedAt: DefaultedTimestamp;
  ip: string | null;
}

// --- 0002 contacts ---------------------------------------------------------------------

export interface ContactsTable {
  id: Generated<string>;
  userId: string;
  firstName: string;
  lastName: string;
  /** first_name || ' ' || last_name, computed by the database. */
  fullName: Computed<string>;
  email: string;
  phone: string | null;
  /** Family, Friend, Colleague or Other (CHECK). */
  relationshipType: string | null;
  relationshipDetails: string | null;
  /** 'YYYY-MM-DD', not before 1900-01-01. */
  birthday: string | null;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

export interface ContactGroupsTable {
  id: Generated<string>;
  userId: string;
  name: string;
  /** Family or Friend (CHECK). */
  relationshipType: string;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

export interface ContactGroupMembersTable {
  groupId: string;
  contactId: string;
  addedAt: DefaultedTimestamp;
}

// --- 0003 commerce and capsules ----------------------------------------------------------

export interface CapsulePackagesTable {
  id: Generated<string>;
  /** Unique whatever its case; its first word is the capsule count ('5 Legacy Capsules'). */
  name: string;
  description: string | null;
  price: Numeric;
  capsuleCount: number;
  kind: CapsuleKind;
  /** '5_minutes'. */
  capsuleLength: string;
  deliveryCriteria: DeliveryCriteria;
  annualStorageFee: DefaultedNumeric;
  isActive: Generated<boolean>;
  paymentProductId: string | null;
  paymentPriceId: string | null;
  businessProductId: string | null;
  createdAt: DefaultedTimestamp;
}

export interface PaymentsTable {
  id: Generated<string>;
  userId: string;
  amount: Numeric;
  /** ISO 4217, default 'CAD'. */
  currency: Generated<string>;
  /** The card payment provider's id; unique when given. */
  providerPaymentId: string | null;
  status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  description: string | null;
  createdAt: DefaultedTimestamp;
}

export interface SubscriptionsTable {
  id: Generated<string>;
  userId: string;
  packageId: string | null;
  productId: string | null;
  /** Its first word is the capsule allowance. */
  productName: string;
  quantity: Generated<number>;
  price: NullableNumeric;
  /** A JSON array, e.g. [{ "price": 199, ... }] (default []). */
  pricing: DefaultedJson;
  orderId: string | null;
  orderName: string | null;
  orderNumber: string | null;
  /** 'YYYY-MM-DD'. */
  nextInvoiceDate: string | null;
  paymentId: string | null;
  createdAt: DefaultedTimestamp;
}

export interface CapsulesTable {
  id: Generated<string>;
  ownerId: string;
  subscriptionId: string | null;
  packageId: string | null;
  kind: CapsuleKind;
  status: ColumnType<CapsuleStatus, CapsuleStatus | undefined, CapsuleStatus>;
  /** What Recover restores; never To_Delete itself (CHECK). */
  statusBeforeDelete: CapsuleStatus | null;
  title: string;
  description: string | null;
  /** One of CapsuleCategoryValue (CHECK); string so filters can pass what they were given. */
  category: string | null;
  deliveryCriteria: DeliveryCriteria;
  /** '5_minutes'. */
  capsuleLength: string | null;
  /** The contact it was assigned from; null if that contact was deleted since. */
  contactId: string | null;
  recipientUserId: string | null;
  recipientName: string | null;
  /** Required once the capsule leaves Pending_Recipient (CHECK). */
  recipientEmail: string | null;
  /** 'YYYY-MM-DD'. */
  recipientBirthday: string | null;
  recipientAssignedAt: NullableTimestamp;
  message: string | null;
  /** 'YYYY-MM-DD'. */
  deliveryDate: string | null;
  releasable: Generated<boolean>;
  ratingVerification: string | null;
  videoBlobName: string | null;
  videoUrl: string | null;
  videoThumbnailUrl: string | null;
  uploadDate: NullableTimestamp;
  lockedAt: NullableTimestamp;
  previewViewedAt: NullableTimestamp;
  retryCount: Generated<number>;
  reviewNote: string | null;
  deliveredAt: NullableTimestamp;
  deleteRequestedAt: NullableTimestamp;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
  /** Creation order among capsules made together (migration 0005); read as a string. */
  seq: ColumnType<string, never, never>;
}

export interface ReceivedCapsulesTable {
  id: Generated<string>;
  userId: string;
  capsuleId: string;
  viewedAt: NullableTimestamp;
  receivedAt: DefaultedTimestamp;
  documentVerificationStatus: DocumentVerificationStatus | null;
  documentBlobName: string | null;
  documentSubmittedAt: NullableTimestamp;
}

// --- 0004 affiliates and sync ----------------------------------------------------------

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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  oneTimeCodes: OneTimeCodesTable;
  authFailures: AuthFailuresTable;
  termsAcceptances: TermsAcceptancesTable;
  contacts: ContactsTable;
  contactGroups: ContactGroupsTable;
  contactGroupMembers: ContactGroupMembersTable;
  capsulePackages: CapsulePackagesTable;
  payments: PaymentsTable;
  subscriptions: SubscriptionsTable;
  capsules: CapsulesTable;
  receivedCapsules: ReceivedCapsulesTable;
  affiliates: AffiliatesTable;
  referrals: ReferralsTable;
  affiliatePayments: AffiliatePaymentsTable;
  integrationSyncRecords: IntegrationSyncRecordsTable;
}

// Whole-row types: XxxRow as read, NewXxx as inserted, XxxUpdate as updated.
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewSessionRow = Insertable<SessionsTable>;
export type SessionUpdate = Updateable<SessionsTable>;
export type OneTimeCodeRow = Selectable<OneTimeCodesTable>;
export type NewOneTimeCode = Insertable<OneTimeCodesTable>;
export type OneTimeCodeUpdate = Updateable<OneTimeCodesTable>;
export type AuthFailureRow = Selectable<AuthFailuresTable>;
export type NewAuthFailure = Insertable<AuthFailuresTable>;
export type TermsAcceptanceRow = Selectable<TermsAcceptancesTable>;
export type NewTermsAcceptance = Insertable<TermsAcceptancesTable>;
export type ContactTableRow = Selectable<ContactsTable>;
export type NewContact = Insertable<ContactsTable>;
export type ContactUpdate = Updateable<ContactsTable>;
export type ContactGroupRow = Selectable<ContactGroupsTable>;
export type NewContactGroup = Insertable<ContactGroupsTable>;
export type ContactGroupUpdate = Updateable<ContactGroupsTable>;
export type ContactGroupMemberRow = Selectable<ContactGroupMembersTable>;
export type NewContactGroupMember = Insertable<ContactGroupMembersTable>;
export type CapsulePackageRow = Selectable<CapsulePackagesTable>;
export type NewCapsulePackage = Insertable<CapsulePackagesTable>;
export type CapsulePackageUpdate = Updateable<CapsulePackagesTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type NewPayment = Insertable<PaymentsTable>;
export type PaymentUpdate = Updateable<PaymentsTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type NewSubscription = Insertable<SubscriptionsTable>;
export type SubscriptionUpdate = Updateable<SubscriptionsTable>;
export type CapsuleTableRow = Selectable<CapsulesTable>;
export type NewCapsule = Insertable<CapsulesTable>;
export type CapsuleUpdate = Updateable<CapsulesTable>;
export type ReceivedCapsuleRow = Selectable<ReceivedCapsulesTable>;
export type NewReceivedCapsule = Insertable<ReceivedCapsulesTable>;
export type ReceivedCapsuleUpdate = Updateable<ReceivedCapsulesTable>;
export type AffiliateRow = Selectable<AffiliatesTable>;
export type NewAffiliate = Insertable<AffiliatesTable>;
export type AffiliateUpdate = Updateable<AffiliatesTable>;
export type ReferralRow = Selectable<ReferralsTable>;
export type NewReferral = Insertable<ReferralsTable>;
export type ReferralUpdate = Updateable<ReferralsTable>;
export type AffiliatePaymentRow = Selectable<AffiliatePaymentsTable>;
export type NewAffiliatePayment = Insertable<AffiliatePaymentsTable>;
export type AffiliatePaymentUpdate = Updateable<AffiliatePaymentsTable>;
export type IntegrationSyncRecordRow = Selectable<IntegrationSyncRecordsTable>;
export type NewIntegrationSyncRecord = Insertable<IntegrationSyncRecordsTable>;
export type IntegrationSyncRecordUpdate = Updateable<IntegrationSyncRecordsTable>;
