import type { Db } from '../../db/database.js';

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
    amount: string;
    status: 'succeeded';
    providerPaymentId: string | null;
    description: string;
    createdAt: Date;
  },
): Promise<string> {
  const row = await db.insertInto('payments').values(payment).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
