import { type Kysely, sql } from 'kysely';

// The list sorted by delivery date (REST sortby=delivery: delivery_date asc nulls last, then
// created_at, then seq) had no index to walk: PostgreSQL read and sorted every capsule of the
// owner for a page of 12, about a second at a million capsules. This index holds
// the owner's capsules in exactly that order (a btree's ascending order puts nulls last), so
// the first page is 12 index entries whatever the owner holds.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index capsules_owner_id_delivery_date_idx
    on capsules (owner_id, delivery_date, created_at, seq)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index capsules_owner_id_delivery_date_idx`.execute(db);
}
