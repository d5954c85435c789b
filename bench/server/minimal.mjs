// The baselines: a bare Fastify instance, apart from the app (none of its plugins), with
//   GET /ping  no database at all;
//   GET /page  the capsule list's first page: the very statement, text and parameters, that
//              the app sent for GET /api/capsules?page=1 (recorded by the bench; 12 rows and
//              the total from the counters, capsules.repository.ts listCapsules), sent with
//              `pg` directly in one round trip, for the bench account: no session, no
//              validation, no mapping. What the database and the driver cost, and no more.
import Fastify from 'fastify';
import { CompiledQuery } from 'kysely';
import pg from 'pg';

/**
 * Starts the bare instance. On PostgreSQL `url` names the database and `pg` runs the query;
 * on PGlite (one in-process connection, no wire) the same text and parameters go straight to
 * the handle's driver (Kysely's executeQuery of a raw compiled query, without plugins: no query
 * builder, no name mapping).
 */
export async function startMinimal({ url, db, statement, poolSize }) {
  const pool = url ? new pg.Pool({ connectionString: url, max: poolSize }) : undefined;
  const { sql: text } = statement;
  const params = [...statement.parameters];
  // No plugins: the rows come back as the database names them, as from `pg`.
  const bare = db.withoutPlugins();
  const firstPage = pool
    ? async () => (await pool.query(text, params)).rows
    : async () => (await bare.executeQuery(CompiledQuery.raw(text, params))).rows;

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
