import { type Kysely, sql } from 'kysely';

// Signing in again from the same browser rotates its session to a new id in place (ASVS 7.2.4:
// the old id is dead) instead of deleting it: the one-time code mailed a moment ago follows
// the session to its new id, so it stays valid while a resend is still refused as too soon.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table one_time_codes
    drop constraint one_time_codes_session_id_fkey,
    add constraint one_time_codes_session_id_fkey foreign key (session_id)
      references sessions (id) on delete set null on update cascade`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table one_time_codes
    drop constraint one_time_codes_session_id_fkey,
    add constraint one_time_codes_session_id_fkey foreign key (session_id)
      references sessions (id) on delete set null`.execute(db);
}
