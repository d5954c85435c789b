import { z } from 'zod';

// What each kind of change carries to the business system: a snapshot taken in the change's own
// transaction (the outbox), so the pusher never reads another module's tables and a record pushed
// late sends what was true when it was written. Money in integer cents, as everywhere.

const cents = z.number().int().min(0);
const isoInstant = z.iso.datetime({ offset: true });

/** A customer: created by the CLI (or a later sign-up path), changed by the profile page. */
export const userSyncData = z.looseObject({
  email: z.string().min(1),
  fullName: z.string().min(1),
  phoneNumber: z.string().nullable(),
});

/** A purchase (a payment and what it bought): one sale order in Odoo. */
export const purchaseSyncData = z.looseObject({
  amountCents: cents,
  currency: z.string().length(3),
  packageId: z.string().min(1),
  packageName: z.string().min(1),
  /** capsule_packages' business-system product id, when the catalogue names one. */
  businessProductId: z.string().nullable(),
  quantity: z.number().int().min(1),
  unitPriceCents: cents,
  orderNumber: z.string().nullable(),
  providerPaymentId: z.string().nullable(),
  status: z.string().min(1),
  purchasedAt: isoInstant,
});

/** The storage plan a purchase started, and its later changes (invoice date, lapse, cancel). */
export const subscriptionSyncData = z.looseObject({
  productName: z.string().min(1),
  quantity: z.number().int().min(1),
  annualStorageFeeCents: cents.nullable(),
  currency: z.string().length(3),
  nextInvoiceDate: z.string().nullable(),
  status: z.string().min(1),
  /** The payment (purchase) that started it, when there is one. */
  purchaseId: z.string().nullable(),
});

/** Money paid out to an affiliate. */
export const affiliatePayoutSyncData = z.looseObject({
  amountCents: cents,
  currency: z.string().length(3),
  method: z.string().nullable(),
  transactionId: z.string().nullable(),
  status: z.string().min(1),
  paidAt: isoInstant,
});

export const SYNC_DATA = {
  user: userSyncData,
  purchase: purchaseSyncData,
  subscription: subscriptionSyncData,
  affiliate_payout: affiliatePayoutSyncData,
} as const;

export type SyncEntityType = keyof typeof SYNC_DATA;

type SyncData<T extends SyncEntityType> = z.input<(typeof SYNC_DATA)[T]>;

/** One change, as a caller hands it to recordChange. */
export type SyncChange = {
  [T in SyncEntityType]: {
    entityType: T;
    entityId: string;
    /** The customer it belongs to (for a user, the user). */
    userId?: string | null;
    /** The whole snapshot, or the fields that changed since the last one (merged onto it). */
    data: Partial<SyncData<T>>;
    /** When it happened (the caller's clock); the database's time when not given. */
    at?: Date;
  };
}[SyncEntityType];
