import { type Kysely, sql } from 'kysely';

// The capsules of one purchase share their creation time: a sequence gives the lists a stable
// order among them (Legacy Capsule #1, #2, ... in the order they were made).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table capsules add column seq bigint generated always as identity`.execute(db);
  await db.schema
    .createIndex('capsules_owner_id_created_at_seq_idx')
    .on('capsules')
    .columns(['owner_id', 'created_at', 'seq'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('capsules_owner_id_created_at_seq_idx').execute();
  await db.schema.alterTable('capsules').dropColumn('seq').execute();
}
