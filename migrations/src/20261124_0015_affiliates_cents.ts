import { type Kysely, sql } from 'kysely';

// The affiliate programme made real (docs/decisions: affiliates). Money becomes integer
// cents (bigint) instead of numeric(12,2); the commission rate stays numeric(5,4) (an exact
// fraction with at most 4 decimals, i.e. whole basis points) and the app multiplies in integers.
// A referral is one per purchase (unique purchase_id: a replayed checkout cannot make two), and
// it records how it ended: approved (converted_at), paid by which payout (paid_at,
// affiliate_payment_id), or reversed by a refund or dispute (reversed_at, reversal_reason, and
// clawback_cents when it had been paid already: that money is owed back).
//
// totals: total_referrals and total_earnings were counters beside the referrals they count; they
// are dropped and the totals are summed from the referrals and payouts when read, so they can
// never disagree with the rows.

/** `column in ('a', 'b', ...)` as literals (a CHECK in DDL cannot take bind parameters). */
function oneOf(column: string, values: readonly string[]) {
  return sql<boolean>`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

const REFERRAL_SOURCES = ['checkout', 'link'] as const;
const REVERSAL_REASONS = ['refund', 'dispute'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  // Affiliates: the code the server makes (upper-case letters and digits), no stored totals.
  await db.schema
    .alterTable('affiliates')
    .addCheckConstraint('affiliates_code_format', sql`code ~ '^[A-Z0-9]{4,20}$'`)
    .execute();
  await db.schema.alterTable('affiliates').dropColumn('total_referrals').execute();
  await db.schema.alterTable('affiliates').dropColumn('total_earnings').execute();

  // Payouts first: referrals point at the payout that paid them.
  await db.schema
    .alterTable('affiliate_payments')
    .addColumn('amount_cents', 'bigint')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('CAD').check(sql`currency ~ '^[A-Z]{3}$'`))
    .execute();
  await sql`update affiliate_payments set amount_cents = round(amount * 100)::bigint`.execute(db);
  await db.schema.alterTable('affiliate_payments').dropColumn('amount').execute();
  await db.schema
    .alterTable('affiliate_payments')
    .alterColumn('amount_cents', (c) => c.setNotNull())
    .execute();
  await db.schema
    .alterTable('affiliate_payments')
    .addCheckConstraint('affiliate_payments_amount_cents_positive', sql`amount_cents > 0`)
    .execute();
  // The same provider transaction recorded twice is an operator's double entry: refused.
  await db.schema
    .createIndex('affiliate_payments_transaction_id_key')
    .on('affiliate_payments')
    .column('transaction_id')
    .unique()
    .where(sql.ref('transaction_id'), 'is not', null)
    .execute();

  await db.schema
    .alterTable('referrals')
    .addColumn('purchase_amount_cents', 'bigint')
    .addColumn('commission_cents', 'bigint')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('CAD').check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('affiliate_payment_id', 'uuid', (c) =>
      c.references('affiliate_payments.id').onDelete('set null'),
    )
    .addColumn('reversed_at', 'timestamptz')
    .addColumn('reversal_reason', 'text', (c) => c.check(oneOf('reversal_reason', REVERSAL_REASONS)))
    .addColumn('clawback_cents', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`clawback_cents >= 0`))
    .execute();
  await sql`
    update referrals
    set purchase_amount_cents = coalesce(round(purchase_amount * 100)::bigint, 0),
        commission_cents = coalesce(round(commission_amount * 100)::bigint, 0)`.execute(db);
  await db.schema.alterTable('referrals').dropColumn('purchase_amount').execute();
  await db.schema.alterTable('referrals').dropColumn('commission_amount').execute();
  await db.schema
    .alterTable('referrals')
    .alterColumn('purchase_amount_cents', (c) => c.setNotNull())
    .execute();
  await db.schema
    .alterTable('referrals')
    .alterColumn('commission_cents', (c) => c.setNotNull())
    .execute();
  await db.schema
    .alterTable('referrals')
    .addCheckConstraint(
      'referrals_amounts_cents',
      sql`purchase_amount_cents >= 0 and commission_cents >= 0 and commission_cents <= purchase_amount_cents`,
    )
    .execute();
  await db.schema
    .alterTable('referrals')
    .addCheckConstraint(
      'referrals_source',
      sql`referral_source is null or ${oneOf('referral_source', REFERRAL_SOURCES)}`,
    )
    .execute();
  // Each status carries the time it was reached; a clawback only on a reversed referral.
  await db.schema
    .alterTable('referrals')
    .addCheckConstraint(
      'referrals_status_times',
      sql`(status <> 'converted' or converted_at is not null)
        and (status <> 'paid' or paid_at is not null)
        and ((status = 'cancelled') = (reversed_at is not null))
        and (clawback_cents = 0 or status = 'cancelled')`,
    )
    .execute();

  // One referral per purchase, even when the checkout event is replayed (or sent in parallel).
  await db.schema.dropIndex('referrals_purchase_id_idx').execute();
  await db.schema
    .alterTable('referrals')
    .addUniqueConstraint('referrals_purchase_id_key', ['purchase_id'])
    .execute();
  // The daily sweep: pending referrals by age.
  await db.schema
    .createIndex('referrals_pending_created_at_idx')
    .on('referrals')
    .column('created_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  // A payout settles an affiliate's approved commissions, oldest first.
  await db.schema
    .createIndex('referrals_affiliate_id_status_converted_at_idx')
    .on('referrals')
    .columns(['affiliate_id', 'status', 'converted_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('referrals_affiliate_id_status_converted_at_idx').execute();
  await db.schema.dropIndex('referrals_pending_created_at_idx').execute();
  await db.schema.alterTable('referrals').dropConstraint('referrals_purchase_id_key').execute();
  await db.schema.createIndex('referrals_purchase_id_idx').on('referrals').column('purchase_id').execute();
  await db.schema.alterTable('referrals').dropConstraint('referrals_status_times').execute();
  await db.schema.alterTable('referrals').dropConstraint('referrals_source').execute();
  await db.schema.alterTable('referrals').dropConstraint('referrals_amounts_cents').execute();
  await db.schema
    .alterTable('referrals')
    .addColumn('purchase_amount', 'numeric(12, 2)', (c) => c.check(sql`purchase_amount >= 0`))
    .addColumn('commission_amount', 'numeric(12, 2)', (c) => c.check(sql`commission_amount >= 0`))
    .execute();
  await sql`
    update referrals
    set purchase_amount = purchase_amount_cents / 100.0, commission_amount = commission_cents / 100.0`.execute(
    db,
  );
  for (const column of [
    'purchase_amount_cents',
    'commission_cents',
    'currency',
    'paid_at',
    'affiliate_payment_id',
    'reversed_at',
    'reversal_reason',
    'clawback_cents',
  ]) {
    await db.schema.alterTable('referrals').dropColumn(column).execute();
  }

  await db.schema.dropIndex('affiliate_payments_transaction_id_key').execute();
  await db.schema
    .alterTable('affiliate_payments')
    .addColumn('amount', 'numeric(12, 2)', (c) => c.check(sql`amount >= 0`))
    .execute();
  await sql`update affiliate_payments set amount = amount_cents / 100.0`.execute(db);
  await db.schema
    .alterTable('affiliate_payments')
    .alterColumn('amount', (c) => c.setNotNull())
    .execute();
  await db.schema.alterTable('affiliate_payments').dropColumn('amount_cents').execute();
  await db.schema.alterTable('affiliate_payments').dropColumn('currency').execute();

  await db.schema
    .alterTable('affiliates')
    .addColumn('total_referrals', 'integer', (c) => c.notNull().defaultTo(0).check(sql`total_referrals >= 0`))
    .addColumn('total_earnings', 'numeric(12, 2)', (c) =>
      c.notNull().defaultTo(0).check(sql`total_earnings >= 0`),
    )
    .execute();
  await db.schema.alterTable('affiliates').dropConstraint('affiliates_code_format').execute();
}
