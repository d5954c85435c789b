import type { AffiliatePaymentMethod, AffiliatePaymentStatus } from '@capsule/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

// The affiliate_payments table: the payouts operators record (affiliate:payout).

const PAYOUT_COLUMNS = [
  'affiliatePayments.id',
  'affiliatePayments.amountCents',
  'affiliatePayments.currency',
  'affiliatePayments.paymentMethod',
  'affiliatePayments.transactionId',
  'affiliatePayments.status',
  'affiliatePayments.notes',
  'affiliatePayments.createdAt',
] as const;

interface NewPayoutRow {
  affiliateId: string;
  amountCents: number;
  currency: string;
  paymentMethod: AffiliatePaymentMethod;
  transactionId: string | null;
  status: AffiliatePaymentStatus;
  notes: string | null;
  createdAt: Date;
}

export function insertPayout(db: Db, row: NewPayoutRow) {
  return db
    .insertInto('affiliatePayments')
    .values({ ...row, updatedAt: row.createdAt })
    .returning(PAYOUT_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Whether a payout already carries that provider transaction id (any affiliate's). */
export async function transactionRecorded(db: Db, transactionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('affiliatePayments')
    .select('affiliatePayments.id')
    .where('affiliatePayments.transactionId', '=', transactionId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Everything paid out to the affiliate, in cents; a failed payout paid nothing. */
export async function paidOutCents(db: Db, affiliateId: string): Promise<string> {
  const row = await db
    .selectFrom('affiliatePayments')
    .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('total'))
    .where('affiliatePayments.affiliateId', '=', affiliateId)
    .where('affiliatePayments.status', '<>', 'failed')
    .executeTakeFirstOrThrow();
  return row.total;
}

export async function countPayouts(db: Db, affiliateId: string): Promise<string> {
  const row = await db
    .selectFrom('affiliatePayments')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('affiliatePayments.affiliateId', '=', affiliateId)
    .executeTakeFirstOrThrow();
  return row.count;
}

export function listPayoutsPage(db: Db, affiliateId: string, page: { limit: number; offset: number }) {
  return db
    .selectFrom('affiliatePayments')
    .select(PAYOUT_COLUMNS)
    .where('affiliatePayments.affiliateId', '=', affiliateId)
    .orderBy('affiliatePayments.createdAt', 'desc')
    .orderBy('affiliatePayments.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type PayoutRow = Awaited<ReturnType<typeof listPayoutsPage>>[number];
