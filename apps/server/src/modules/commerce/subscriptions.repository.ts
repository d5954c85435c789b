import type { Db } from '../../db/database.js';

export async function insertSubscription(
  db: Db,
  subscription: {
    userId: string;
    packageId: string;
    paymentId: string;
    productName: string;
    quantity: number;
    price: string;
    /** JSON text: pg would send a JS array as a PostgreSQL array (db/schema.ts). */
    pricing: string;
    orderNumber: string | null;
    orderName: string;
    createdAt: Date;
  },
): Promise<string> {
  const row = await db
    .insertInto('subscriptions')
    .values(subscription)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Newest first; id breaks ties so purchases recorded in one instant keep a stable order. */
export function listSubscriptions(db: Db, userId: string) {
  return db
    .selectFrom('subscriptions')
    .select(['id', 'productName', 'quantity', 'price', 'pricing', 'createdAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}
