import { type Kysely, sql } from 'kysely';

// A capsule's record (docs/server-rules.md, 'Capsule record'): one row per event that decides
// whether and when it opens (lock, delivery, document, operator's verdict, release decision,
// opening). Append-only, enforced here and not only by the app:
// - triggers refuse UPDATE, DELETE and TRUNCATE for every role, the table's owner included;
// - no foreign keys: a capsule or an account deleted later must not take its record with it
//   (a cascade would be a DELETE, refused), so ids are kept as plain values.
// Production should also grant the app's role only INSERT and SELECT on it (docs/operations).

const EVENTS = [
  'locked',
  'delivered',
  'document_submitted',
  'document_reviewed',
  'release_decided',
  'opened',
];
const ACTORS = ['sender', 'recipient', 'operator', 'system'];
const list = (values: string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('capsule_trail')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('capsule_id', 'uuid', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull().check(sql`event in (${list(EVENTS)})`))
    .addColumn('actor', 'text', (c) => c.notNull().check(sql`actor in (${list(ACTORS)})`))
    .addColumn('actor_id', 'uuid')
    .addColumn('details', 'jsonb', (c) =>
      c.notNull().defaultTo(sql`'{}'::jsonb`).check(sql`jsonb_typeof(details) = 'object'`),
    )
    .execute();
  await db.schema
    .createIndex('capsule_trail_capsule_idx')
    .on('capsule_trail')
    .columns(['capsule_id', 'id'])
    .execute();
  await sql`create function capsule_trail_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'capsule_trail is append-only: % refused', tg_op using errcode = '42501';
    end $$`.execute(db);
  await sql`create trigger capsule_trail_no_change before update or delete on capsule_trail
    for each row execute function capsule_trail_append_only()`.execute(db);
  await sql`create trigger capsule_trail_no_truncate before truncate on capsule_trail
    for each statement execute function capsule_trail_append_only()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('capsule_trail').execute();
  await sql`drop function capsule_trail_append_only()`.execute(db);
}
