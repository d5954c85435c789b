import { type Kysely, sql } from 'kysely';

// A user's contacts (future capsule recipients) and their named groups.

function oneOf(column: string, values: readonly string[]) {
  return sql<boolean>`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

const RELATIONSHIP_TYPES = ['Family', 'Friend', 'Colleague', 'Other'] as const;
const GROUP_RELATIONSHIP_TYPES = ['Family', 'Friend'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contacts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    // Never null (both parts are NOT NULL); declared so, the column types say string, not string | null.
    .addColumn('full_name', 'text', (c) =>
      c.generatedAlwaysAs(sql`first_name || ' ' || last_name`).stored().notNull(),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('relationship_type', 'text', (c) => c.check(oneOf('relationship_type', RELATIONSHIP_TYPES)))
    .addColumn('relationship_details', 'text')
    // 'Not in the future' depends on the clock, which a CHECK must not: the app enforces it.
    .addColumn('birthday', 'date', (c) => c.check(sql`birthday >= '1900-01-01'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('contacts_user_id_last_name_first_name_idx')
    .on('contacts')
    .columns(['user_id', 'last_name', 'first_name'])
    .execute();
  await db.schema
    .createIndex('contacts_user_id_relationship_type_idx')
    .on('contacts')
    .columns(['user_id', 'relationship_type'])
    .execute();

  await db.schema
    .createTable('contact_groups')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(trim(name)) between 1 and 100`))
    .addColumn('relationship_type', 'text', (c) =>
      c.notNull().check(oneOf('relationship_type', GROUP_RELATIONSHIP_TYPES)),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index contact_groups_user_id_type_name_key
    on contact_groups (user_id, relationship_type, lower(name))`.execute(db);

  await db.schema
    .createTable('contact_group_members')
    .addColumn('group_id', 'uuid', (c) => c.notNull().references('contact_groups.id').onDelete('cascade'))
    .addColumn('contact_id', 'uuid', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('added_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('contact_group_members_pkey', ['group_id', 'contact_id'])
    .execute();
  await db.schema
    .createIndex('contact_group_members_contact_id_idx')
    .on('contact_group_members')
    .column('contact_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contact_group_members').execute();
  await db.schema.dropTable('contact_groups').execute();
  await db.schema.dropTable('contacts').execute();
}
