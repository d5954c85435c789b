import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { findActivePackageByName } from './packages.repository.js';

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
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email))
    .executeTakeFirst();
  if (!user) throw notFound(`No user with the e-mail ${input.email}`);
  const pkg = await findActivePackageByName(deps.db, input.packageName);
  if (!pkg) throw notFound(`No active package named "${input.packageName}"`);

  const count = pkg.capsuleCount * input.quantity;
  const amount = money(Number(pkg.price) * input.quantity);
  const now = deps.clock.now();
  const kindLabel = pkg.kind === 'journey' ? 'Journey' : 'Legacy';

  return deps.db.transaction().execute(async (trx) => {
    if (input.providerPaymentId) {
      const seen = await trx
        .selectFrom('payments')
        .select('id')
        .where('providerPaymentId', '=', input.providerPaymentId)
        .executeTakeFirst();
      if (seen) throw new AppError('CONFLICT', `Payment ${input.providerPaymentId} was already recorded`);
    }
    const payment = await trx
      .insertInto('payments')
      .values({
        userId: user.id,
        amount,
        status: 'succeeded',
        providerPaymentId: input.providerPaymentId ?? null,
        description: `${input.quantity} x ${pkg.name}`,
        createdAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const subscription = await trx
      .insertInto('subscriptions')
      .values({
        userId: user.id,
        packageId: pkg.id,
        paymentId: payment.id,
        productName: pkg.name,
        quantity: input.quantity,
        price: pkg.price,
        pricing: JSON.stringify([
          { price: Number(pkg.price), annualStorageFee: Number(pkg.annualStorageFee) },
        ]),
        orderNumber: input.orderNumber ?? null,
        orderName: `${pkg.name} x ${input.quantity}`,
        createdAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const existing = await trx
      .selectFrom('capsules')
      .where('ownerId', '=', user.id)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const first = Number(existing.n) + 1;
    const capsules = await trx
      .insertInto('capsules')
      .values(
        Array.from({ length: count }, (_, i) => ({
          ownerId: user.id,
          subscriptionId: subscription.id,
          packageId: pkg.id,
          kind: pkg.kind,
          status: 'Pending_Recipient',
          title: `${kindLabel} Capsule #${first + i}`,
          deliveryCriteria: pkg.deliveryCriteria,
          capsuleLength: pkg.capsuleLength,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning('id')
      .execute();
    return {
      paymentId: payment.id,
      subscriptionId: subscription.id,
      packageName: pkg.name,
      amount,
      capsuleIds: capsules.map((c) => c.id),
    };
  });
}
