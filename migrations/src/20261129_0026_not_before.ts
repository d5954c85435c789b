import type { Kysely } from 'kysely';

// The combined rule (docs/server-rules.md, 'Combined rule'): a capsule that opens with a verified
// document may also wait for a day ('verified, and not before 2030'), chosen as a date or as the
// recipient's Nth birthday (birthday_age, migration 0025). The release rule reads this column.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('capsules').addColumn('not_before_date', 'date').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('capsules').dropColumn('not_before_date').execute();
}
