import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import makeFetchCookie from 'fetch-cookie';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { migratorFor } from '../../src/db/migrate.js';
import { createUser } from '../../src/modules/users/users.service.js';
import { freePort } from '../support/free-port.js';
import { codeIn, type MailTrap, startMailTrap } from '../support/mail-trap.js';
import { findPostgresBinDir, type PgCluster, startCluster } from '../support/pg-cluster.js';
import { testEnv } from '../support/test-env.js';

/**
 * The portal as operators run it (the built server.ts in its own process) must survive its
 * database going away: it keeps running, answers 503 (never a 500, never a driver message)
 * while the database is away, serves again within 5 s of the database being back, and loses
 * no write it acknowledged. The restart test runs on a throwaway PostgreSQL cluster of its
 * own (support/pg-cluster.ts), never on the shared server other test files use.
 */

const SERVER = fileURLToPath(new URL('../../dist/server.js', import.meta.url));
const PG_BIN_DIR = findPostgresBinDir();

/** Driver and database wording that must never reach a client (see the 503 contract). */
const DRIVER_TEXT = /terminat|connect|ECONN|postgres|SQL/i;

// Azurite's published development account: the app gets a blob store setting, so it does not
// start its own emulator (these tests never touch blobs).
const DUMMY_BLOB_STORE =
  'DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;' +
  'AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;' +
  'BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;';

const RECOVERY_LIMIT_MS = 5_000;
const SHUTDOWN_LIMIT_MS = 10_000;

// ---------------------------------------------------------------------------------------------
// The portal in a child process
// ---------------------------------------------------------------------------------------------

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface Portal {
  child: ChildProcess;
  baseUrl: string;
  /** What the process printed so far (the end of it), for failure messages. */
  output(): string;
  running(): boolean;
  /** Lines of everything it printed that tell of an uncaught exception or unhandled rejection. */
  crashLines(): string[];
  /** SIGTERM, then its exit, or 'timeout' when it is still running after `limitMs`. */
  terminate(limitMs: number): Promise<(Exit & { ms: number }) | 'timeout'>;
  /** Cleanup: SIGKILL if still running. */
  kill(): Promise<void>;
}

