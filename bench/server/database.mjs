// The database of one bench run: a scratch database on the PostgreSQL of DATABASE_URL
// (created here, dropped at the end), or an in-memory PGlite without it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../apps/server/dist/db/database.js';
import { migrateToLatest } from '../../apps/server/dist/db/migrate.js';

/** One statement on the server's maintenance connection (create or drop a scratch database). */
export async function adminQuery(adminUrl, text) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** { handle, url (the scratch database's, or undefined on PGlite), drop } */
export async function scratchDatabase({ databaseUrl, poolSize }) {
  if (!databaseUrl) {
    const handle = await openDatabase({});
    await migrateToLatest(handle.db);
    return { handle, url: undefined, drop: async () => {} };
  }
  const name = `capsule_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(databaseUrl, `create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize });
  await migrateToLatest(handle.db);
  return {
    handle,
    url: url.toString(),
    drop: () => adminQuery(databaseUrl, `drop database if exists ${name} with (force)`),
  };
}
