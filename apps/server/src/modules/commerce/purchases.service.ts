import { centsToDecimal } from '@capsule/domain';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { recordReferralForPurchase } from '../affiliates/index.js';
import { createPurchasedCapsules } from '../capsules/index.js';
import { recordChange } from '../sync/index.js';
import { findUserIdByEmail } from '../users/index.js';
import { decimalToCents } from './money.js';
import { findActivePackageByName, type PackageRow } from './packages.repository.js';
import { insertPayment, providerPaymentExists } from './payments.repository.js';
import { insertSubscription } from './subscriptions.repository.js';

const recordPurchaseSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Invalid email address' })),
  packageName: z.string().trim().min(1, 'A package name is required'),
  quantity: z.coerce
    .number()
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(100, 'Quantity must be at most 100'),
  /** The store's order reference, when the store gives one. */
  orderNumber: z.string().trim().min(1).max(100).optional(),
  providerPaymentId: z.string().trim().min(1).max(200).optional(),
});
type RecordPurchaseInput = z.input<typeof recordPurchaseSchema>;

/** A purchase with its buyer and package found: what writePurchase records. */
export interface PurchaseFacts {
  userId: string;
  pkg: PackageRow;
  quantity: number;
  /** What was paid, in cents: the provider's total, or the package price times the quantity. */
  amountCents: number;
  /** ISO 4217, upper case. */
  currency: string;
  providerPaymentId: string | null;
  providerInvoiceId: string | null;
  /** The provider's subscription collecting the annual storage fee, when there is one. */
  providerSubscriptionId: string | null;
  orderNumber: string | null;
  /** An affiliate's code that came with the checkout (metadata or the shop link's reference). */
  referral: { code: string; source: 'checkout' | 'link' } | null;
}

interface PurchaseResult {
  paymentId: string;
  subscriptionId: string;
  packageName: string;
  amountCents: number;
  currency: string;
  capsuleIds: string[];
}

const DAY_MS = 86_400_000;

