import type { CapsuleKind, CapsuleStatus, DeliveryCriteria } from '@capsule/domain';
import type { ColumnType, Generated } from 'kysely';
import type {
  DefaultedJson,
  DefaultedNumeric,
  DefaultedTimestamp,
  NullableNumeric,
  NullableTimestamp,
  Numeric,
} from './columns.js';
import type { DocumentVerificationStatus, PaymentStatus } from './values.js';

// Migration 0003: packages, payments, subscriptions, capsules and received capsules.

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
  /** One of the categories of the CHECK (migration 0003); string so filters can pass what they were given. */
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
  /** The current (accepted) video's blob, in the owner's container. */
  videoBlobName: string | null;
  /** Legacy columns: nothing writes them; the API hands out short-lived SAS URLs instead. */
  videoUrl: string | null;
  videoThumbnailUrl: string | null;
  /** The accepted upload whose video this is (migration 0011). */
  videoUploadId: string | null;
  videoThumbnailBlobName: string | null;
  uploadDate: NullableTimestamp;
  lockedAt: NullableTimestamp;
  previewViewedAt: NullableTimestamp;
  retryCount: Generated<number>;
  /** Why the review sent the capsule to Needs_Review. */
  reviewNote: string | null;
  deliveredAt: NullableTimestamp;
  deleteRequestedAt: NullableTimestamp;
  /** A To_Delete capsule's video removed for good, 30 days after it was marked (migration 0011). */
  purgedAt: NullableTimestamp;
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

/** Capsules per owner, status and category ('' for none), kept by a trigger (migration 0008). */
export interface CapsuleCountersTable {
  ownerId: string;
  status: ColumnType<CapsuleStatus, never, never>;
  category: ColumnType<string, never, never>;
  /** bigint: a string from pg, a number from PGlite; read it through Number(). */
  n: ColumnType<string | number, never, never>;
}
