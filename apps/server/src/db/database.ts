import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

const CONNECT_TIMEOUT_MS = 5_000;

// Dates (the `date` type) stay 'YYYY-MM-DD' strings: a birthday is a calendar day, not an
// instant, and turning it into a JS Date would shift it by the server's time zone.
const PG_DATE = 1082;
const PG_NUMERIC = 1700;
// Counts and bigint ids come back as strings from `pg`; PGlite is told to do the same, so the
// app sees one shape on both.
const PG_INT8 = 20;
pg.types.setTypeParser(PG_DATE, (v: string) => v);

export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** PostgreSQL: the server the pool reaches, so another client (the job queue's pool) opens the same database. */
  databaseUrl?: string;
  /**
   * PGlite: the embedded instance, for what Kysely cannot send (several statements in one string:
   * pg-boss's schema). Only ever used while holding Kysely's one connection (`db.connection()`),
   * or it would run inside whatever transaction is open there.
   */
  pglite?: PGlite;
  /** Closes the pool or the embedded database and releases the data-folder lock. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string; without one an embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; `undefined` keeps PGlite in memory (tests). */
  pgliteDir?: string | undefined;
  poolSize?: number;
  /**
   * Told about connections the server dropped (a restart, a failover), idle or in use. The pool
   * replaces them; the query that was running fails and its request answers 503.
   */
  onConnectionError?: (error: Error) => void;
}

/**
 * The embedded database's folder is held by another process: a portal (the admin CLI then runs
 * its command in that portal, cli/portal-channel.ts) or another CLI command.
 */
export class DatabaseInUseError extends Error {
  override readonly name = 'DatabaseInUseError';
}

/** The instances kyselyFor made: CamelCasePlugin their only plugin. */
const plainInstances = new WeakSet<Db>();

function kyselyFor(dialect: PostgresDialect | PGliteDialect): Db {
  const db = new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()] });
  plainInstances.add(db);
  return db;
}

/**
 * True for a database opened here, not one given more plugins (withPlugin) nor a transaction:
 * what it compiles depends on the query alone, and no plugin of its needs to see a query being
 * compiled, so a statement it compiled once may be sent again as it is (compiled-statements.ts).
 */
export const compilesPlainly = (db: Db): boolean => plainInstances.has(db);

const IDLE_CONNECTION_MS = 5 * 60_000;

/** A pg pool that survives its server going away (see below); the app's and the job queue's. */
export function openPool(connectionString: string, max: number, onConnectionError?: (error: Error) => void) {
  const pool = new pg.Pool({
    connectionString,
    max,
    // While the server is away a request fails fast (503) instead of queueing for ever.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    // Idle connections are kept for minutes, not pg's 10 s: each keeps its session's plans (the
    // session_identity() plan of migration 0010) and costs a backend start to replace, and a
    // burst after a quiet spell otherwise opened several at once (p99 spikes in the server
    // bench at a steady half rate).
    idleTimeoutMillis: IDLE_CONNECTION_MS,
  });
  // A connection the server drops emits 'error': on the pool while idle, on the client while
  // checked out. Either one unhandled crashes the process (a database restart would take the
  // site down), so both are heard. The pool discards the broken client; the next query
  // opens a fresh connection.
  const onError = (error: Error) => onConnectionError?.(error);
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return pool;
}

/** How busy one pg pool is, for /metrics (modules/metrics): PGlite has no pool and reports none. */
export interface PoolUse {
  /** app: Kysely's pool; jobs: the job queue's own (db/job-queue-db.ts). */
  pool: 'app' | 'jobs';
  total: number;
  idle: number;
  /** Queries waiting for a connection: all are checked out and the pool is at its max. */
  waiting: number;
  max: number;
}

// Keyed by the Kysely instance every caller already holds (AppDeps.db), so /metrics finds the
// pools without the handle being passed through the app; weak, so a closed database is forgotten.
const poolsByDb = new WeakMap<Db, Map<PoolUse['pool'], pg.Pool>>();

/** Records a pool working for `db`; the answered function forgets it (when the pool ends). */
export function trackPool(db: Db, name: PoolUse['pool'], pool: pg.Pool): () => void {
  const pools = poolsByDb.get(db) ?? new Map<PoolUse['pool'], pg.Pool>();
  poolsByDb.set(db, pools);
  pools.set(name, pool);
  return () => {
    if (pools.get(name) === pool) pools.delete(name);
  };
}

/** The pools working for `db` as they are now: a read of their counters, no query. */
export function poolUse(db: Db): PoolUse[] {
  return [...(poolsByDb.get(db) ?? [])].map(([name, pool]) => ({
    pool: name,
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options.max,
  }));
}

/** One factory for both dialects, so the app, the CLI and the tests all open the database the same way. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = openPool(options.databaseUrl, options.poolSize ?? 10, options.onConnectionError);
    const db = kyselyFor(new PostgresDialect({ pool }));
    trackPool(db, 'app', pool);
    return { db, kind: 'postgres', databaseUrl: options.databaseUrl, close: () => db.destroy() };
  }

  let release: (() => Promise<void>) | undefined;
  if (options.pgliteDir) {
    mkdirSync(options.pgliteDir, { recursive: true });
    // PGlite does not lock its folder, and two processes on one folder corrupt it silently.
    try {
      release = await lockfile.lock(options.pgliteDir, {
        lockfilePath: path.join(options.pgliteDir, '.lock'),
        stale: 15_000,
        update: 5_000,
      });
    } catch {
      throw new DatabaseInUseError(
        `The embedded database in ${options.pgliteDir} is in use by another process. Stop it first (or set DATABASE_URL).`,
      );
    }
  }
  // The options object form: PGlite ignores options given after an undefined data folder.
  const pglite = new PGlite({
    ...(options.pgliteDir ? { dataDir: path.join(options.pgliteDir, 'pg') } : {}),
    parsers: { [PG_DATE]: (v: string) => v, [PG_NUMERIC]: (v: string) => v, [PG_INT8]: (v: string) => v },
  });
  await pglite.waitReady;
  const db = kyselyFor(new PGliteDialect(pglite));
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      await release?.();
    },
  };
}

/** True when the database answers a trivial query within the time limit (the readiness probe). */
export async function pingDatabase(db: Db, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const ping = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
