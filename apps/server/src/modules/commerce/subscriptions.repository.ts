import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SubscriptionsTable } from '../../db/schema.js';

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
    /** 'YYYY-MM-DD': when the annual storage fee is due next; null when the package has none. */
    nextInvoiceDate: string | null;
    providerSubscriptionId: string | null;
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
    .select([
      'id',
      'productName',
      'quantity',
      'price',
      'pricing',
      'createdAt',
      'nextInvoiceDate',
      'lapsedAt',
      'lapseReason',
      'lapseEnforcedAt',
    ])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

const LAPSE_COLUMNS = [
  'id',
  'userId',
  'productName',
  'nextInvoiceDate',
  'lapsedAt',
  'lapseReason',
  'lapseMailSentAt',
  'lapseEnforcedAt',
  'enforcedMailSentAt',
] as const;

/** The plan the provider's subscription id names, locked for the change an event brings. */
export function lockSubscriptionByProviderId(db: Db, providerSubscriptionId: string) {
  return db
    .selectFrom('subscriptions')
    .select(LAPSE_COLUMNS)
    .where('providerSubscriptionId', '=', providerSubscriptionId)
    .forUpdate()
    .executeTakeFirst();
}

export function lockSubscription(db: Db, id: string) {
  return db
    .selectFrom('subscriptions')
    .select(LAPSE_COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function findSubscription(db: Db, id: string) {
  return db.selectFrom('subscriptions').select(LAPSE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export type SubscriptionLapseRow = NonNullable<Awaited<ReturnType<typeof findSubscription>>>;

export async function updateSubscription(
  db: Db,
  id: string,
  patch: Updateable<SubscriptionsTable>,
): Promise<void> {
  await db.updateTable('subscriptions').set(patch).where('id', '=', id).execute();
}

/** Plans lapsed at or before `lapsedBefore` (their grace is over): the lapse sweep's batch. */
/** Plans lapsed and not yet enforced (in their grace), the soonest to end first. */
export function listPlansInGrace(db: Db, page: { offset: number; limit: number }) {
  return db
    .selectFrom('subscriptions')
    .select(['id', 'userId', 'productName', 'lapsedAt', 'lapseReason'])
    .where('lapsedAt', 'is not', null)
    .where('lapseEnforcedAt', 'is', null)
    .orderBy('lapsedAt')
    .orderBy('id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countPlansInGrace(db: Db): Promise<number> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('lapsedAt', 'is not', null)
    .where('lapseEnforcedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listGraceEndedSubscriptions(
  db: Db,
  lapsedBefore: Date,
  afterId: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('lapsedAt', '<=', lapsedBefore)
    .$if(afterId !== null, (q) => q.where('id', '>', afterId as string))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
