import { type Kysely, sql } from 'kysely';

// Who is asking, in one read per request: the session, its user and the terms versions that
// user accepted. The auth module owns this view (docs/decisions/008); it reads the users and
// terms tables only here, so the session, the user and the terms state arrive in one round
// trip instead of three.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create view session_identities as
    select s.id, s.stage, s.last_seen_at, s.expires_at, s.user_id,
           u.username, u.email, u.full_name, u.phone_number,
           array(select t.terms_version from terms_acceptances t where t.user_id = s.user_id)
             as accepted_terms_versions
    from sessions s
    join users u on u.id = s.user_id`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop view session_identities`.execute(db);
}
