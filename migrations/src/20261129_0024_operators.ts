import { type Kysely, sql } from 'kysely';

// The people who run the service (docs/operations/operators.md):
// - user_roles: who holds the operator role. A role is a row, not a column on users, so a grant
//   and its revocation are each one statement the admin CLI records, and more roles can follow.
// - operator_actions: every operator's action and role change (who, what, on what, why, when).
//   Append-only like capsule_trail (migration 0022): triggers refuse UPDATE, DELETE and
//   TRUNCATE, and no foreign keys, so an account deleted later keeps the record of what was done
//   by or to it.
// - session_identities gains the user's roles, so the one read per request also says whether
//   the caller is an operator (migration 0007 made that read one round trip).

const ROLES = ['operator'];
const list = (values: string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in (${list(ROLES)})`))
    .addColumn('granted_at', 'timestamptz', (c) => c.notNull())
    .addColumn('granted_by', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_roles_pkey', ['user_id', 'role'])
    .execute();

  await db.schema
    .createTable('operator_actions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('operator', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'uuid')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('details', 'jsonb', (c) =>
      c.notNull().defaultTo(sql`'{}'::jsonb`).check(sql`jsonb_typeof(details) = 'object'`),
    )
    .execute();
  await db.schema
    .createIndex('operator_actions_at_idx')
    .on('operator_actions')
    .columns(['at', 'id'])
    .execute();
  await sql`create function operator_actions_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'operator_actions is append-only: % refused', tg_op using errcode = '42501';
    end $$`.execute(db);
  await sql`create trigger operator_actions_no_change before update or delete on operator_actions
    for each row execute function operator_actions_append_only()`.execute(db);
  await sql`create trigger operator_actions_no_truncate before truncate on operator_actions
    for each statement execute function operator_actions_append_only()`.execute(db);

  // The function returns the view's row type: it goes first and comes back over the new view.
  await sql`drop function session_identity(text)`.execute(db);
  await sql`create or replace view session_identities as
    select s.id, s.stage, s.last_seen_at, s.expires_at, s.user_id,
           u.username, u.email, u.full_name, u.phone_number,
           array(select t.terms_version from terms_acceptances t where t.user_id = s.user_id)
             as accepted_terms_versions,
           array(select r.role from user_roles r where r.user_id = s.user_id order by r.role)
             as roles
    from sessions s
    join users u on u.id = s.user_id`.execute(db);
  await createSessionIdentityFunction(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
async function createSessionIdentityFunction(db: Kysely<any>): Promise<void> {
  await sql`create function session_identity(session_id text) returns setof session_identities
    language plpgsql stable as $$
  begin
    return query select * from session_identities where id = session_id;
  end $$`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function session_identity(text)`.execute(db);
  // A view cannot lose a column in place: dropped and made again as migration 0007 left it.
  await sql`drop view session_identities`.execute(db);
  await sql`create view session_identities as
    select s.id, s.stage, s.last_seen_at, s.expires_at, s.user_id,
           u.username, u.email, u.full_name, u.phone_number,
           array(select t.terms_version from terms_acceptances t where t.user_id = s.user_id)
             as accepted_terms_versions
    from sessions s
    join users u on u.id = s.user_id`.execute(db);
  await createSessionIdentityFunction(db);
  await db.schema.dropTable('operator_actions').execute();
  await sql`drop function operator_actions_append_only()`.execute(db);
  await db.schema.dropTable('user_roles').execute();
}
