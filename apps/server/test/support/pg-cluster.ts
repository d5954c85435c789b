import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';
import { testEnv } from './test-env.js';

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL cluster of the test's own (initdb in a temporary folder, a free port),
 * so a test can stop, kill and restart a real server without disturbing the shared one that
 * other test files use.
 */
export interface PgCluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres (trust auth). */
  url: string;
  port: number;
  dataDir: string;
  start(): Promise<void>;
  /** 'fast' ends sessions ("terminating connection due to administrator command"); 'immediate' kills them. */
  stop(mode?: StopMode): Promise<void>;
  restart(mode?: StopMode): Promise<void>;
  /** Stops the server (immediately) if it runs and removes its folder. Safe to call twice. */
  destroy(): Promise<void>;
  /** The end of the server's log, for failure messages. */
  logTail(lines?: number): string;
}

export type StopMode = 'fast' | 'immediate';

const BINARIES = ['initdb', 'pg_ctl', 'postgres'];
const hasServerBinaries = (dir: string) => BINARIES.every((name) => existsSync(path.join(dir, name)));

/**
 * The folder with initdb, pg_ctl and postgres: `pg_config --bindir`, else the newest
 * /usr/lib/postgresql/<version>/bin (Debian). Undefined when the server is not installed
 * (pg_config alone comes with libpq-dev and may name a folder without the server).
 */
export function findPostgresBinDir(): string | undefined {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], {
      encoding: 'utf8',
      timeout: 5_000,
      env: { PATH: testEnv.path },
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (dir && hasServerBinaries(dir)) return dir;
  } catch {
    // No pg_config on the PATH: look in Debian's folders below.
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => /^\d+(\.\d+)?$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = path.join(root, version, 'bin');
    if (hasServerBinaries(dir)) return dir;
  }
  return undefined;
}

// PostgreSQL refuses to run as root: as root, every server command runs as the `postgres` user.
const asRoot = process.getuid?.() === 0;

/** initdb + pg_ctl start on a free port, listening on 127.0.0.1 only, sockets in its own folder. */
export async function startCluster(options: { binDir?: string } = {}): Promise<PgCluster> {
  const binDir = options.binDir ?? findPostgresBinDir();
  if (!binDir) throw new Error('No PostgreSQL server binaries (initdb, pg_ctl) found');

  const baseDir = mkdtempSync(path.join(tmpdir(), 'capsule-pg-'));
  const dataDir = path.join(baseDir, 'data');
  const logFile = path.join(baseDir, 'postgres.log');
  let running = false;

  async function pg(binary: string, args: string[], timeoutMs: number) {
    const command = asRoot ? 'runuser' : path.join(binDir as string, binary);
    const argv = asRoot ? ['-u', 'postgres', '--', path.join(binDir as string, binary), ...args] : args;
    try {
      return await run(command, argv, {
        cwd: baseDir,
        env: { PATH: testEnv.path, LC_ALL: 'C', LANG: 'C' },
        timeout: timeoutMs,
        killSignal: 'SIGKILL',
      });
    } catch (error) {
      const e = error as { message: string; stdout?: string; stderr?: string };
      throw new Error(
        `${binary} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}\n` +
          `--- server log ---\n${logTail(30)}`,
      );
    }
  }

  function logTail(lines = 40): string {
    if (!existsSync(logFile)) return '(no server log)';
    return readFileSync(logFile, 'utf8').split('\n').slice(-lines).join('\n');
  }

  const stopSync = () => {
    if (!running) return;
    try {
      const argv = ['stop', '-D', dataDir, '-m', 'immediate', '-w', '-t', '10'];
      const pgCtl = path.join(binDir, 'pg_ctl');
      if (asRoot)
        execFileSync('runuser', ['-u', 'postgres', '--', pgCtl, ...argv], {
          cwd: baseDir,
          timeout: 15_000,
          stdio: 'ignore',
        });
      else execFileSync(pgCtl, argv, { cwd: baseDir, timeout: 15_000, stdio: 'ignore' });
    } catch {
      // Best effort: the process is exiting anyway.
    }
    running = false;
  };

  try {
    if (asRoot) {
      await run('chown', ['postgres:', baseDir], { timeout: 10_000 });
    }
    await pg(
      'initdb',
      ['-D', dataDir, '--auth=trust', '-U', 'postgres', '--no-locale', '-E', 'UTF8', '--no-sync'],
      120_000,
    );
    const port = await freePort();
    appendFileSync(
      path.join(dataDir, 'postgresql.conf'),
      [
        '',
        '# Throwaway test cluster (apps/server/test/support/pg-cluster.ts)',
        `port = ${port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${baseDir}'`,
        'max_connections = 50',
        '',
      ].join('\n'),
    );

    const cluster: PgCluster = {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      dataDir,
      async start() {
        running = true; // Even a start that times out may leave a server to stop.
        await pg('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60'], 70_000);
      },
      async stop(mode = 'fast') {
        await pg('pg_ctl', ['stop', '-D', dataDir, '-m', mode, '-w', '-t', '60'], 70_000);
        running = false;
      },
      async restart(mode = 'fast') {
        running = true;
        await pg('pg_ctl', ['restart', '-D', dataDir, '-m', mode, '-l', logFile, '-w', '-t', '60'], 130_000);
      },
      async destroy() {
        if (running) await cluster.stop('immediate').catch(() => stopSync());
        process.off('exit', stopSync);
        rmSync(baseDir, { recursive: true, force: true });
      },
      logTail,
    };
    // A crashed or killed test run must not leave a server behind.
    process.on('exit', stopSync);
    await cluster.start();
    return cluster;
  } catch (error) {
    stopSync();
    process.off('exit', stopSync);
    rmSync(baseDir, { recursive: true, force: true });
    throw error;
  }
}
