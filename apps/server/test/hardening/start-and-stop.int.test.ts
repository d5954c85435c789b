import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { PortInUseError } from '../../src/dev/ports.js';
import { requireBuiltCli, runAdminCli } from '../support/admin-cli.js';
import { BLOB_EMULATOR_CHILD } from '../support/blob-emulator-child.js';
import { onFreePorts } from '../support/free-port.js';
import { testEnv } from '../support/test-env.js';

/**
 * A newcomer's first hour, as they live it: `npm start` in a fresh data folder serves the portal
 * with its embedded services; the admin CLI creates the recipient's account while it runs; a
 * SIGTERM to the `npm start` process stops the portal and everything it started, freeing every
 * port. Without the build (`npm start -- --no-build`): the test run has built already, and a
 * build here would rewrite the web app's files while other test files serve them.
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SERVER = path.join(ROOT, 'apps/server/dist/server.js');
/** The first start in an empty folder creates the embedded database: the longest wait. */
const START_LIMIT_MS = 180_000;
const STOP_LIMIT_MS = 30_000;

/** True when a server could listen on the port now (what a restart needs). */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** True while any process of the group is alive (the child was spawned detached: its own group). */
function groupAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** Polls `done` until it holds or `limitMs` passes; answers the time it took, or null. */
async function within(limitMs: number, done: () => Promise<boolean> | boolean): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await done()) return performance.now() - started;
    await sleep(100);
  }
  return (await done()) ? performance.now() - started : null;
}

interface Started {
  npm: ChildProcess;
  output(): string;
  /** npm's exit, once it has exited. */
  exited: Promise<void>;
  bannerMs: number;
}

