import { type Kysely, sql } from 'kysely';

// The birthday rule (docs/server-rules.md, 'Birthday rule'): a Milestone Date capsule may open on
// the recipient's Nth birthday. The capsule's delivery date stays the one truth delivery reads;
// this column says the date is that birthday, so it follows a corrected birthday until the lock.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('capsules')
    .addColumn('birthday_age', 'smallint', (c) => c.check(sql`birthday_age between 1 and 150`))
    .execute();
  // The follow-up on a corrected birthday looks capsules up by their contact.
  await db.schema
    .createIndex('capsules_birthday_rule_idx')
    .on('capsules')
    .column('contact_id')
    .where(sql.ref('birthday_age'), 'is not', null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('capsules_birthday_rule_idx').execute();
  await db.schema.alterTable('capsules').dropColumn('birthday_age').execute();
}
