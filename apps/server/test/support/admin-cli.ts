import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../src/db/database.js';
import type { DatabaseKind } from './databases.js';
import { testEnv } from './test-env.js';

// The operators' admin CLI as they run it, for the tests of its commands: the built file in a
// child process, on a database that process can open too.

const run = promisify(execFile);
const ADMIN_CLI = fileURLToPath(new URL('../../dist/cli/admin.js', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The CLI tests run the built file: without a build they would test nothing. */
export function requireBuiltCli(): void {
  if (!existsSync(ADMIN_CLI)) throw new Error('apps/server/dist is missing: run `npm run build` first');
}

/**
 * One command, with development settings and `env` on top (DATA_DIR, DATABASE_URL, …): its exit
 * code and what it printed, a failing command included.
 */
export async function runAdminCli(
  env: Record<string, string | undefined>,
  args: string[],
): Promise<CliResult> {
  const defined = Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const full = { PATH: testEnv.path, NODE_ENV: 'development', ...Object.fromEntries(defined) };
  try {
    const { stdout, stderr } = await run(process.execPath, [ADMIN_CLI, ...args], { env: full });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/**
 * A database the CLI process can open too: a PGlite folder, or a scratch database on the test
 * server (DATABASE_URL), dropped by drop(). `env` is what runAdminCli needs to reach it.
 */
export async function cliDatabase(kind: DatabaseKind, prefix: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix.replaceAll('_', '-')}-`));
  const server = testEnv.databaseUrl;
  const scratch = `${prefix}_${process.pid}`;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    if (!server) throw new Error('The postgres run needs DATABASE_URL');
    await onServer(`drop database if exists ${scratch} with (force)`);
    await onServer(`create database ${scratch}`);
    const url = new URL(server);
    url.pathname = `/${scratch}`;
    databaseUrl = url.toString();
  }
  return {
    dataDir,
    databaseUrl,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    /** The same database in this process (a PGlite folder serves one process at a time). */
    open: () => openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: path.join(dataDir, 'pglite') }),
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      if (kind === 'postgres') await onServer(`drop database if exists ${scratch} with (force)`);
    },
  };
}

export type CliDatabase = Awaited<ReturnType<typeof cliDatabase>>;
