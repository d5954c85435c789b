import { type Kysely, sql } from 'kysely';

// What the store sells (capsule packages), what was paid (payments), what was bought
// (subscriptions), the capsules a purchase creates, and their delivery to recipients
// (received_capsules). Money is numeric(12,2), never a float.

/** `column in ('a', 'b', ...)` as literals (a CHECK in DDL cannot take bind parameters). */
function oneOf(column: string, values: readonly string[]) {
  return sql<boolean>`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

const CAPSULE_KINDS = ['legacy', 'journey'] as const;
const DELIVERY_CRITERIA = [
  'Milestone_Date',
  'View_Any_Time',
  'Document_Validation',
  'Premium_Verification',
] as const;
const CAPSULE_STATUSES = [
  'Pending_Recipient',
  'Pending_Upload',
  'Upload_In_Progress',
  'Reviewing',
  'Needs_Review',
  'Processed',
  'Sent',
  'To_Delete',
] as const;
const STATUSES_BEFORE_DELETE = CAPSULE_STATUSES.filter((s) => s !== 'To_Delete');
// Set Capsule Info's categories plus the list filter's Honeymoon (spec sections 2 and 5).
const CAPSULE_CATEGORIES = [
  'Graduation',
  'Wedding',
  'Family',
  'First Born',
  'Retirement',
  'Wake',
  'Honeymoon',
] as const;
const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;
const DOCUMENT_VERIFICATION_STATUSES = ['Submitted', 'Verified', 'Rejected'] as const;

// '5_minutes': a whole, positive number of minutes (the upload's duration limit).
const CAPSULE_LENGTH_PATTERN = '^[1-9][0-9]*_minutes$';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('capsule_packages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // Its first word is the capsule count, e.g. '5 Legacy Capsules' (the dashboard reads it).
    .addColumn('name', 'text', (c) => c.notNull().unique().check(sql`length(trim(name)) > 0`))
    .addColumn('description', 'text')
    .addColumn('price', 'numeric(12, 2)', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('capsule_count', 'integer', (c) => c.notNull().check(sql`capsule_count > 0`))
    .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', CAPSULE_KINDS)))
    .addColumn('capsule_length', 'text', (c) =>
      c.notNull().check(sql`capsule_length ~ ${sql.lit(CAPSULE_LENGTH_PATTERN)}`),
    )
    .addColumn('delivery_criteria', 'text', (c) =>
      c.notNull().check(oneOf('delivery_criteria', DELIVERY_CRITERIA)),
    )
    .addColumn('annual_storage_fee', 'numeric(12, 2)', (c) =>
      c.notNull().defaultTo(0).check(sql`annual_storage_fee >= 0`),
    )
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('payment_product_id', 'text')
    .addColumn('payment_price_id', 'text')
    .addColumn('business_product_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Purchases find a package by its name whatever the case: two names differing only in case
  // would make that ambiguous.
  await sql`create unique index capsule_packages_name_lower_key on capsule_packages (lower(name))`.execute(
    db,
  );

  await db.schema
    .createTable('payments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount', 'numeric(12, 2)', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('CAD').check(sql`currency ~ '^[A-Z]{3}$'`))
    // The card payment provider's id: a webhook delivered twice records one payment.
    .addColumn('provider_payment_id', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(oneOf('status', PAYMENT_STATUSES)),
    )
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('payments_user_id_created_at_idx')
    .on('payments')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('package_id', 'uuid', (c) => c.references('capsule_packages.id').onDelete('set null'))
    .addColumn('product_id', 'text') // the business system's product id
    // Its first word is the capsule allowance ('5 Legacy Capsules').
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1).check(sql`quantity > 0`))
    .addColumn('price', 'numeric(12, 2)', (c) => c.check(sql`price >= 0`))
    // The store's pricing list: [{ "price": 199, ... }, ...].
    .addColumn('pricing', 'jsonb', (c) =>
      c.notNull().defaultTo(sql`'[]'::jsonb`).check(sql`jsonb_typeof(pricing) = 'array'`),
    )
    .addColumn('order_id', 'text')
    .addColumn('order_name', 'text')
    .addColumn('order_number', 'text')
    .addColumn('next_invoice_date', 'date')
    .addColumn('payment_id', 'uuid', (c) => c.references('payments.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('subscriptions_user_id_created_at_idx')
    .on('subscriptions')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('subscriptions_payment_id_idx')
    .on('subscriptions')
    .column('payment_id')
    .execute();

  await db.schema
    .createTable('capsules')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subscription_id', 'uuid', (c) => c.references('subscriptions.id').onDelete('set null'))
    .addColumn('package_id', 'uuid', (c) => c.references('capsule_packages.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', CAPSULE_KINDS)))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('Pending_Recipient').check(oneOf('status', CAPSULE_STATUSES)),
    )
    // What Recover Capsule restores once the capsule is no longer To_Delete.
    .addColumn('status_before_delete', 'text', (c) =>
      c.check(oneOf('status_before_delete', STATUSES_BEFORE_DELETE)),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('category', 'text', (c) => c.check(oneOf('category', CAPSULE_CATEGORIES)))
    .addColumn('delivery_criteria', 'text', (c) =>
      c.notNull().check(oneOf('delivery_criteria', DELIVERY_CRITERIA)),
    )
    .addColumn('capsule_length', 'text', (c) =>
      c.check(sql`capsule_length ~ ${sql.lit(CAPSULE_LENGTH_PATTERN)}`),
    )
    // The recipient is copied onto the capsule when assigned: editing or deleting the contact
    // later never changes who receives it.
    .addColumn('contact_id', 'uuid', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('recipient_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('recipient_name', 'text')
    .addColumn('recipient_email', 'text')
    .addColumn('recipient_birthday', 'date')
    .addColumn('recipient_assigned_at', 'timestamptz')
    .addColumn('message', 'text')
    .addColumn('delivery_date', 'date')
    .addColumn('releasable', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('rating_verification', 'text')
    .addColumn('video_blob_name', 'text')
    .addColumn('video_url', 'text')
    .addColumn('video_thumbnail_url', 'text')
    .addColumn('upload_date', 'timestamptz')
    .addColumn('locked_at', 'timestamptz')
    .addColumn('preview_viewed_at', 'timestamptz')
    .addColumn('retry_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`retry_count >= 0`))
    .addColumn('review_note', 'text')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('delete_requested_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Only Pending_Recipient has no recipient yet; a capsule marked for deletion has one
    // unless it was marked before a recipient was assigned.
    .addCheckConstraint(
      'capsules_recipient_check',
      sql`recipient_email is not null
        or status = 'Pending_Recipient'
        or (status = 'To_Delete' and coalesce(status_before_delete, 'Pending_Recipient') = 'Pending_Recipient')`,
    )
    .execute();
  await db.schema
    .createIndex('capsules_owner_id_status_idx')
    .on('capsules')
    .columns(['owner_id', 'status'])
    .execute();
  await db.schema
    .createIndex('capsules_owner_id_created_at_idx')
    .on('capsules')
    .columns(['owner_id', 'created_at'])
    .execute();
  // Delivery finds the capsules waiting for an account by e-mail, whatever its case.
  await sql`create index capsules_recipient_email_lower_idx on capsules (lower(recipient_email))`.execute(db);
  await db.schema
    .createIndex('capsules_recipient_user_id_idx')
    .on('capsules')
    .column('recipient_user_id')
    .execute();
  await db.schema.createIndex('capsules_contact_id_idx').on('capsules').column('contact_id').execute();
  await db.schema
    .createIndex('capsules_subscription_id_idx')
    .on('capsules')
    .column('subscription_id')
    .execute();

  // A delivered capsule in its recipient's Received list.
  await db.schema
    .createTable('received_capsules')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('capsule_id', 'uuid', (c) => c.notNull().references('capsules.id').onDelete('cascade'))
    .addColumn('viewed_at', 'timestamptz')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('document_verification_status', 'text', (c) =>
      c.check(oneOf('document_verification_status', DOCUMENT_VERIFICATION_STATUSES)),
    )
    .addColumn('document_blob_name', 'text')
    .addColumn('document_submitted_at', 'timestamptz')
    .addUniqueConstraint('received_capsules_user_id_capsule_id_key', ['user_id', 'capsule_id'])
    .execute();
  await db.schema
    .createIndex('received_capsules_user_id_received_at_idx')
    .on('received_capsules')
    .columns(['user_id', 'received_at'])
    .execute();
  await db.schema
    .createIndex('received_capsules_capsule_id_idx')
    .on('received_capsules')
    .column('capsule_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('received_capsules').execute();
  await db.schema.dropTable('capsules').execute();
  await db.schema.dropTable('subscriptions').execute();
  await db.schema.dropTable('payments').execute();
  await db.schema.dropTable('capsule_packages').execute();
}
