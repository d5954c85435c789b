import type { CapsuleKind, DeliveryCriteria } from '@capsule/domain';
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
  Timestamp,
} from './columns.js';

// The commerce module's tables (modules/commerce/README.md): packages, payments, the storage
// plans (subscriptions), the card provider's events and the purchases waiting for an account.

export type PaymentStatus =
  | 'pending'
  | 'succeeded'
  | 'failed'
  | 'refunded'
  | 'partially_refunded'
  | 'disputed';

export type LapseReason = 'payment_failed' | 'cancelled';

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

interface PaymentsTable {
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

/** A provider event processed (its effects committed with it): a replay is acknowledged and ignored. */
interface StripeEventsTable {
  /** The provider's event id ('evt_...'). */
  id: string;
  type: string;
  /** What processing did, e.g. 'purchase recorded' or 'ignored: no package for price_...'. */
  outcome: string;
  receivedAt: Timestamp;
}

/** A paid checkout whose buyer has no account yet; attached (recorded) when the account appears. */
interface PendingPurchasesTable {
  id: Generated<string>;
  email: string;
  packageId: string;
  quantity: number;
  amountCents: Cents;
  currency: string;
  providerPaymentId: string;
  providerInvoiceId: string | null;
  providerSubscriptionId: string | null;
  orderNumber: string | null;
  referralCode: string | null;
  createdAt: Timestamp;
  attachedAt: NullableTimestamp;
  /** The payment recorded when it was attached. */
  paymentId: string | null;
}

export interface CommerceTables {
  capsulePackages: CapsulePackagesTable;
  payments: PaymentsTable;
  subscriptions: SubscriptionsTable;
  stripeEvents: StripeEventsTable;
  pendingPurchases: PendingPurchasesTable;
}
