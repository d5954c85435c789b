import { type Kysely, sql } from 'kysely';

// Delivery exactly once (docs/decisions/014-delivery-exactly-once.md). A locked capsule
// gets the instant its delivery is due (due_at, fixed at lock) and the instant the sweep should
// next look at it (delivery_check_at: due_at at first, an hour later each time its recipient has
// no account yet). Delivery writes the recipient's received_capsules row, delivered_at and the
// recipient's mail in the outbox (delivery_mails) in one transaction; the mail sweep sends the
// outbox with retries timed by the app's clock.

const MAIL_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('capsules')
    .addColumn('due_at', 'timestamptz')
    .addColumn('delivery_check_at', 'timestamptz')
    .execute();

  // Capsules locked before this migration: due at lock, or at the custom notification instant
  // of their accepted upload when that is later (the rule of delivery-rules.ts, in SQL once).
  await sql`
    update capsules c set
      due_at = d.due_at,
      delivery_check_at = case when c.delivered_at is null then d.due_at end
    from (
      select c2.id,
        case
          when u.id is not null and u.notify_enabled and u.notify_timing = 'custom' and u.notify_at is not null
            then greatest(c2.locked_at, u.notify_at)
          else c2.locked_at
        end as due_at
      from capsules c2
      left join video_uploads u on u.id = c2.video_upload_id
      where c2.locked_at is not null
    ) d
    where d.id = c.id`.execute(db);

  // The sweep's one query: what is due to be looked at, oldest first, among the undelivered.
  await sql`create index capsules_delivery_check_idx on capsules (delivery_check_at)
    where delivered_at is null and delivery_check_at is not null`.execute(db);
  // A new account's capsules: found by its e-mail, whatever its case.
  await sql`create index capsules_awaiting_recipient_idx on capsules (lower(recipient_email))
    where delivered_at is null and due_at is not null`.execute(db);

  // One received row per capsule, whoever received it: the database refuses a second delivery
  // even if the code were wrong. It replaces the plain index on capsule_id.
  await sql`drop index received_capsules_capsule_id_idx`.execute(db);
  await sql`create unique index received_capsules_capsule_id_key on received_capsules (capsule_id)`.execute(
    db,
  );
  // The recipient's first play (viewed_at is the first opening of the details).
  await db.schema.alterTable('received_capsules').addColumn('played_at', 'timestamptz').execute();

  // The recipient's delivery mail, one per capsule: the outbox the mail sweep works through.
  await db.schema
    .createTable('delivery_mails')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('capsule_id', 'uuid', (c) =>
      c.notNull().unique().references('capsules.id').onDelete('cascade'),
    )
    .addColumn('received_capsule_id', 'uuid', (c) =>
      c.notNull().references('received_capsules.id').onDelete('cascade'),
    )
    .addColumn('recipient_user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // pending: to send; sent; failed: the last try failed; skipped: Notify Recipient was off.
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in (${sql.join(MAIL_STATUSES.map((s) => sql.lit(s)))})`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // When the sweep may take it next (a claim pushes it out by a lease; a failure by the back-off).
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'timestamptz')
    // The app's clock, not the database's: retries and the last try are measured from it.
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint(
      'delivery_mails_pending_check',
      sql`status <> 'pending' or next_attempt_at is not null`,
    )
    .execute();
  await sql`create index delivery_mails_pending_idx on delivery_mails (next_attempt_at)
    where status = 'pending'`.execute(db);
  await sql`create index delivery_mails_failed_idx on delivery_mails (created_at)
    where status = 'failed'`.execute(db);
  await db.schema
    .createIndex('delivery_mails_received_capsule_id_idx')
    .on('delivery_mails')
    .column('received_capsule_id')
    .execute();
  await db.schema
    .createIndex('delivery_mails_recipient_user_id_idx')
    .on('delivery_mails')
    .column('recipient_user_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('delivery_mails').execute();
  await db.schema.alterTable('received_capsules').dropColumn('played_at').execute();
  await sql`drop index received_capsules_capsule_id_key`.execute(db);
  await sql`create index received_capsules_capsule_id_idx on received_capsules (capsule_id)`.execute(db);
  await sql`drop index capsules_awaiting_recipient_idx`.execute(db);
  await sql`drop index capsules_delivery_check_idx`.execute(db);
  await db.schema.alterTable('capsules').dropColumn('delivery_check_at').dropColumn('due_at').execute();
}
