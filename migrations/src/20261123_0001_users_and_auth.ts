import { type Kysely, sql } from 'kysely';

// Users, server-side sessions, one-time codes, sign-in failure counters and terms acceptances.
// A migration is frozen once it has run anywhere: change the schema with a new file, never by
// editing this one. It must stay plain SQL that PostgreSQL 15 and PGlite (PostgreSQL 18) both accept.

/** `column in ('a', 'b', ...)` as literals (a CHECK in DDL cannot take bind parameters). */
function oneOf(column: string, values: readonly string[]) {
  return sql<boolean>`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

const SYNC_STATUSES = ['pending', 'synced', 'failed'] as const;
const SESSION_STAGES = ['password', 'verified'] as const;
const AUTH_FAILURE_SCOPES = ['login_account', 'login_ip', 'otp_account', 'otp_ip'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('payment_customer_id', 'text')
    .addColumn('storage_container_id', 'text')
    .addColumn('business_customer_id', 'text')
    .addColumn('partner_ref', 'text')
    .addColumn('last_sync_at', 'timestamptz')
    .addColumn('sync_status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(oneOf('sync_status', SYNC_STATUSES)),
    )
    .execute();
  // E-mail addresses are unique whatever their case: sign-in and delivery match them case-insensitively.
  await sql`create unique index users_email_lower_key on users (lower(email))`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey()) // a random token made by the app
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('stage', 'text', (c) => c.notNull().check(oneOf('stage', SESSION_STAGES)))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();

  // Rows outlive their session (session_id becomes null): resend limits are counted from them.
  await db.schema
    .createTable('one_time_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.references('sessions.id').onDelete('set null'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0).check(sql`attempts >= 0`))
    .addColumn('used_at', 'timestamptz')
    .addColumn('invalidated_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('one_time_codes_user_id_created_at_idx')
    .on('one_time_codes')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('one_time_codes_session_id_idx')
    .on('one_time_codes')
    .column('session_id')
    .execute();

  // One row per refused attempt, so several app instances share the same counters.
  await db.schema
    .createTable('auth_failures')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('scope', 'text', (c) => c.notNull().check(oneOf('scope', AUTH_FAILURE_SCOPES)))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('auth_failures_scope_key_created_at_idx')
    .on('auth_failures')
    .columns(['scope', 'key', 'created_at'])
    .execute();
  await db.schema
    .createIndex('auth_failures_created_at_idx')
    .on('auth_failures')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('terms_acceptances')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('terms_version', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ip', 'text')
    .addPrimaryKeyConstraint('terms_acceptances_pkey', ['user_id', 'terms_version'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('terms_acceptances').execute();
  await db.schema.dropTable('auth_failures').execute();
  await db.schema.dropTable('one_time_codes').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
