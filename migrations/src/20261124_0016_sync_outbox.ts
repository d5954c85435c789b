import { type Kysely, sql } from 'kysely';

// The sync with the business system (Odoo) as a transactional outbox: a change writes
// its integration_sync_records row in its own transaction; a job pushes due rows later. What the
// pusher needs on top of the spec's record (migration 0004):
// - attempts and next_attempt_at: the retries with back-off (times from the app's clock; a null
//   next_attempt_at is due at once);
// - locked_until and lease_token: a pusher's claim on a row, so two pushers never send one row at
//   once and a pusher that died or hung loses its claim when the lease runs out;
// - change_version: bumped by every change, so a push that read version 3 cannot mark version 4
//   synced (a change that arrives mid-push stays pending and is pushed again).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('integration_sync_records')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0).check(sql`attempts >= 0`))
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('locked_until', 'timestamptz')
    .addColumn('lease_token', 'uuid')
    .addColumn('change_version', 'integer', (c) => c.notNull().defaultTo(1).check(sql`change_version > 0`))
    .execute();
  // What the pusher asks every minute: pending rows whose time has come.
  await sql`create index integration_sync_records_due_idx
    on integration_sync_records (next_attempt_at nulls first) where sync_status = 'pending'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index integration_sync_records_due_idx`.execute(db);
  await db.schema
    .alterTable('integration_sync_records')
    .dropColumn('change_version')
    .dropColumn('lease_token')
    .dropColumn('locked_until')
    .dropColumn('next_attempt_at')
    .dropColumn('attempts')
    .execute();
}
