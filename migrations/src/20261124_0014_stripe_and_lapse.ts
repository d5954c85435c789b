import { type Kysely, sql } from 'kysely';

// Purchases from the card provider (Stripe) and storage plans that never silently delete
// (docs/decisions/011-stripe-webhook.md). All owned by the commerce module, except
// capsules.lapse_marked_at, which the capsules module writes when a lapsed plan's grace ends.
//
// - payments: money in integer cents (amount_cents bigint) instead of numeric(12,2); what a
//   refund gave back; the provider's invoice; two more statuses (partially refunded, disputed).
// - stripe_events: every provider event processed, by its id, written in the transaction of its
//   effects: a replay finds it and changes nothing; a crash before the commit re-processes.
// - pending_purchases: a paid checkout whose buyer has no account yet, kept until one appears.
// - subscriptions: the provider's subscription id, and the lapse of the annual storage fee
//   (since when, why, which e-mails went out, when the grace ended).
// - capsule_packages: a provider price id names at most one package.

/** `column in ('a', 'b', ...)` as literals (a CHECK in DDL cannot take bind parameters). */
function oneOf(column: string, values: readonly string[]) {
  return sql<boolean>`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

const PAYMENT_STATUSES = [
  'pending',
  'succeeded',
  'failed',
  'refunded',
  'partially_refunded',
  'disputed',
] as const;
const OLD_PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;
const LAPSE_REASONS = ['payment_failed', 'cancelled'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('amount_cents', 'bigint').execute();
  await sql`update payments set amount_cents = round(amount * 100)::bigint`.execute(db);
  await db.schema.alterTable('payments').dropColumn('amount').execute();
  await db.schema
    .alterTable('payments')
    .alterColumn('amount_cents', (c) => c.setNotNull())
    .execute();
  await db.schema
    .alterTable('payments')
    .addCheckConstraint('payments_amount_cents_check', sql`amount_cents >= 0`)
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('refunded_cents', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`refunded_cents >= 0`))
    .addColumn('provider_invoice_id', 'text')
    .execute();
  await db.schema
    .createIndex('payments_provider_invoice_id_key')
    .on('payments')
    .column('provider_invoice_id')
    .unique()
    .where(sql.ref('provider_invoice_id'), 'is not', null)
    .execute();
  await sql`alter table payments drop constraint payments_status_check`.execute(db);
  await db.schema
    .alterTable('payments')
    .addCheckConstraint('payments_status_check', oneOf('status', PAYMENT_STATUSES))
    .execute();

  await db.schema
    .createIndex('capsule_packages_payment_price_id_key')
    .on('capsule_packages')
    .column('payment_price_id')
    .unique()
    .where(sql.ref('payment_price_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    // What processing it did, for an operator reading why an event changed nothing.
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('pending_purchases')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('package_id', 'uuid', (c) => c.notNull().references('capsule_packages.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    // The same checkout kept twice would attach twice.
    .addColumn('provider_payment_id', 'text', (c) => c.notNull().unique())
    .addColumn('provider_invoice_id', 'text')
    .addColumn('provider_subscription_id', 'text')
    .addColumn('order_number', 'text')
    .addColumn('referral_code', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attached_at', 'timestamptz')
    .addColumn('payment_id', 'uuid', (c) => c.references('payments.id').onDelete('set null'))
    .execute();
  await sql`create index pending_purchases_waiting_email_idx on pending_purchases (lower(email)) where attached_at is null`.execute(
    db,
  );

  await db.schema
    .alterTable('subscriptions')
    .addColumn('provider_subscription_id', 'text')
    .addColumn('lapsed_at', 'timestamptz')
    .addColumn('lapse_reason', 'text', (c) => c.check(oneOf('lapse_reason', LAPSE_REASONS)))
    .addColumn('lapse_mail_sent_at', 'timestamptz')
    .addColumn('lapse_enforced_at', 'timestamptz')
    .addColumn('enforced_mail_sent_at', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('subscriptions')
    .addCheckConstraint(
      'subscriptions_lapse_check',
      sql`(lapsed_at is null) = (lapse_reason is null) and (lapse_enforced_at is null or lapsed_at is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('subscriptions_provider_subscription_id_key')
    .on('subscriptions')
    .column('provider_subscription_id')
    .unique()
    .where(sql.ref('provider_subscription_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('subscriptions_lapsed_at_idx')
    .on('subscriptions')
    .column('lapsed_at')
    .where(sql.ref('lapsed_at'), 'is not', null)
    .execute();

  // Which lapse last marked the capsule: a capsule recovered by its owner is not marked again by
  // the same lapse's daily sweep.
  await db.schema.alterTable('capsules').addColumn('lapse_marked_at', 'timestamptz').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('capsules').dropColumn('lapse_marked_at').execute();
  await db.schema.dropIndex('subscriptions_lapsed_at_idx').execute();
  await db.schema.dropIndex('subscriptions_provider_subscription_id_key').execute();
  await db.schema.alterTable('subscriptions').dropConstraint('subscriptions_lapse_check').execute();
  for (const column of [
    'provider_subscription_id',
    'lapsed_at',
    'lapse_reason',
    'lapse_mail_sent_at',
    'lapse_enforced_at',
    'enforced_mail_sent_at',
  ]) {
    await db.schema.alterTable('subscriptions').dropColumn(column).execute();
  }
  await db.schema.dropTable('pending_purchases').execute();
  await db.schema.dropTable('stripe_events').execute();
  await db.schema.dropIndex('capsule_packages_payment_price_id_key').execute();
  await sql`alter table payments drop constraint payments_status_check`.execute(db);
  await sql`update payments set status = 'refunded' where status in ('partially_refunded', 'disputed')`.execute(
    db,
  );
  await db.schema
    .alterTable('payments')
    .addCheckConstraint('payments_status_check', oneOf('status', OLD_PAYMENT_STATUSES))
    .execute();
  await db.schema.dropIndex('payments_provider_invoice_id_key').execute();
  await db.schema.alterTable('payments').dropColumn('provider_invoice_id').execute();
  await db.schema.alterTable('payments').dropColumn('refunded_cents').execute();
  await db.schema.alterTable('payments').addColumn('amount', 'numeric(12, 2)').execute();
  await sql`update payments set amount = amount_cents / 100.0`.execute(db);
  await db.schema.alterTable('payments').dropColumn('amount_cents').execute();
  await db.schema
    .alterTable('payments')
    .alterColumn('amount', (c) => c.setNotNull())
    .execute();
}
