import { type Kysely, sql } from 'kysely';

// The affiliate programme (affiliates, their referrals and their payouts) and the records of
// the sync with the external business-management system (spec section 3, 'Stored definitions').

/** `column in ('a', 'b', ...)` as literals (a CHECK in DDL cannot take bind parameters). */
function oneOf(column: string, values: readonly string[]) {
  return sql<boolean>`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

const AFFILIATE_STATUSES = ['pending', 'approved', 'blocked'] as const;
const PAYMENT_METHODS = ['bank_transfer', 'paypal', 'stripe', 'crypto'] as const;
const REFERRAL_STATUSES = ['pending', 'converted', 'cancelled', 'paid'] as const;
const AFFILIATE_PAYMENT_STATUSES = ['processing', 'paid', 'failed'] as const;
const SYNC_STATUSES = ['pending', 'synced', 'failed'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('affiliates')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().unique().check(sql`length(trim(code)) > 0`))
    .addColumn('bio', 'text')
    .addColumn('website_url', 'text')
    .addColumn('instagram_handle', 'text')
    .addColumn('twitter_handle', 'text')
    .addColumn('tiktok_handle', 'text')
    .addColumn('commission_rate', 'numeric(5, 4)', (c) =>
      c.notNull().defaultTo(sql`0.1`).check(sql`commission_rate between 0 and 1`),
    )
    .addColumn('total_referrals', 'integer', (c) => c.notNull().defaultTo(0).check(sql`total_referrals >= 0`))
    .addColumn('total_earnings', 'numeric(12, 2)', (c) =>
      c.notNull().defaultTo(0).check(sql`total_earnings >= 0`),
    )
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(oneOf('status', AFFILIATE_STATUSES)),
    )
    .addColumn('payment_method', 'text', (c) => c.check(oneOf('payment_method', PAYMENT_METHODS)))
    .addColumn('payment_details', 'jsonb')
    .addColumn('last_paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('referrals')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('affiliate_id', 'uuid', (c) => c.notNull().references('affiliates.id').onDelete('cascade'))
    .addColumn('referred_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('purchase_id', 'uuid', (c) => c.references('payments.id').onDelete('set null'))
    .addColumn('purchase_amount', 'numeric(12, 2)', (c) => c.check(sql`purchase_amount >= 0`))
    .addColumn('commission_amount', 'numeric(12, 2)', (c) => c.check(sql`commission_amount >= 0`))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(oneOf('status', REFERRAL_STATUSES)),
    )
    .addColumn('ip_address', 'text')
    .addColumn('referral_source', 'text')
    .addColumn('converted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('referrals_affiliate_id_created_at_idx')
    .on('referrals')
    .columns(['affiliate_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('referrals_referred_user_id_idx')
    .on('referrals')
    .column('referred_user_id')
    .execute();
  await db.schema.createIndex('referrals_purchase_id_idx').on('referrals').column('purchase_id').execute();

  await db.schema
    .createTable('affiliate_payments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('affiliate_id', 'uuid', (c) => c.notNull().references('affiliates.id').onDelete('cascade'))
    .addColumn('amount', 'numeric(12, 2)', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('transaction_id', 'text')
    .addColumn('payment_method', 'text', (c) => c.check(oneOf('payment_method', PAYMENT_METHODS)))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('processing').check(oneOf('status', AFFILIATE_PAYMENT_STATUSES)),
    )
    .addColumn('notes', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('affiliate_payments_affiliate_id_created_at_idx')
    .on('affiliate_payments')
    .columns(['affiliate_id', 'created_at'])
    .execute();

  // One record per local entity and external model. NULLS NOT DISTINCT (PostgreSQL 15+) keeps
  // that true when the external model is not known yet, so an upsert can target it.
  await db.schema
    .createTable('integration_sync_records')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text')
    .addColumn('external_model', 'text')
    .addColumn('sync_status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(oneOf('sync_status', SYNC_STATUSES)),
    )
    .addColumn('last_sync_at', 'timestamptz')
    .addColumn('sync_data', 'jsonb')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint(
      'integration_sync_records_entity_key',
      ['entity_type', 'entity_id', 'external_model'],
      (u) => u.nullsNotDistinct(),
    )
    .execute();
  await db.schema
    .createIndex('integration_sync_records_user_id_idx')
    .on('integration_sync_records')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('integration_sync_records_sync_status_idx')
    .on('integration_sync_records')
    .columns(['sync_status', 'last_sync_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('integration_sync_records').execute();
  await db.schema.dropTable('affiliate_payments').execute();
  await db.schema.dropTable('referrals').execute();
  await db.schema.dropTable('affiliates').execute();
}
