import { type Kysely, sql } from 'kysely';

// Who is asking (the session_identities view, migration 0007) is read on every API request.
// Sent as a plain statement, PostgreSQL plans the view's join and its terms subquery each time:
// about 0.15 ms of planning for 0.05 ms of work, the most expensive part of resolving a
// session. A PL/pgSQL function keeps the plan of its query for the connection, so
// the lookup is planned once per pooled connection instead of once per request. It returns
// the view's rows unchanged: the same columns, read afresh on every call (logout, expiry and
// new terms still count on the very next request).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function session_identity(session_id text) returns setof session_identities
    language plpgsql stable as $$
  begin
    return query select * from session_identities where id = session_id;
  end $$`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function session_identity(text)`.execute(db);
}
