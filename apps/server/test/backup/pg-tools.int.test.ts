import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findPgTool, libpqConnection, majorOf } from '../../src/modules/backup/pg-dump.js';

// How the backup commands reach PostgreSQL's client tools: picked by version, and given the
// password in a passfile of this user's only, never on a command line.

describe('PostgreSQL client tools for backups', () => {
  it('reads the major version of a --version line', () => {
    expect(majorOf('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)')).toBe(15);
    expect(majorOf('pg_restore (PostgreSQL) 17.2')).toBe(17);
    expect(majorOf('pg_dump (PostgreSQL) 9.6.24')).toBe(9);
    expect(majorOf('something else 15.2')).toBeUndefined();
  });

  it('finds a pg_dump this machine has, and refuses one newer than any installed, naming the package', async () => {
    const tool = await findPgTool('pg_dump', 0, 'any');
    expect(tool.major).toBeGreaterThanOrEqual(9);
    expect(tool.version).toMatch(/^pg_dump \(PostgreSQL\) \d+/);
    await expect(findPgTool('pg_restore', 99, 'the dump was written by pg_dump 99')).rejects.toThrow(
      /No pg_restore of PostgreSQL 99 or newer \(the dump was written by pg_dump 99\); found only .*postgresql-client-99/,
    );
  }, 30_000);

  it('moves the password out of the connection string into a passfile (escaped), removed by cleanup', () => {
    const { conninfo, cleanup } = libpqConnection(
      'postgres://capsule:se%3Acret%5Cpw@db.example.net:5432/capsule?ssl=true&application_name=x',
    );
    const url = new URL(conninfo);
    expect(url.password).toBe('');
    expect(conninfo).not.toContain('cret');
    // node-postgres' ssl=true is libpq's sslmode=require; libpq refuses parameters it does not know.
    expect(url.searchParams.get('ssl')).toBeNull();
    expect(url.searchParams.get('sslmode')).toBe('require');
    expect(url.searchParams.get('application_name')).toBe('x');
    const passfile = url.searchParams.get('passfile') ?? '';
    expect(readFileSync(passfile, 'utf8')).toBe('*:*:*:*:se\\:cret\\\\pw\n');
    expect(statSync(passfile).mode & 0o777).toBe(0o600);
    cleanup();
    expect(existsSync(passfile)).toBe(false);

    const plain = libpqConnection('postgres://postgres@127.0.0.1:5432/test');
    expect(plain.conninfo).toBe('postgres://postgres@127.0.0.1:5432/test');
    plain.cleanup();
  });
});
