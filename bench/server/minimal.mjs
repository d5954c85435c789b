// The baselines: a bare Fastify instance, apart from the app (none of its plugins), with
//   GET /ping  no database at all;
//   GET /page  the capsule list's first page, the very statement the app runs for it
//              (capsules.repository.ts listCapsules: 12 rows and the total from the counters),
//              sent with `pg` directly in one round trip, for one fixed owner: no session, no
//              validation, no mapping. What the database and the driver cost, and no more.
import Fastify from 'fastify';
import { CompiledQuery } from 'kysely';
import pg from 'pg';

/** What Kysely compiles for listCapsules({ status: null, types: [], sort: 'newest', page: 1 }). */
export const FIRST_PAGE_SQL =
  'select "capsules"."id", "capsules"."title", "capsules"."status", "capsules"."status_before_delete", ' +
  '"capsules"."kind", "capsules"."category", "capsules"."delivery_criteria", "capsules"."capsule_length", ' +
  '"capsules"."contact_id", "capsules"."recipient_user_id", "capsules"."recipient_name", ' +
  '"capsules"."recipient_email", "capsules"."recipient_birthday", "capsules"."message", ' +
  '"capsules"."delivery_date", "capsules"."upload_date", "capsules"."locked_at", ' +
  '"capsules"."preview_viewed_at", "capsules"."retry_count", "capsules"."video_url", ' +
  '"capsules"."video_thumbnail_url", "capsules"."delivered_at", "capsules"."created_at", ' +
  '(select coalesce(sum("n"), $1) as "n" from "capsule_counters" where "capsule_counters"."owner_id" = $2) ' +
  'as "matching_total" from "capsules" where "capsules"."owner_id" = $3 ' +
  'order by "capsules"."created_at" desc, "capsules"."seq" desc limit $4 offset $5';

export const firstPageParams = (ownerId) => ['0', ownerId, ownerId, 12, 0];

/**
 * Starts the bare instance. On PostgreSQL `url` names the database and `pg` runs the query;
 * on PGlite (one in-process connection, no wire) the same text and parameters go straight to
 * the handle's driver (Kysely's executeQuery of a raw compiled query, without plugins: no query
 * builder, no name mapping).
 */
export async function startMinimal({ url, db, ownerId, poolSize }) {
  const pool = url ? new pg.Pool({ connectionString: url, max: poolSize }) : undefined;
  const params = firstPageParams(ownerId);
  // No plugins: the rows come back as the database names them, as from `pg`.
  const bare = db.withoutPlugins();
  const firstPage = pool
    ? async () => (await pool.query(FIRST_PAGE_SQL, params)).rows
    : async () => (await bare.executeQuery(CompiledQuery.raw(FIRST_PAGE_SQL, params))).rows;

  const app = Fastify({ logger: false });
  app.get('/ping', async () => ({ ok: true }));
  app.get('/page', async () => firstPage());
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    base: `http://127.0.0.1:${app.server.address().port}`,
    close: async () => {
      await app.close();
      await pool?.end();
    },
  };
}
