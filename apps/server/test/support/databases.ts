import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { testEnv } from './test-env.js';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Every integration suite runs on the embedded PGlite, and also on the real PostgreSQL server
 * when DATABASE_URL is set (CI sets it): the same migrations and queries must work on both.
 */
export function databaseKinds(): DatabaseKind[] {
  return testEnv.databaseUrl ? ['pglite', 'postgres'] : ['pglite'];
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
  const adminUrl = testEnv.databaseUrl;
  if (!adminUrl) throw new Error('DATABASE_URL is needed for the postgres test database');
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
