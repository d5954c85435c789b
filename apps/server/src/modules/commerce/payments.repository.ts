import type { Db } from '../../db/database.js';
import type { PaymentStatus } from '../../db/schema.js';

/** A provider's payment id is unique when given: a webhook's retry must not pay twice. */
export async function providerPaymentExists(db: Db, providerPaymentId: string): Promise<boolean> {
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('providerPaymentId', '=', providerPaymentId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertPayment(
  db: Db,
  payment: {
    userId: string;
    amountCents: number;
    currency: string;
    status: 'succeeded';
    providerPaymentId: string | null;
    providerInvoiceId: string | null;
    description: string;
    createdAt: Date;
  },
): Promise<string> {
  const row = await db.insertInto('payments').values(payment).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The payment a provider's charge or dispute is about, locked: by its payment intent, else its invoice. */
export async function lockPaymentByProviderRef(
  db: Db,
  ref: { paymentIntent: string | null; invoice: string | null },
) {
  const { paymentIntent, invoice } = ref;
  if (!paymentIntent && !invoice) return undefined;
  return db
    .selectFrom('payments')
    .select(['id', 'userId', 'amountCents', 'refundedCents', 'currency', 'status'])
    .where((eb) =>
      eb.or([
        ...(paymentIntent ? [eb('providerPaymentId', '=', paymentIntent)] : []),
        ...(invoice ? [eb('providerInvoiceId', '=', invoice)] : []),
      ]),
    )
    .forUpdate()
    .executeTakeFirst();
}

export async function updatePaymentStatus(
  db: Db,
  id: string,
  patch: { status: PaymentStatus; refundedCents?: number },
): Promise<void> {
  await db.updateTable('payments').set(patch).where('id', '=', id).execute();
}
