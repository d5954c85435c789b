import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { testEnv } from './test-env.js';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The real PostgreSQL of this run: DATABASE_URL, else the testcontainers one started by
 * global-setup.ts when a Docker engine answers (support/database-source.ts), else none.
 */
function postgresUrl(): string | undefined {
  return testEnv.databaseUrl ?? inject('containerDatabaseUrl');
}

/**
 * Every integration suite runs on the embedded PGlite, and also on a real PostgreSQL server
 * when there is one (CI sets DATABASE_URL): the same migrations and queries must work on both.
 */
export function databaseKinds(): DatabaseKind[] {
  return postgresUrl() ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A freshly migrated database of that kind: PGlite in memory, or a scratch database created
 * on the server named by DATABASE_URL and dropped on close, so test files never share rows.
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const handle = await openDatabase({});
    await migrateToLatest(handle.db);
    return handle;
  }
  const adminUrl = postgresUrl();
  if (!adminUrl)
    throw new Error('DATABASE_URL (or a Docker engine) is needed for the postgres test database');
  const name = `capsule_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 25 });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
