import type { AffiliatePaymentMethod, AffiliateStatus } from '@capsule/domain';
import type { Db } from '../../db/database.js';

// The affiliates table: one row per user who applied (user_id is unique).

const AFFILIATE_COLUMNS = [
  'affiliates.id',
  'affiliates.userId',
  'affiliates.code',
  'affiliates.bio',
  'affiliates.websiteUrl',
  'affiliates.instagramHandle',
  'affiliates.twitterHandle',
  'affiliates.tiktokHandle',
  'affiliates.commissionRate',
  'affiliates.status',
  'affiliates.paymentMethod',
  'affiliates.paymentDetails',
  'affiliates.lastPaidAt',
  'affiliates.createdAt',
  'affiliates.updatedAt',
] as const;

interface NewAffiliateRow {
  userId: string;
  code: string;
  bio: string | null;
  websiteUrl: string | null;
  instagramHandle: string | null;
  twitterHandle: string | null;
  tiktokHandle: string | null;
  paymentMethod: AffiliatePaymentMethod;
  paymentDetails: unknown;
  createdAt: Date;
}

/**
 * Inserts the application unless the user or the code already has a row (then undefined): no
 * error aborts the caller's transaction, and two applications at once leave one row.
 */
export function insertAffiliate(db: Db, row: NewAffiliateRow) {
  return db
    .insertInto('affiliates')
    .values({
      ...row,
      paymentDetails: JSON.stringify(row.paymentDetails),
      updatedAt: row.createdAt,
    })
    .onConflict((oc) => oc.doNothing())
    .returning(AFFILIATE_COLUMNS)
    .executeTakeFirst();
}

export function findAffiliateByUser(db: Db, userId: string) {
  return db
    .selectFrom('affiliates')
    .select(AFFILIATE_COLUMNS)
    .where('affiliates.userId', '=', userId)
    .executeTakeFirst();
}

export function findAffiliateByCode(db: Db, code: string) {
  return db
    .selectFrom('affiliates')
    .select(AFFILIATE_COLUMNS)
    .where('affiliates.code', '=', code)
    .executeTakeFirst();
}

/**
 * The affiliate's row, locked for the rest of the caller's transaction: every change of what is
 * owed (a payout, a reversal, an approval) takes it first, so they run one at a time per affiliate.
 * NO KEY UPDATE: a purchase inserting a referral (its foreign key takes KEY SHARE) is not held up.
 */
export function lockAffiliate(db: Db, affiliateId: string) {
  return db
    .selectFrom('affiliates')
    .select(AFFILIATE_COLUMNS)
    .where('affiliates.id', '=', affiliateId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export function lockAffiliateByCode(db: Db, code: string) {
  return db
    .selectFrom('affiliates')
    .select(AFFILIATE_COLUMNS)
    .where('affiliates.code', '=', code)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** One page of the affiliates, optionally of one status, oldest application first. */
export function listAffiliateRowsPage(
  db: Db,
  page: { offset: number; limit: number },
  status?: AffiliateStatus,
) {
  let query = db.selectFrom('affiliates').select(AFFILIATE_COLUMNS);
  if (status) query = query.where('affiliates.status', '=', status);
  return query
    .orderBy('affiliates.createdAt')
    .orderBy('affiliates.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countAffiliates(db: Db, status?: AffiliateStatus): Promise<number> {
  let query = db.selectFrom('affiliates').select((eb) => eb.fn.countAll<string>().as('n'));
  if (status) query = query.where('affiliates.status', '=', status);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export function listAffiliateRows(db: Db) {
  return db.selectFrom('affiliates').select(AFFILIATE_COLUMNS).orderBy('affiliates.createdAt').execute();
}

export function updateAffiliateStatus(db: Db, code: string, status: AffiliateStatus, now: Date) {
  return db
    .updateTable('affiliates')
    .set({ status, updatedAt: now })
    .where('affiliates.code', '=', code)
    .returning(AFFILIATE_COLUMNS)
    .executeTakeFirst();
}

export function markAffiliatePaid(db: Db, affiliateId: string, now: Date) {
  return db
    .updateTable('affiliates')
    .set({ lastPaidAt: now, updatedAt: now })
    .where('affiliates.id', '=', affiliateId)
    .execute();
}

export type AffiliateRow = Awaited<ReturnType<typeof findAffiliateByUser>> & {};

/**
 * Deletes the user's application while it is still pending (then its id), else nothing. One
 * statement: an approval committed meanwhile is seen (PostgreSQL re-reads the locked row), so
 * an approved application is never deleted.
 */
export function deletePendingAffiliate(db: Db, userId: string) {
  return db
    .deleteFrom('affiliates')
    .where('affiliates.userId', '=', userId)
    .where('affiliates.status', '=', 'pending')
    .returning('affiliates.id')
    .executeTakeFirst();
}
