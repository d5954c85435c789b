import type { Db } from '../../db/database.js';

interface NewPendingPurchase {
  email: string;
  packageId: string;
  quantity: number;
  amountCents: number;
  currency: string;
  providerPaymentId: string;
  providerInvoiceId: string | null;
  providerSubscriptionId: string | null;
  orderNumber: string | null;
  referralCode: string | null;
  createdAt: Date;
}

/** Kept once per provider payment; answers whether this call kept it. */
export async function insertPendingPurchase(db: Db, purchase: NewPendingPurchase): Promise<boolean> {
  const row = await db
    .insertInto('pendingPurchases')
    .values(purchase)
    .onConflict((oc) => oc.column('providerPaymentId').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function pendingPurchaseExists(db: Db, providerPaymentId: string): Promise<boolean> {
  const row = await db
    .selectFrom('pendingPurchases')
    .select('id')
    .where('providerPaymentId', '=', providerPaymentId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The purchases still waiting for an account with this e-mail (any case), locked, oldest first. */
export function lockWaitingPurchases(db: Db, email: string) {
  return db
    .selectFrom('pendingPurchases')
    .select([
      'id',
      'email',
      'packageId',
      'quantity',
      'amountCents',
      'currency',
      'providerPaymentId',
      'providerInvoiceId',
      'providerSubscriptionId',
      'orderNumber',
      'referralCode',
      'createdAt',
    ])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .where('attachedAt', 'is', null)
    .orderBy('createdAt')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Distinct e-mails with purchases waiting (the attach sweep's batch). */
export async function listWaitingEmails(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('pendingPurchases')
    .select((eb) => eb.fn('lower', ['email']).as('email'))
    .where('attachedAt', 'is', null)
    .distinct()
    .limit(limit)
    .execute();
  return rows.map((r) => String(r.email));
}

export async function markPendingPurchaseAttached(
  db: Db,
  id: string,
  attached: { paymentId: string; attachedAt: Date },
): Promise<void> {
  await db.updateTable('pendingPurchases').set(attached).where('id', '=', id).execute();
}
