import type { CapsuleKind, CapsuleStatus, DeliveryCriteria } from '@capsule/domain';
import type { ColumnType, Generated } from 'kysely';
import type {
  Cents,
  DefaultedCents,
  DefaultedJson,
  DefaultedNumeric,
  DefaultedTimestamp,
  NullableNumeric,
  NullableTimestamp,
  Numeric,
} from './columns.js';
import type { DocumentVerificationStatus, LapseReason, PaymentStatus } from './values.js';

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
  /** Integer cents (migration 0014; was numeric amount). */
  amountCents: Cents;
  /** What refunds gave back, in cents (migration 0014). */
  refundedCents: DefaultedCents;
  /** ISO 4217, default 'CAD'. */
  currency: Generated<string>;
  /** The card payment provider's id; unique when given. */
  providerPaymentId: string | null;
  /** The provider's invoice the payment paid; unique when given (migration 0014). */
  providerInvoiceId: string | null;
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
  // Migration 0014: the provider's subscription, and the lapse of the annual storage fee.
  providerSubscriptionId: string | null;
  /** Since when the storage fee is unpaid (a failed payment or a cancelled plan); null: in good standing. */
  lapsedAt: NullableTimestamp;
  lapseReason: LapseReason | null;
  lapseMailSentAt: NullableTimestamp;
  /** When the grace ended and the plan's undelivered capsules were marked To_Delete. */
  lapseEnforcedAt: NullableTimestamp;
  enforcedMailSentAt: NullableTimestamp;
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
  /** SHA-256 of that video as reviewed (migration 0018): the fingerprint Capsule Details shows. */
  videoSha256: string | null;
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
  /** When delivery is due, fixed at lock (migration 0012; delivery-rules.ts). */
  dueAt: NullableTimestamp;
  /** When the delivery sweep looks at it next: dueAt, later while the recipient has no account. */
  deliveryCheckAt: NullableTimestamp;
  deleteRequestedAt: NullableTimestamp;
  /** When a lapsed storage plan marked it To_Delete (migration 0014). */
  lapseMarkedAt: NullableTimestamp;
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
  /** The recipient's first play (migration 0012). */
  playedAt: NullableTimestamp;
  receivedAt: DefaultedTimestamp;
  documentVerificationStatus: DocumentVerificationStatus | null;
  documentBlobName: string | null;
  documentSubmittedAt: NullableTimestamp;
  /** The document upload the status above is about (migration 0013). */
  documentUploadId: string | null;
  /** Why the operator rejected the document (Rejected). */
  documentRejectionReason: string | null;
  /** When the operator set Verified or Rejected. */
  documentReviewedAt: NullableTimestamp;
}

/** Capsules per owner, status and category ('' for none), kept by a trigger (migration 0008). */
export interface CapsuleCountersTable {
  ownerId: string;
  status: ColumnType<CapsuleStatus, never, never>;
  category: ColumnType<string, never, never>;
  /** bigint: a string from pg, a number from PGlite; read it through Number(). */
  n: ColumnType<string | number, never, never>;
}
