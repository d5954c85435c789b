import type { Generated } from 'kysely';
import type { Cents, NullableTimestamp, Timestamp } from './columns.js';

// Migration 0014: the card provider's events and the purchases waiting for their buyer's account.

/** A provider event processed (its effects committed with it): a replay is acknowledged and ignored. */
export interface StripeEventsTable {
  /** The provider's event id ('evt_...'). */
  id: string;
  type: string;
  /** What processing did, e.g. 'purchase recorded' or 'ignored: no package for price_...'. */
  outcome: string;
  receivedAt: Timestamp;
}

/** A paid checkout whose buyer has no account yet; attached (recorded) when the account appears. */
export interface PendingPurchasesTable {
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
