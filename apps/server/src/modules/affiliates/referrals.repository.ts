import type { ReferralReversalReason, ReferralSource } from '@capsule/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

// The referrals table: one row per purchase made with an affiliate's code (purchase_id is
// unique), and what became of its commission.

const REFERRAL_COLUMNS = [
  'referrals.id',
  'referrals.affiliateId',
  'referrals.purchaseAmountCents',
  'referrals.commissionCents',
  'referrals.currency',
  'referrals.status',
  'referrals.referralSource',
  'referrals.createdAt',
  'referrals.convertedAt',
  'referrals.paidAt',
  'referrals.reversedAt',
  'referrals.reversalReason',
  'referrals.clawbackCents',
] as const;

interface NewReferralRow {
  affiliateId: string;
  referredUserId: string | null;
  purchaseId: string;
  purchaseAmountCents: number;
  commissionCents: number;
  currency: string;
  referralSource: ReferralSource;
  createdAt: Date;
}

/** The new referral's id, or undefined when the purchase already has one (a replayed event). */
export async function insertReferral(db: Db, row: NewReferralRow): Promise<string | undefined> {
  const inserted = await db
    .insertInto('referrals')
    .values({ ...row, status: 'pending', updatedAt: row.createdAt })
    .onConflict((oc) => oc.column('purchaseId').doNothing())
    .returning('referrals.id')
    .executeTakeFirst();
  return inserted?.id;
}

export function findReferralByPurchase(db: Db, purchaseId: string) {
  return db
    .selectFrom('referrals')
    .select(REFERRAL_COLUMNS)
    .where('referrals.purchaseId', '=', purchaseId)
    .executeTakeFirst();
}

/**
 * Reverses the purchase's referral unless it already was: pending and approved commissions are
 * simply void; a paid one keeps what was paid as clawback_cents (owed back).
 */
export function reverseReferral(
  db: Db,
  referralId: string,
  change: { at: Date; reason: ReferralReversalReason },
) {
  return db
    .updateTable('referrals')
    .set({
      status: 'cancelled',
      reversedAt: change.at,
      reversalReason: change.reason,
      // Evaluated on the row as it was: what had been paid is owed back.
      clawbackCents: sql<number>`case when status = 'paid' then commission_cents else 0 end`,
      updatedAt: change.at,
    })
    .where('referrals.id', '=', referralId)
    .where('referrals.status', '<>', 'cancelled')
    .returning(REFERRAL_COLUMNS)
    .executeTakeFirst();
}

/** Affiliates (approved ones only) that have referrals whose holding period ended by `cutoff`. */
export async function affiliatesWithDueReferrals(db: Db, cutoff: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('referrals')
    .innerJoin('affiliates', 'affiliates.id', 'referrals.affiliateId')
    .select('referrals.affiliateId')
    .distinct()
    .where('referrals.status', '=', 'pending')
    .where('referrals.createdAt', '<=', cutoff)
    .where('affiliates.status', '=', 'approved')
    .execute();
  return rows.map((r) => r.affiliateId);
}

/** Approves the affiliate's pending referrals made by `cutoff`; answers how many. */
export async function approveDueReferrals(db: Db, affiliateId: string, cutoff: Date, now: Date) {
  const result = await db
    .updateTable('referrals')
    .set({ status: 'converted', convertedAt: now, updatedAt: now })
    .where('referrals.affiliateId', '=', affiliateId)
    .where('referrals.status', '=', 'pending')
    .where('referrals.createdAt', '<=', cutoff)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Approved, not yet paid commissions of the affiliate, oldest approval first. */
export function unpaidConvertedReferrals(db: Db, affiliateId: string) {
  return db
    .selectFrom('referrals')
    .select(['referrals.id', 'referrals.commissionCents'])
    .where('referrals.affiliateId', '=', affiliateId)
    .where('referrals.status', '=', 'converted')
    .orderBy('referrals.convertedAt')
    .orderBy('referrals.createdAt')
    .orderBy('referrals.id')
    .execute();
}

export async function markReferralsPaid(
  db: Db,
  referralIds: readonly string[],
  change: { at: Date; affiliatePaymentId: string | null },
) {
  if (referralIds.length === 0) return;
  await db
    .updateTable('referrals')
    .set({
      status: 'paid',
      paidAt: change.at,
      affiliatePaymentId: change.affiliatePaymentId,
      updatedAt: change.at,
    })
    .where('referrals.id', 'in', [...referralIds])
    .where('referrals.status', '=', 'converted')
    .execute();
}

/** What an affiliate's referrals add up to, in cents (strings from the driver; see the service). */
export function referralTotals(db: Db, affiliateId: string) {
  return db
    .selectFrom('referrals')
    .select((eb) => [
      eb.fn.countAll<string>().as('count'),
      sql<string>`coalesce(sum(commission_cents) filter (where status = 'pending'), 0)`.as('pendingCents'),
      sql<string>`coalesce(sum(commission_cents) filter (where status in ('converted', 'paid')), 0)`.as(
        'earnedCents',
      ),
      sql<string>`coalesce(sum(commission_cents) filter (where status = 'paid'), 0)`.as('settledCents'),
      sql<string>`coalesce(sum(clawback_cents), 0)`.as('clawbackCents'),
    ])
    .where('referrals.affiliateId', '=', affiliateId)
    .executeTakeFirstOrThrow();
}

export function listReferralsPage(db: Db, affiliateId: string, page: { limit: number; offset: number }) {
  return db
    .selectFrom('referrals')
    .select(REFERRAL_COLUMNS)
    .where('referrals.affiliateId', '=', affiliateId)
    .orderBy('referrals.createdAt', 'desc')
    .orderBy('referrals.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type ReferralRow = Awaited<ReturnType<typeof findReferralByPurchase>> & {};
