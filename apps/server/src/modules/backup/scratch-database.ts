import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { AppError } from '../../errors.js';
import { describeServer, withDatabase } from './pg-dump.js';

// backup:verify restores into a database of its own, made for the check and dropped after it,
// so a verify never touches the database the portal runs on. These are statements to the
// server about whole databases (not about any table), sent on a connection of their own.

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database on the server `serverUrl` reaches, named for when and why it was made. */
export async function createScratchDatabase(serverUrl: string, now: Date): Promise<ScratchDatabase> {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  // Only letters, digits and underscores, made here: safe as an identifier as it stands.
  const name = `capsule_backup_check_${stamp}_${randomBytes(3).toString('hex')}`;
  try {
    await onServer(serverUrl, `create database ${name}`);
  } catch (error) {
    throw new AppError(
      'UNAVAILABLE',
      `Could not create a scratch database on ${describeServer(serverUrl)} to restore into: ` +
        `${(error as Error).message}. The role needs CREATEDB there; or name another server with --into URL.`,
    );
  }
  return {
    name,
    url: withDatabase(serverUrl, name),
    // WITH (FORCE): a connection left open by a failed check must not keep the copy alive.
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
