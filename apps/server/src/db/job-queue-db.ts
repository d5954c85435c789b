import type { PGlite } from '@electric-sql/pglite';
import type { Transaction } from 'kysely';
import { fromKysely, type Db as PgBossDb } from 'pg-boss';
import type { DatabaseHandle } from './database.js';
import { openPool, trackPool } from './database.js';
import type { Database } from './schema.js';

// How pg-boss reaches the database (docs/decisions/009-job-queue.md). Here in db/ because it is
// the database factory's business: which connection, which pool, which lock.

export type { PgBossDb };

export interface JobQueueConnection {
  db: PgBossDb;
  close(): Promise<void>;
}

const QUEUE_POOL_SIZE = 4;

type QueryResult = { rows: unknown[] } | Array<{ rows?: unknown[] }>;

/** pg answers a string of several statements with one result each: pg-boss wants their rows together. */
function flatten(result: QueryResult): { rows: unknown[] } {
  return Array.isArray(result) ? { rows: result.flatMap((r) => r.rows ?? []) } : { rows: result.rows };
}

/**
 * pg-boss's own statements (polling, completing, supervising, its schema), for the whole process.
 *
 * PostgreSQL: a small pool of its own on the same database, with the app pool's error handling, so
 * a burst of web requests cannot starve job polling and a busy queue cannot starve requests.
 *
 * PGlite: one connection for everything, so every statement takes Kysely's connection first and
 * waits while a business transaction holds it. Handing pg-boss the PGlite instance directly (its
 * `fromPglite`) would slip its statements into whatever transaction is open at that moment: a
 * rollback there lost jobs (stack notes), and its error path sends ROLLBACK on the shared
 * connection. While the connection is held, statements go to PGlite directly: `exec` for pg-boss's
 * multi-statement strings (schema, create-queue), which Kysely's single-statement `query` refuses.
 */
export function openJobQueueConnection(
  handle: DatabaseHandle,
  onConnectionError?: (error: Error) => void,
): JobQueueConnection {
  if (handle.kind === 'postgres') {
    if (!handle.databaseUrl) throw new Error('The PostgreSQL handle does not say which database it opened');
    const pool = openPool(handle.databaseUrl, QUEUE_POOL_SIZE, onConnectionError);
    const untrack = trackPool(handle.db, 'jobs', pool);
    return {
      db: {
        // No values: pg sends the text as a simple query, which may hold several statements.
        executeSql: async (text, values) => flatten((await pool.query(text, values)) as QueryResult),
      },
      close: () => {
        untrack();
        return pool.end();
      },
    };
  }
  const pglite = handle.pglite;
  if (!pglite) throw new Error('The PGlite handle does not carry its instance');
  return { db: pgliteThroughKysely(handle, pglite), close: async () => undefined };
}

function pgliteThroughKysely(handle: DatabaseHandle, pglite: PGlite): PgBossDb {
  const run = async (text: string, values?: unknown[]) => {
    if (values?.length) return { rows: (await pglite.query(text, values)).rows };
    return flatten(await pglite.exec(text));
  };
  return {
    executeSql: (text, values) =>
      handle.db.connection().execute(async () => {
        try {
          return await run(text, values);
        } catch (error) {
          // A failed statement inside pg-boss's own BEGIN ... COMMIT string leaves the connection in
          // an aborted transaction; we hold the connection, so nobody else's transaction is undone.
          await pglite.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
  };
}

/**
 * pg-boss statements inside the caller's transaction: the job commits or rolls back with the
 * business change. Without the CamelCasePlugin, which would rename the columns pg-boss reads.
 */
export function jobQueueDbIn(trx: Transaction<Database>): PgBossDb {
  return fromKysely(trx.withoutPlugins());
}
