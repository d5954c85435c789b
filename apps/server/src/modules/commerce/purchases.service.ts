import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { createPurchasedCapsules } from '../capsules/index.js';
import { findUserIdByEmail } from '../users/index.js';
import { findActivePackageByName } from './packages.repository.js';
import { insertPayment, providerPaymentExists } from './payments.repository.js';
import { insertSubscription } from './subscriptions.repository.js';

export const recordPurchaseSchema = z.object({
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
  /** The store's order reference, when the store gives one (the payment webhook will). */
  orderNumber: z.string().trim().min(1).max(100).optional(),
  providerPaymentId: z.string().trim().min(1).max(200).optional(),
});
export type RecordPurchaseInput = z.input<typeof recordPurchaseSchema>;

const money = (n: number) => n.toFixed(2);

/**
 * A store purchase, as the admin CLI records it today and the payment webhook will tomorrow:
 * in one transaction a payment, the subscription, and capsuleCount x quantity capsules, each
 * Pending_Recipient with the package's kind, length and delivery criteria. All or nothing.
 */
export async function recordPurchase(deps: Pick<AppDeps, 'db' | 'clock'>, raw: RecordPurchaseInput) {
  const input = recordPurchaseSchema.parse(raw);
  const userId = await findUserIdByEmail(deps.db, input.email);
  if (!userId) throw notFound(`No user with the e-mail ${input.email}`);
  const pkg = await findActivePackageByName(deps.db, input.packageName);
  if (!pkg) throw notFound(`No active package named "${input.packageName}"`);

  const count = pkg.capsuleCount * input.quantity;
  const amount = money(Number(pkg.price) * input.quantity);
  const now = deps.clock.now();

  // One transaction across three modules' tables: commerce's payment and subscription, and
  // the capsules module's capsules (written by its own function, handed this transaction).
  return deps.db.transaction().execute(async (trx) => {
    if (input.providerPaymentId && (await providerPaymentExists(trx, input.providerPaymentId))) {
      throw new AppError('CONFLICT', `Payment ${input.providerPaymentId} was already recorded`);
    }
    const paymentId = await insertPayment(trx, {
      userId,
      amount,
      status: 'succeeded',
      providerPaymentId: input.providerPaymentId ?? null,
      description: `${input.quantity} x ${pkg.name}`,
      createdAt: now,
    });
    const subscriptionId = await insertSubscription(trx, {
      userId,
      packageId: pkg.id,
      paymentId,
      productName: pkg.name,
      quantity: input.quantity,
      price: pkg.price,
      pricing: JSON.stringify([{ price: Number(pkg.price), annualStorageFee: Number(pkg.annualStorageFee) }]),
      orderNumber: input.orderNumber ?? null,
      orderName: `${pkg.name} x ${input.quantity}`,
      createdAt: now,
    });
    const capsuleIds = await createPurchasedCapsules(trx, {
      ownerId: userId,
      subscriptionId,
      packageId: pkg.id,
      kind: pkg.kind,
      deliveryCriteria: pkg.deliveryCriteria,
      capsuleLength: pkg.capsuleLength,
      count,
      createdAt: now,
    });
    return { paymentId, subscriptionId, packageName: pkg.name, amount, capsuleIds };
  });
}
