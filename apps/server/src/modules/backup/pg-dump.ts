import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { AppError } from '../../errors.js';

// PostgreSQL's own client tools, pg_dump and pg_restore, run as child processes without a shell
// (arguments are passed as they are, never parsed by one). A dump is only as good as the tool
// that reads it back: pg_dump must be at least the server's major version (it refuses an older
// one), and pg_restore at least the major version of the pg_dump that wrote the archive (older
// ones cannot read a newer archive format). So each tool is picked by its version, not by
// whichever happens to come first on the PATH.

const run = promisify(execFile);

type PgToolName = 'pg_dump' | 'pg_restore';

interface PgTool {
  /** What to spawn: the bare name (found on the PATH by the system) or a full path. */
  command: string;
  /** Its `--version` line, e.g. "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)". */
  version: string;
  major: number;
}

/**
 * Where the distributions install the client tools of each major version side by side: Debian
 * and Ubuntu (/usr/lib/postgresql/15/bin), the PGDG packages of Red Hat (/usr/pgsql-15/bin) and
 * Homebrew (/opt/homebrew/opt/postgresql@15/bin).
 */
const VERSIONED_DIRS: Array<{ root: string; name: RegExp; bin: string }> = [
  { root: '/usr/lib/postgresql', name: /^\d+(\.\d+)?$/, bin: 'bin' },
  { root: '/usr', name: /^pgsql-\d+$/, bin: 'bin' },
  { root: '/opt/homebrew/opt', name: /^postgresql@\d+$/, bin: 'bin' },
  { root: '/usr/local/opt', name: /^postgresql@\d+$/, bin: 'bin' },
];

function versionedCandidates(tool: PgToolName): string[] {
  const found: string[] = [];
  for (const { root, name, bin } of VERSIONED_DIRS) {
    let entries: string[];
    try {
      entries = readdirSync(root);
    } catch {
      continue;
    }
    for (const entry of entries.filter((e) => name.test(e))) {
      const file = path.join(root, entry, bin, tool);
      if (existsSync(file)) found.push(file);
    }
  }
  return found;
}

/** The major version in a `--version` line ("... (PostgreSQL) 15.20 ..." is 15; "9.6.24" is 9). */
export function majorOf(versionLine: string): number | undefined {
  const m = /\(PostgreSQL\)\s+(\d+)/.exec(versionLine);
  return m ? Number(m[1]) : undefined;
}

async function probe(command: string): Promise<PgTool | undefined> {
  try {
    const { stdout } = await run(command, ['--version'], { timeout: 10_000 });
    const version = stdout.trim();
    const major = majorOf(version);
    return major === undefined ? undefined : { command, version, major };
  } catch {
    return undefined;
  }
}

/**
 * The newest `tool` of at least `minMajor`: the one on the PATH, or one of the versioned
 * folders above. A clear refusal when there is none, naming what was found and what to install.
 */
export async function findPgTool(tool: PgToolName, minMajor: number, why: string): Promise<PgTool> {
  const candidates = [tool, ...versionedCandidates(tool)];
  const found = (await Promise.all(candidates.map(probe))).filter((t): t is PgTool => t !== undefined);
  const usable = found.filter((t) => t.major >= minMajor).sort((a, b) => b.major - a.major);
  if (usable[0]) return usable[0];
  const seen = found.length
    ? `found only ${found.map((t) => `${t.command} (${t.major})`).join(', ')}`
    : 'found none on the PATH nor in /usr/lib/postgresql/*/bin, /usr/pgsql-*/bin';
  throw new AppError(
    'UNAVAILABLE',
    `No ${tool} of PostgreSQL ${minMajor} or newer (${why}); ${seen}. Install the client tools ` +
      `of that version (Debian and Ubuntu: apt-get install postgresql-client-${minMajor}).`,
  );
}

/**
 * A libpq connection for a child process from the app's DATABASE_URL, and a clean-up. The
 * password never goes on the command line (any local user can read another's arguments): it
 * goes into a passfile readable by this user only, named in the connection string, and
 * removed by cleanup().
 */
export function libpqConnection(databaseUrl: string): { conninfo: string; cleanup(): void } {
  const url = new URL(databaseUrl);
  // node-postgres takes `ssl=true`; libpq knows only sslmode and refuses what it does not know.
  const ssl = url.searchParams.get('ssl');
  if (ssl !== null) {
    url.searchParams.delete('ssl');
    if (!url.searchParams.has('sslmode') && ssl !== 'false' && ssl !== '0') {
      url.searchParams.set('sslmode', 'require');
    }
  }
  const password = url.password ? decodeURIComponent(url.password) : '';
  url.password = '';
  if (!password) return { conninfo: url.toString(), cleanup: () => undefined };
  const dir = mkdtempSync(path.join(tmpdir(), 'capsule-pgpass-'));
  const passfile = path.join(dir, 'pgpass');
  // One line for whatever this connection reaches: `*` host, port, database and user.
  const escaped = password.replaceAll('\\', '\\\\').replaceAll(':', '\\:');
  writeFileSync(passfile, `*:*:*:*:${escaped}\n`, { mode: 0o600 });
  url.searchParams.set('passfile', passfile);
  return { conninfo: url.toString(), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Where a connection goes, for messages: host, port and database, never the credentials. */
export function describeServer(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname}`;
}

/** The same server, another database. */
export function withDatabase(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

/** Runs a tool to its end; a failure carries the end of what it wrote to stderr. */
function runTool(tool: PgTool, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool.command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-8_000);
    });
    child.once('error', (error) =>
      reject(new AppError('UNAVAILABLE', `${tool.command} could not start: ${error.message}`)),
    );
    child.once('close', (code, signal) => {
      if (code === 0) return resolve();
      const how = signal ? `killed by ${signal}` : `exit code ${code}`;
      reject(new AppError('UNAVAILABLE', `${tool.command} failed (${how}):\n${stderr.trim()}`));
    });
  });
}

/**
 * pg_dump in its custom format (compressed, read back by pg_restore, which can list and check
 * it). `snapshot`: a snapshot exported by a transaction still open, so the dump sees exactly
 * what that transaction saw (the blob inventory is read there).
 */
export async function pgDump(
  tool: PgTool,
  databaseUrl: string,
  file: string,
  snapshot: string | undefined,
): Promise<void> {
  const connection = libpqConnection(databaseUrl);
  try {
    await runTool(tool, [
      '--format=custom',
      `--file=${file}`,
      ...(snapshot ? [`--snapshot=${snapshot}`] : []),
      `--dbname=${connection.conninfo}`,
    ]);
  } finally {
    connection.cleanup();
  }
}

/**
 * pg_restore into an existing, empty database, all or nothing (one transaction, stopping at the
 * first error). Owners and grants are left out: the role restoring owns what it restores, as
 * the role the app connects with owns what the migrations made (a managed server's admin
 * role is not the one the dump was taken with, and may not even exist there).
 */
export async function pgRestore(tool: PgTool, databaseUrl: string, file: string): Promise<void> {
  const connection = libpqConnection(databaseUrl);
  try {
    await runTool(tool, [
      '--exit-on-error',
      '--single-transaction',
      '--no-owner',
      '--no-privileges',
      `--dbname=${connection.conninfo}`,
      file,
    ]);
  } finally {
    connection.cleanup();
  }
}