/** `npm start` in its own process group, resolved once the banner is printed. */
async function npmStart(env: Record<string, string>): Promise<Started> {
  let printed = '';
  const npm = spawn('npm', ['start', '--', '--no-build'], {
    cwd: ROOT,
    env: { PATH: testEnv.path, HOME: homedir(), NODE_ENV: 'development', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    printed += String(chunk);
  };
  npm.stdout?.on('data', keep);
  npm.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
  const started = performance.now();
  const bannerMs = await within(START_LIMIT_MS, async () => {
    if (npm.exitCode !== null) {
      // Another process took one of the free ports picked for it meanwhile (the portal's own
      // words, or Node's from a service it starts): try again on others.
      const portTaken = /Port \d+ is in use|EADDRINUSE: address already in use \S+/.exec(printed);
      if (portTaken) throw new PortInUseError(portTaken[0]);
      throw new Error(`npm start exited with ${npm.exitCode} before its banner:\n${printed}`);
    }
    return /Demo sign-in:.*\n/.test(printed);
  });
  if (bannerMs === null) {
    if (npm.pid) process.kill(-npm.pid, 'SIGKILL');
    throw new Error(`No banner after ${START_LIMIT_MS / 1000} s:\n${printed}`);
  }
  return { npm, output: () => printed, exited, bannerMs: performance.now() - started };
}

describe('npm start, as a newcomer runs it', () => {
  it(
    'serves on the embedded services, takes admin commands meanwhile, and stops whole on SIGTERM to npm',
    async () => {
      requireBuiltCli();
      if (!existsSync(SERVER)) throw new Error('apps/server/dist is missing: run `npm run build` first');
      const dataDir = mkdtempSync(path.join(tmpdir(), 'capsule-start-'));
      let groupId: number | undefined;
      onTestFinished(() => {
        if (groupId !== undefined && groupAlive(groupId)) process.kill(-groupId, 'SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      });

      const { ports, portal } = await onFreePorts(4, async (ports) => {
        const [port, inbox, smtp, azurite] = ports.map(String) as [string, string, string, string];
        const env = {
          DATA_DIR: dataDir,
          PORT: port,
          MAIL_INBOX_PORT: inbox,
          MAIL_SMTP_PORT: smtp,
          AZURITE_PORT: azurite,
        };
        return { ports, portal: await npmStart(env) };
      });
      const npmPid = portal.npm.pid as number;
      groupId = npmPid;
      const baseUrl = `http://127.0.0.1:${ports[0]}`;
      const banner = portal.output();
      expect(banner).toContain(`Legacy Capsule portal: http://localhost:${ports[0]}`);
      expect(banner).toContain(`Mail inbox:    http://127.0.0.1:${ports[1]}`);
      expect(banner).toContain(`Blob storage:  embedded Azurite at http://127.0.0.1:${ports[3]}`);

      // The recipient's account, made by the CLI while the portal serves: requests keep answering.
      const cliEnv = { DATA_DIR: dataDir, AZURITE_PORT: String(ports[3]) };
      let serving = true;
      const statuses: number[] = [];
      const probing = (async () => {
        while (serving) {
          statuses.push((await fetch(`${baseUrl}/readyz`)).status);
          await sleep(50);
        }
      })();
      const created = await runAdminCli(cliEnv, [
        'user:create',
        '--email',
        'mia@example.test',
        '--password',
        'long enough pw',
        '--name',
        'Mia Recipient',
      ]);
      serving = false;
      await probing;
      expect(created, created.stderr).toMatchObject({ code: 0 });
      expect(created.stdout).toMatch(/Created user mia@example\.test/);
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.every((status) => status === 200)).toBe(true);
      const listed = await runAdminCli(cliEnv, ['user:list']);
      expect(listed.stdout).toMatch(/mia@example\.test\s+Mia Recipient/);
      expect(portal.output()).toMatch(/admin CLI: user:create/);

      // The portal knows the new account: its password is accepted (the one-time code comes next).
      const signIn = await fetch(`${baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'mia@example.test', password: 'long enough pw' }),
      });
      expect(signIn.status).toBe(200);
      expect(await signIn.json()).toMatchObject({ success: true, requiresOtp: true });

      // SIGTERM to the npm process alone, as a process manager or `kill <pid>` sends it.
      const pgliteDir = path.join(dataDir, 'pglite');
      // The server's pid, from the file that tells the CLI where the portal is.
      const serverPid: number = JSON.parse(
        readFileSync(path.join(pgliteDir, 'admin-channel.json'), 'utf8'),
      ).pid;
      process.kill(npmPid, 'SIGTERM');
      const stopMs = await within(STOP_LIMIT_MS, async () => {
        const free = await Promise.all(ports.map(portFree));
        return free.every(Boolean) && !groupAlive(npmPid) && !existsSync(path.join(pgliteDir, '.lock'));
      });
      const left = await Promise.all(ports.map(async (port) => ({ port, free: await portFree(port) })));
      expect(
        stopMs,
        `still running ${STOP_LIMIT_MS / 1000} s after SIGTERM: ports ${JSON.stringify(left)}, ` +
          `processes ${groupAlive(npmPid)}, lock ${existsSync(path.join(pgliteDir, '.lock'))}\n${portal.output()}`,
      ).not.toBeNull();
      await portal.exited;
      expect(() => process.kill(serverPid, 0)).toThrow(/ESRCH/);
      expect(portal.output()).toMatch(/SIGTERM: closing/);
      expect(existsSync(path.join(pgliteDir, 'admin-channel.json'))).toBe(false);
      console.log(
        `npm start: banner ${(portal.bannerMs / 1000).toFixed(1)} s after start (empty data folder, no build); ` +
          `all stopped ${((stopMs ?? 0) / 1000).toFixed(1)} s after SIGTERM`,
      );

      // With no portal running, the CLI opens the folder itself, as it always did, even past the
      // file of a portal that was killed (nothing answers on its port any more).
      writeFileSync(
        path.join(pgliteDir, 'admin-channel.json'),
        JSON.stringify({ port: ports[0], token: 'left by a killed portal', pid: serverPid }),
      );
      const afterwards = await runAdminCli(cliEnv, ['user:list']);
      expect(afterwards, afterwards.stderr).toMatchObject({ code: 0 });
      expect(afterwards.stdout).toMatch(/mia@example\.test\s+Mia Recipient/);
    },
    START_LIMIT_MS + 120_000,
  );

  it('takes the embedded Azurite down with the process that started it, even when that one is killed', async () => {
    let groupId: number | undefined;
    onTestFinished(() => {
      if (groupId !== undefined && groupAlive(groupId)) process.kill(-groupId, 'SIGKILL');
    });
    const { port, child } = await onFreePorts(1, async ([port]) => {
      const child = spawn(process.execPath, ['--import', 'tsx', BLOB_EMULATOR_CHILD, String(port)], {
        cwd: ROOT,
        env: { PATH: testEnv.path },
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let printed = '';
      child.stdout?.on('data', (chunk) => {
        printed += String(chunk);
      });
      child.stderr?.on('data', (chunk) => {
        printed += String(chunk);
      });
      const ready = await within(60_000, () => {
        if (child.exitCode !== null) {
          if (/is in use by another program/.test(printed)) throw new PortInUseError(printed);
          throw new Error(`The emulator's parent exited: ${printed}`);
        }
        return printed.includes('ready');
      });
      if (ready === null) throw new Error(`Azurite did not start: ${printed}`);
      return { port: port as number, child };
    });
    groupId = child.pid;
    expect(await portFree(port)).toBe(false);

    child.kill('SIGKILL');
    const gone = await within(15_000, async () => (await portFree(port)) && !groupAlive(groupId as number));
    expect(gone, 'Azurite outlived the process that started it').not.toBeNull();
  }, 90_000);
});