async function startPortal(env: { databaseUrl: string; smtpUrl: string; dataDir: string }): Promise<Portal> {
  if (!existsSync(SERVER)) throw new Error('apps/server/dist is missing: run `npm run build` first');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let printed = '';
  const keep = (chunk: Buffer | string) => {
    printed = (printed + String(chunk)).slice(-200_000);
  };
  const child = spawn(process.execPath, [SERVER], {
    env: {
      PATH: testEnv.path,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: env.databaseUrl,
      SMTP_URL: env.smtpUrl,
      AZURE_STORAGE_CONNECTION_STRING: DUMMY_BLOB_STORE,
      DATA_DIR: env.dataDir,
      DEMO_USER: 'off',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'db-restart-test-secret-'.repeat(2).padEnd(48, 'x'),
      API_RATE_LIMIT: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('error', (error) => keep(`\n[spawn error] ${error.message}\n`));
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  const output = () => printed.slice(-6_000) || '(nothing)';

  const portal: Portal = {
    child,
    baseUrl,
    output,
    running,
    crashLines: () =>
      printed
        .split('\n')
        .filter((line) => /uncaught|unhandled/i.test(line))
        .map((line) => line.slice(0, 300)),
    async terminate(limitMs) {
      const started = performance.now();
      if (running()) child.kill('SIGTERM');
      const result = await Promise.race([exited, sleep(limitMs, 'timeout' as const)]);
      return result === 'timeout' ? result : { ...result, ms: Math.round(performance.now() - started) };
    },
    async kill() {
      if (!running()) return;
      child.kill('SIGKILL');
      await Promise.race([exited, sleep(5_000)]);
    },
  };

  // Up means GET /healthz answers 200 (it must not need the database).
  const deadline = performance.now() + 30_000;
  let last = 'no answer yet';
  while (performance.now() < deadline) {
    if (!running()) {
      throw new Error(
        `The portal exited while starting (code ${child.exitCode}, signal ${child.signalCode}).\n` +
          `--- portal output ---\n${output()}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      const text = await response.text();
      if (response.status === 200) return portal;
      last = `${response.status} ${text.slice(0, 200)}`;
      if (response.status === 404) break; // The route is missing: waiting will not help.
    } catch (error) {
      last = describeError(error);
    }
    await sleep(100);
  }
  await portal.kill();
  throw new Error(`GET /healthz never answered 200 (last: ${last}).\n--- portal output ---\n${output()}`);
}

// ---------------------------------------------------------------------------------------------
// A browser: a cookie jar, the app's own Origin on every request, JSON bodies
// ---------------------------------------------------------------------------------------------

interface Answer {
  status: number;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: unknown;
}

function newBrowser(baseUrl: string) {
  const jar = new makeFetchCookie.toughCookie.CookieJar();
  const cookieFetch = makeFetchCookie(fetch, jar);
  return async function call(
    method: string,
    url: string,
    body?: unknown,
    timeoutMs = 10_000,
  ): Promise<Answer> {
    const response = await cookieFetch(`${baseUrl}${url}`, {
      method,
      headers: {
        origin: baseUrl,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    return { status: response.status, text, body: parseJson(text) };
  };
}
type Browser = ReturnType<typeof newBrowser>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.name}: ${error.message}${cause}`;
}

/** Why an answer is not a proper "database away" answer (503 {"error": text without driver wording}), or undefined. */
function unavailableProblem(answer: Answer): string | undefined {
  if (answer.status !== 503) return `answered ${answer.status}: ${answer.text.slice(0, 200)}`;
  const error = isRecord(answer.body) ? answer.body.error : undefined;
  if (typeof error !== 'string' || error.trim() === '') {
    return `503 without a JSON {"error": string} body: ${answer.text.slice(0, 200)}`;
  }
  if (DRIVER_TEXT.test(error)) return `503 carries database/driver wording: ${error}`;
  return undefined;
}

/** Password, the code from the mail, the terms: the web app's sign-in over the REST paths. */
async function signIn(call: Browser, mail: MailTrap, email: string, password: string) {
  const step = async (what: string, answer: Promise<Answer>) => {
    const a = await answer;
    if (a.status !== 200)
      throw new Error(`Sign-in step ${what} answered ${a.status}: ${a.text.slice(0, 300)}`);
    return a;
  };
  await step('POST /api/login', call('POST', '/api/login', { email, password }));
  await step('POST /api/send-otp', call('POST', '/api/send-otp', {}));
  const oneTimeCode = codeIn(await mail.latestTo(email));
  await step('POST /api/verify-otp', call('POST', '/api/verify-otp', { oneTimeCode }));
  await step('POST /api/accept-terms', call('POST', '/api/accept-terms', { accepted: true }));
}

/** The server migrates on start; the test's own rows wait until every migration has run. */
async function waitForMigrations(handle: DatabaseHandle) {
  const deadline = performance.now() + 30_000;
  for (;;) {
    const pending = (await migratorFor(handle.db).getMigrations()).filter((m) => !m.executedAt);
    if (pending.length === 0) return;
    if (performance.now() > deadline) {
      throw new Error(`The portal did not run its migrations: ${pending.map((m) => m.name).join(', ')}`);
    }
    await sleep(200);
  }
}

let mail: MailTrap;
beforeAll(async () => {
  mail = await startMailTrap();
});
afterAll(async () => {
  await mail?.close();
});

// ---------------------------------------------------------------------------------------------
// A real PostgreSQL restarted under a steady write load
// ---------------------------------------------------------------------------------------------

type Phase = 'healthy' | 'restart-fast' | 'down' | 'recovering' | 'recovered';

interface Ack {
  id: string;
  name: string;
  phase: Phase;
}

interface Failure {
  phase: Phase;
  what: string;
}

// Registered where a real PostgreSQL can be run, and always in CI (DATABASE_URL set), where
// missing binaries fail the test rather than quietly dropping it.
if (PG_BIN_DIR || testEnv.databaseUrl) {
  describe('the portal survives a PostgreSQL restart under write load', () => {
    let cluster: PgCluster | undefined;
    let portal: Portal | undefined;
    let handle: DatabaseHandle | undefined;
    let dataDir: string | undefined;

    afterAll(async () => {
      await portal?.kill();
      await handle?.close().catch(() => undefined);
      await cluster?.destroy();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('keeps running, answers 503 while the database is away, recovers within 5 s, loses no acknowledged write', async () => {
      if (!PG_BIN_DIR) {
        throw new Error(
          'DATABASE_URL is set but no PostgreSQL server binaries were found (initdb, pg_ctl, postgres: ' +
            'not in `pg_config --bindir` nor in /usr/lib/postgresql/*/bin). This test starts and restarts ' +
            'a PostgreSQL cluster of its own: install the server package (Debian: postgresql).',
        );
      }
      cluster = await startCluster({ binDir: PG_BIN_DIR });
      const db = cluster;
      dataDir = mkdtempSync(path.join(tmpdir(), 'capsule-restart-'));
      portal = await startPortal({ databaseUrl: db.url, smtpUrl: mail.smtpUrl, dataDir });
      const p = portal;
      const context = () => `\n--- portal output ---\n${p.output()}\n--- postgres log ---\n${db.logTail(20)}`;

      // A member, created beside the app as the admin CLI would, signed in as a browser.
      handle = await openDatabase({ databaseUrl: db.url, poolSize: 2 });
      await waitForMigrations(handle);
      // Migrated is not yet ready: the portal then starts its job queue, and opens after that.
      await waitUntilReady(p.baseUrl);
      const email = `restart.${process.pid}@example.test`;
      const password = 'correct horse battery staple';
      const user = await createUser(handle.db, { email, password, fullName: 'Restart Tester' });
      const call = newBrowser(p.baseUrl);
      await signIn(call, mail, email, password);

      // ---- Observations, asserted together at the end so one run reports every gap ----
      let phase: Phase = 'healthy';
      let stopLoad = false;
      const acks: Ack[] = [];
      const failures: Failure[] = [];
      const statuses = new Map<string, number>();
      const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);

      async function writer(w: number) {
        for (let i = 1; !stopLoad; i += 1) {
          const at = phase;
          const lastName = `W${w}N${i}`;
          let answer: Answer;
          try {
            answer = await call('POST', '/api/contacts', {
              firstName: 'Load',
              lastName,
              x_studio_email: `load.${w}.${i}@example.test`,
            });
          } catch (error) {
            count(`${at} POST socket-error`);
            failures.push({
              phase: at,
              what: `POST /api/contacts failed at the socket: ${describeError(error)}`,
            });
            await sleep(50);
            continue;
          }
          count(`${at} POST ${answer.status}`);
          if (answer.status === 201) {
            const id = isRecord(answer.body) ? answer.body.id : undefined;
            if (typeof id === 'string' && id !== '') acks.push({ id, name: `Load ${lastName}`, phase: at });
            else failures.push({ phase: at, what: `201 without an id: ${answer.text.slice(0, 200)}` });
            continue;
          }
          const problem = unavailableProblem(answer);
          if (problem) failures.push({ phase: at, what: `POST /api/contacts ${problem}` });
          await sleep(20);
        }
      }

      async function probe(url: string, authenticated = false): Promise<Answer | string> {
        try {
          return authenticated
            ? await call('GET', url, undefined, 2_000)
            : await fetchAnswer(`${p.baseUrl}${url}`, 2_000);
        } catch (error) {
          return `socket error: ${describeError(error)}`;
        }
      }

      // 1. Healthy.
      const readyBefore = await probe('/readyz');
      const loaders = [1, 2, 3, 4].map((w) => writer(w));
      // The load stops whatever happens below, so no loop outlives the test.
      const stopLoading = async () => {
        stopLoad = true;
        await Promise.all(loaders);
      };
      onTestFinished(stopLoading);
      await sleep(1_500);

      // 2. A fast restart: the server ends every session ("terminating connection due to
      //    administrator command"); load keeps coming.
      phase = 'restart-fast';
      await db.restart('fast');
      await sleep(1_000);

      // 3. Down: sessions die without a word ("Connection terminated unexpectedly"), new
      //    connections are refused. Load keeps coming for about 2 s.
      phase = 'down';
      await db.stop('immediate');
      await sleep(300);
      const readyDown = await probe('/readyz');
      const healthDown = await probe('/healthz');
      const contactsDown = await probe('/api/contacts', true);
      await sleep(1_700);

      // 4. Back: the clock starts when pg_ctl start -w returns.
      await db.start();
      const backAt = performance.now();
      phase = 'recovering';
      let recoveryMs: number | undefined;
      let lastRecoveryAnswer = '';
      while (performance.now() - backAt < 15_000) {
        const answer = await probe('/api/contacts', true);
        if (typeof answer !== 'string' && answer.status === 200) {
          recoveryMs = Math.round(performance.now() - backAt);
          break;
        }
        lastRecoveryAnswer =
          typeof answer === 'string' ? answer : `${answer.status} ${answer.text.slice(0, 200)}`;
        await sleep(50);
      }
      phase = 'recovered';
      const readyAfter = await probe('/readyz');
      await sleep(1_500);
      await stopLoading();

      // ---- Assertions ----
      const byPhase = (ph: Phase) => acks.filter((a) => a.phase === ph).length;
      const phases: Phase[] = ['healthy', 'restart-fast', 'down', 'recovering', 'recovered'];
      const summary =
        `acknowledged per phase: ${JSON.stringify(Object.fromEntries(phases.map((ph) => [ph, byPhase(ph)])))}\n` +
        `answers: ${JSON.stringify(Object.fromEntries(statuses))}`;

      expect
        .soft(
          p.running(),
          `the portal process died (code ${p.child.exitCode}, signal ${p.child.signalCode})${context()}`,
        )
        .toBe(true);
      expect.soft(p.crashLines(), 'the portal reported an uncaught error').toEqual([]);

      expect
        .soft(
          failures.length,
          `answers other than 201 or a proper 503:\n${summariseFailures(failures)}\n${summary}${context()}`,
        )
        .toBe(0);
      expect
        .soft(byPhase('healthy'), `no write acknowledged before the outage\n${summary}`)
        .toBeGreaterThan(0);
      expect
        .soft(byPhase('recovered'), `no write acknowledged after the outage\n${summary}`)
        .toBeGreaterThan(0);

      expect
        .soft(isReady(readyBefore), `GET /readyz before the outage: ${describeAnswer(readyBefore)}`)
        .toBe(true);
      expect
        .soft(isHealthy(healthDown), `GET /healthz while the database is down: ${describeAnswer(healthDown)}`)
        .toBe(true);
      expect
        .soft(problemOf(readyDown), `GET /readyz while the database is down: ${describeAnswer(readyDown)}`)
        .toBeUndefined();
      expect
        .soft(
          problemOf(contactsDown),
          `GET /api/contacts while the database is down: ${describeAnswer(contactsDown)}`,
        )
        .toBeUndefined();
      expect
        .soft(
          recoveryMs ?? Number.POSITIVE_INFINITY,
          recoveryMs === undefined
            ? `GET /api/contacts never answered 200 within 15 s of the database being back (last: ${lastRecoveryAnswer})`
            : `GET /api/contacts answered 200 only ${recoveryMs} ms after pg_ctl start returned`,
        )
        .toBeLessThan(RECOVERY_LIMIT_MS);
      expect
        .soft(isReady(readyAfter), `GET /readyz after recovery: ${describeAnswer(readyAfter)}`)
        .toBe(true);

      // Every acknowledged write is in the table, with the name it was acknowledged for.
      const stored = await handle.db
        .selectFrom('contacts')
        .select(['id', 'fullName'])
        .where('userId', '=', user.id)
        .execute();
      const storedNames = new Map(stored.map((row) => [row.id, row.fullName]));
      const lost = acks.filter((a) => storedNames.get(a.id) !== a.name);
      expect
        .soft(
          lost.map((a) => `${a.phase} ${a.id} ${a.name} -> ${storedNames.get(a.id) ?? 'missing'}`),
          `acknowledged writes missing from the contacts table (of ${acks.length})`,
        )
        .toEqual([]);

      // 5. A graceful shutdown: SIGTERM closes the server and exits 0.
      await expectGracefulExit(p, context);
    }, 120_000);
  });
}

// ---------------------------------------------------------------------------------------------
// No database at all (runs on every machine)
// ---------------------------------------------------------------------------------------------

describe('the portal without a reachable database', () => {
  let portal: Portal | undefined;
  let dataDir: string | undefined;

  afterAll(async () => {
    await portal?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts, says it is alive but not ready, answers 503 without driver wording, and stops cleanly', async () => {
    // A port nothing listens on: every connection attempt is refused.
    const deadPort = await freePort();
    dataDir = mkdtempSync(path.join(tmpdir(), 'capsule-nodb-'));
    portal = await startPortal({
      databaseUrl: `postgres://postgres@127.0.0.1:${deadPort}/postgres`,
      smtpUrl: mail.smtpUrl,
      dataDir,
    });
    const p = portal;
    const context = () => `\n--- portal output ---\n${p.output()}`;

    const health = await fetchAnswer(`${p.baseUrl}/healthz`);
    expect.soft(health.status, `GET /healthz: ${health.text}`).toBe(200);
    expect.soft(health.body).toEqual({ status: 'ok' });

    const ready = await fetchAnswer(`${p.baseUrl}/readyz`);
    expect.soft(unavailableProblem(ready), 'GET /readyz without a database').toBeUndefined();

    const call = newBrowser(p.baseUrl);
    const login = await call('POST', '/api/login', { email: 'nobody@example.test', password: 'whatever pw' });
    expect.soft(unavailableProblem(login), 'POST /api/login without a database').toBeUndefined();

    // Still up a moment later (a background retry must not take it down).
    await sleep(1_000);
    expect.soft(p.running(), `the portal process died${context()}`).toBe(true);
    const healthLater = await fetchAnswer(`${p.baseUrl}/healthz`);
    expect.soft(healthLater.status, 'GET /healthz a second later').toBe(200);

    await expectGracefulExit(p, context);
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------

/** SIGTERM closes the portal and it exits 0 within the limit. */
async function expectGracefulExit(p: Portal, context: () => string) {
  const exit = await p.terminate(SHUTDOWN_LIMIT_MS);
  expect(
    exit,
    `the portal was still running ${SHUTDOWN_LIMIT_MS / 1000} s after SIGTERM${context()}`,
  ).not.toBe('timeout');
  expect(exit, `exit after SIGTERM${context()}`).toMatchObject({ code: 0, signal: null });
}

async function fetchAnswer(url: string, timeoutMs = 5_000): Promise<Answer> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  return { status: response.status, text, body: parseJson(text) };
}

/** Until GET /readyz says ready (the portal has migrated and started its job queue). */
async function waitUntilReady(baseUrl: string, timeoutMs = 30_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let last: Answer | string = 'no answer yet';
  while (performance.now() < deadline) {
    last = await fetchAnswer(`${baseUrl}/readyz`, 2_000).catch((error: unknown) => describeError(error));
    if (isReady(last)) return;
    await sleep(100);
  }
  throw new Error(`The portal was not ready within ${timeoutMs / 1000} s: ${describeAnswer(last)}`);
}

function describeAnswer(answer: Answer | string): string {
  return typeof answer === 'string' ? answer : `${answer.status} ${answer.text.slice(0, 200)}`;
}

function problemOf(answer: Answer | string): string | undefined {
  return typeof answer === 'string' ? answer : unavailableProblem(answer);
}

/** A 200 whose JSON body has that status ('ok' for /healthz, 'ready' for /readyz). */
function answered200(answer: Answer | string, status: string): boolean {
  return (
    typeof answer !== 'string' &&
    answer.status === 200 &&
    isRecord(answer.body) &&
    answer.body.status === status
  );
}
const isReady = (answer: Answer | string) => answered200(answer, 'ready');
const isHealthy = (answer: Answer | string) => answered200(answer, 'ok');

function summariseFailures(failures: Failure[]): string {
  const counts = new Map<string, number>();
  for (const f of failures) {
    const key = `[${f.phase}] ${f.what}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const lines = [...counts].map(([what, n]) => `${n} x ${what}`);
  return (
    lines.slice(0, 25).join('\n') + (lines.length > 25 ? `\n... and ${lines.length - 25} more kinds` : '')
  );
}