/** A year after the purchase, as a calendar day (UTC): when the first annual storage fee is due. */
function aYearOn(at: Date): string {
  const next = new Date(at.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  // 29 February + 1 year is 1 March in JS; the day before reads better on an invoice.
  if (next.getUTCDate() !== at.getUTCDate())
    return new Date(next.getTime() - DAY_MS).toISOString().slice(0, 10);
  return next.toISOString().slice(0, 10);
}

/**
 * THE purchase, for the admin CLI (recordPurchase) and the card provider's checkout
 * (stripe-checkout.service.ts) alike, inside the caller's transaction: a payment, the
 * subscription, and capsuleCount x quantity capsules (the capsules module's own function, each
 * Pending_Recipient with the package's kind, length and delivery criteria), and the affiliate's
 * referral when a code came with it. The caller's transaction makes it all or nothing.
 */
export async function writePurchase(
  deps: Pick<AppDeps, 'clock'>,
  trx: Db,
  facts: PurchaseFacts,
): Promise<PurchaseResult> {
  const { pkg, quantity, userId } = facts;
  const now = deps.clock.now();
  const paymentId = await insertPayment(trx, {
    userId,
    amountCents: facts.amountCents,
    currency: facts.currency,
    status: 'succeeded',
    providerPaymentId: facts.providerPaymentId,
    providerInvoiceId: facts.providerInvoiceId,
    description: `${quantity} x ${pkg.name}`,
    createdAt: now,
  });
  const storageFeeCents = decimalToCents(pkg.annualStorageFee);
  const subscriptionId = await insertSubscription(trx, {
    userId,
    packageId: pkg.id,
    paymentId,
    productName: pkg.name,
    quantity,
    price: pkg.price,
    // The spec's pricing list keeps its numbers (the client reads price as a number).
    pricing: JSON.stringify([{ price: Number(pkg.price), annualStorageFee: Number(pkg.annualStorageFee) }]),
    orderNumber: facts.orderNumber,
    orderName: `${pkg.name} x ${quantity}`,
    nextInvoiceDate: storageFeeCents > 0 ? aYearOn(now) : null,
    providerSubscriptionId: facts.providerSubscriptionId,
    createdAt: now,
  });
  const capsuleIds = await createPurchasedCapsules(trx, {
    ownerId: userId,
    subscriptionId,
    packageId: pkg.id,
    kind: pkg.kind,
    deliveryCriteria: pkg.deliveryCriteria,
    capsuleLength: pkg.capsuleLength,
    count: pkg.capsuleCount * quantity,
    createdAt: now,
  });
  // The business system hears of the purchase and the plan it started (modules/sync, the outbox).
  await recordChange(trx, {
    entityType: 'purchase',
    entityId: paymentId,
    userId,
    at: now,
    data: {
      amountCents: facts.amountCents,
      currency: facts.currency,
      packageId: pkg.id,
      packageName: pkg.name,
      businessProductId: pkg.businessProductId,
      quantity,
      unitPriceCents: decimalToCents(pkg.price),
      orderNumber: facts.orderNumber,
      providerPaymentId: facts.providerPaymentId,
      status: 'succeeded',
      purchasedAt: now.toISOString(),
    },
  });
  await recordChange(trx, {
    entityType: 'subscription',
    entityId: subscriptionId,
    userId,
    at: now,
    data: {
      productName: pkg.name,
      quantity,
      annualStorageFeeCents: storageFeeCents * quantity,
      currency: facts.currency,
      nextInvoiceDate: storageFeeCents > 0 ? aYearOn(now) : null,
      status: 'active',
      purchaseId: paymentId,
    },
  });
  if (facts.referral) {
    // The affiliate programme's contract (modules/affiliates): at most one referral per payment,
    // written in this transaction, so a replayed checkout cannot make a second one. A code that
    // earns nothing (unknown, self-referral, affiliate not approved) changes nothing here.
    await recordReferralForPurchase(trx, {
      paymentId,
      buyerUserId: userId,
      amountCents: facts.amountCents,
      currency: facts.currency,
      referralCode: facts.referral.code,
      source: facts.referral.source,
      at: now,
    });
  }
  return {
    paymentId,
    subscriptionId,
    packageName: pkg.name,
    amountCents: facts.amountCents,
    currency: facts.currency,
    capsuleIds,
  };
}

/**
 * A store purchase as the admin CLI records it (`purchase:record`): the buyer by e-mail, the
 * active package by name, the package's price times the quantity, then writePurchase in one
 * transaction. A provider payment id already recorded is refused (409).
 */
export async function recordPurchase(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  raw: RecordPurchaseInput,
): Promise<PurchaseResult & { amount: string }> {
  const input = recordPurchaseSchema.parse(raw);
  const userId = await findUserIdByEmail(deps.db, input.email);
  if (!userId) throw notFound(`No user with the e-mail ${input.email}`);
  const pkg = await findActivePackageByName(deps.db, input.packageName);
  if (!pkg) throw notFound(`No active package named "${input.packageName}"`);
  const amountCents = decimalToCents(pkg.price) * input.quantity;

  const result = await deps.db.transaction().execute(async (trx) => {
    if (input.providerPaymentId && (await providerPaymentExists(trx, input.providerPaymentId))) {
      throw new AppError('CONFLICT', `Payment ${input.providerPaymentId} was already recorded`);
    }
    return writePurchase(deps, trx, {
      userId,
      pkg,
      quantity: input.quantity,
      amountCents,
      currency: 'CAD',
      providerPaymentId: input.providerPaymentId ?? null,
      providerInvoiceId: null,
      providerSubscriptionId: null,
      orderNumber: input.orderNumber ?? null,
      referral: null,
    });
  });
  return { ...result, amount: centsToDecimal(result.amountCents) };
}
