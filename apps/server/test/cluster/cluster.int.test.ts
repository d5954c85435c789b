import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import makeFetchCookie from 'fetch-cookie';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
// The cluster of `npm run cluster` (scripts/cluster-lib.mjs), started the same way here.
import { findHaproxy, startCluster as startPortalCluster } from '../../../../scripts/cluster-lib.mjs';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { migratorFor } from '../../src/db/migrate.js';
import { startMemoryBlobEmulator } from '../../src/dev/blob-emulator.js';
import { createUser } from '../../src/modules/users/users.service.js';
import { freePort } from '../support/free-port.js';
import { codeIn, type MailTrap, startMailTrap } from '../support/mail-trap.js';
import { findPostgresBinDir, type PgCluster, startCluster } from '../support/pg-cluster.js';
import { testEnv } from '../support/test-env.js';

// Past one machine (docs/operations/deployment.md): three web instances and two job workers
// behind HAProxy, against one PostgreSQL of the test's own (so it can be restarted) and one
// blob store. Under a steady load of sign-in'd writes through the balancer: one web instance is
// killed (SIGKILL), then the database restarts, then a worker is killed. Afterwards every write
// the portal acknowledged is in the database, a session made on one instance works on all, and
// a capsule locked while a worker died is delivered exactly once, and every delivery or mail
// sweep running when it died completes. The balancer's error window is printed. PostgreSQL run only (PGlite serves one process); HAProxy from Debian.

const PG_BIN_DIR = findPostgresBinDir();

interface Ack {
  id: string;
  at: number;
}
interface Failure {
  at: number;
  what: string;
}

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

async function signIn(fetchWith: Fetch, base: string, mail: MailTrap, email: string, password: string) {
  const post = async (p: string, body: unknown) => {
    const r = await fetchWith(`${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(body),
    });
    if (r.status !== 200) throw new Error(`${p} answered ${r.status}: ${await r.text()}`);
  };
  await post('/api/login', { email, password });
  await post('/api/send-otp', {});
  await post('/api/verify-otp', { oneTimeCode: codeIn(await mail.latestTo(email, 15_000)) });
  await post('/api/accept-terms', { accepted: true });
}

async function waitForMigrations(handle: DatabaseHandle) {
  for (;;) {
    const pending = (await migratorFor(handle.db).getMigrations()).filter((m) => !m.executedAt);
    if (pending.length === 0) return;
    await sleep(200);
  }
}

if (testEnv.databaseUrl) {
  describe('many instances behind HAProxy', () => {
    let pg: PgCluster | undefined;
    let portal: Awaited<ReturnType<typeof startPortalCluster>> | undefined;
    let handle: DatabaseHandle | undefined;
    let mail: MailTrap | undefined;
    let blobs: Awaited<ReturnType<typeof startMemoryBlobEmulator>> | undefined;
    let dataDir: string | undefined;
    let printed = '';
    let workerLines = '';

    afterAll(async () => {
      await portal?.stop().catch(() => undefined);
      await handle?.close().catch(() => undefined);
      await blobs?.stop().catch(() => undefined);
      await mail?.close().catch(() => undefined);
      await pg?.destroy();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('shares sessions, loses no acknowledged write when a web instance dies and the database restarts, delivers exactly once when a worker dies', async () => {
      if (!findHaproxy()) {
        throw new Error(
          'HAProxy is not installed: this test runs the portal behind it (Debian: apt-get install haproxy; .ci/run installs it).',
        );
      }
      if (!PG_BIN_DIR)
        throw new Error("No PostgreSQL server binaries (initdb, pg_ctl): install Debian's postgresql.");
      pg = await startCluster({ binDir: PG_BIN_DIR });
      mail = await startMailTrap();
      blobs = await startMemoryBlobEmulator(await freePort());
      dataDir = mkdtempSync(path.join(tmpdir(), 'capsule-cluster-'));
      portal = await startPortalCluster({
        web: 3,
        workers: 2,
        dataDir,
        drainSeconds: 2,
        env: {
          DATABASE_URL: pg.url,
          SMTP_URL: mail.smtpUrl,
          AZURE_STORAGE_CONNECTION_STRING: blobs.connectionString,
          SESSION_SECRET: 'cluster-test-secret-'.repeat(3),
          DEMO_USER: 'off',
          LOG_LEVEL: 'warn',
          API_RATE_LIMIT: '100000',
          PATH: testEnv.path,
        },
        log: (line: string) => {
          printed = (printed + line).slice(-20_000);
          if (line.startsWith('worker')) workerLines = (workerLines + line).slice(-20_000);
        },
      });
      const base = portal.url;
      const processStates = () =>
        [...(portal?.processes.webs ?? []), ...(portal?.processes.workers ?? [])]
          .map(
            (p) =>
              `${p.name}: ${p.child.exitCode !== null || p.child.signalCode !== null ? `exited (${p.child.exitCode ?? p.child.signalCode})` : 'running'}`,
          )
          .join(', ');
      const context = () =>
        `\n--- cluster output ---\n${printed.slice(-4000)}\n--- workers ---\n${workerLines.slice(-8000)}\n--- processes ---\n${processStates()}\n--- postgres ---\n${pg?.logTail(15)}`;

      handle = await openDatabase({ databaseUrl: pg.url, poolSize: 2 });
      await waitForMigrations(handle);
      const password = 'correct horse battery staple';
      const member = await createUser(handle.db, {
        email: 'member@example.test',
        password,
        fullName: 'Mia Member',
      });
      const recipient = await createUser(handle.db, {
        email: 'rita@example.test',
        password,
        fullName: 'Rita Recipient',
      });

      // A session made through the balancer (its steps landed on different instances) works on every one.
      const jar = new makeFetchCookie.toughCookie.CookieJar();
      const browser = makeFetchCookie(fetch, jar) as Fetch;
      await signIn(browser, base, mail, member.email, password);
      for (const web of portal.processes.webs) {
        const status = await browser(`${base.replace(/:\d+$/, `:${web.port}`)}/api/login-status`);
        const body = (await status.json()) as { loggedIn?: boolean };
        expect([web.name, body.loggedIn], context()).toEqual([web.name, true]);
      }

      // Steady writes through the balancer, three at a time, for the whole fault sequence.
      const acks: Ack[] = [];
      const failures: Failure[] = [];
      const started = performance.now();
      let writing = true;
      const lane = async (laneNo: number) => {
        for (let n = 0; writing; n++) {
          const at = performance.now() - started;
          try {
            const r = await browser(`${base}/api/contacts`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin: base },
              body: JSON.stringify({
                firstName: `Lane${laneNo}`,
                lastName: `Write${n}`,
                x_studio_email: `lane${laneNo}.write${n}@example.test`,
                x_studio_relationship_type: 'Friend',
              }),
              signal: AbortSignal.timeout(10_000),
            });
            const text = await r.text();
            if (r.status === 200 || r.status === 201) {
              acks.push({ id: (JSON.parse(text) as { id: string }).id, at });
            } else
              failures.push({ at: performance.now() - started, what: `${r.status} ${text.slice(0, 120)}` });
          } catch (error) {
            // When it failed: a request sent before a fault fails when the fault comes.
            failures.push({ at: performance.now() - started, what: `socket: ${(error as Error).message}` });
            await sleep(100);
          }
        }
      };
      const lanes = [1, 2, 3].map(lane);

      await sleep(1500);
      const killedWebAt = performance.now() - started;
      portal.processes.webs[1]?.child.kill('SIGKILL');
      await sleep(2500);
      const restartAt = performance.now() - started;
      await pg.restart('fast');
      await sleep(4000);

      // A capsule locked while a worker dies mid-way: delivered once, by the other worker.
      const lockAt = performance.now() - started;
      await arrangeLockable(handle, member.id, recipient.email);
      const capsuleId = await firstCapsuleId(handle, member.id);
      const lock = await browser(`${base}/api/capsule/lock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ capsuleId }),
      });
      expect(lock.status, `${await lock.clone().text()}${context()}`).toBe(200);
      // The sweeps running at that moment, on either worker: each must still end completed.
      const runningAtKill = await sql<{ id: string; name: string }>`
        select id::text as id, name from pgboss.job
        where name in ('capsules.deliver', 'capsules.delivery-mail') and state = 'active'`.execute(handle.db);
      portal.processes.workers[0]?.child.kill('SIGKILL');
      await sleep(1500);
      writing = false;
      await Promise.all(lanes);

      // Only the two killed processes are gone: the others rode out the database restart, even
      // one still starting then (its start waits for the database, docs/decisions/009).
      expect(processStates(), context()).toBe(
        'web1: running, web2: exited (SIGKILL), web3: running, worker1: exited (SIGKILL), worker2: running',
      );
      // Every acknowledged write is in the database.
      const ids = acks.map((a) => a.id).filter(Boolean);
      expect(ids.length, context()).toBeGreaterThan(20);
      const stored = await handle.db.selectFrom('contacts').select('id').where('id', 'in', ids).execute();
      expect(stored.length, context()).toBe(ids.length);
      // Requests fail only around the two faults: those in flight on the killed instance (HAProxy
      // retries a refused connection, never a request already sent), and those meeting the
      // database restart. Nothing fails once the balancer has taken the dead instance out.
      const inWindow = (f: Failure, from: number, ms: number) => f.at >= from - 100 && f.at <= from + ms;
      const atKill = failures.filter((f) => inWindow(f, killedWebAt, 2500));
      const atRestart = failures.filter((f) => inWindow(f, restartAt, 6000));
      const elsewhere = failures.filter((f) => !atKill.includes(f) && !atRestart.includes(f));
      if (elsewhere.length)
        console.log(`kill at ${killedWebAt}, restart at ${restartAt}, failures ${JSON.stringify(failures)}`);
      expect(elsewhere, context()).toEqual([]);
      const span = (list: Failure[]) =>
        list.length ? `${list.length} in ${Math.round(list.at(-1)!.at - list[0]!.at)} ms` : 'none';
      console.log(
        `cluster: ${acks.length} writes acknowledged, all stored; error window at the web kill (${Math.round(killedWebAt)} ms): ` +
          `${span(atKill)}; at the database restart (${Math.round(restartAt)} ms): ${span(atRestart)}; worker1 killed at ${Math.round(lockAt)} ms`,
      );

      // The locked capsule reaches its recipient exactly once (the surviving worker's sweep). If
      // the killed worker held the sweep, the survivor takes it over once the heartbeat is missed
      // (30 s) and the supervisor's next pass (up to 60 s) fails it into its retry.
      const deadline = performance.now() + 150_000;
      let received: number;
      for (;;) {
        const row = await sql<{ n: string }>`
          select count(*) as n from received_capsules where capsule_id = ${capsuleId}`.execute(handle.db);
        received = Number(row.rows[0]?.n ?? 0);
        if (received > 0 || performance.now() > deadline) break;
        await sleep(500);
      }
      expect(received, `${context()}\n--- delivery jobs ---\n${await deliveryJobs(handle)}`).toBe(1);
      const mails = await sql<{ n: string }>`
        select count(*) as n from delivery_mails where capsule_id = ${capsuleId} and kind = 'delivery'`.execute(
        handle.db,
      );
      expect(Number(mails.rows[0]?.n), context()).toBe(1);

      // Every sweep that was running when the worker died completes: on its own worker, or taken
      // over by the survivor once the dead one's heartbeat was missed. None stays active or fails.
      const sweepIds = runningAtKill.rows.map((r) => r.id);
      const sweepDeadline = performance.now() + 150_000;
      let states: string[] = [];
      while (sweepIds.length > 0) {
        const rows = await sql<{ state: string }>`
          select state from pgboss.job where id = any(${sweepIds}::uuid[])`.execute(handle.db);
        states = rows.rows.map((r) => r.state);
        if (states.every((st) => st === 'completed') || performance.now() > sweepDeadline) break;
        await sleep(500);
      }
      expect(states, `${context()}\n--- delivery jobs ---\n${await deliveryJobs(handle)}`).toEqual(
        sweepIds.map(() => 'completed'),
      );
      console.log(`cluster: ${sweepIds.length} sweep(s) running at the worker's kill, each completed`);
    }, 400_000);
  });
}

/** The delivery sweeps pg-boss holds, for a failure's message: which ran, which died, which waits. */
async function deliveryJobs(handle: DatabaseHandle): Promise<string> {
  const jobs = await sql<{ state: string; retry_count: number; created_on: Date; started_on: Date | null }>`
    select state, retry_count, created_on, started_on from pgboss.job
    where name = 'capsules.deliver' order by created_on`.execute(handle.db);
  return JSON.stringify(jobs.rows);
}

/** The member's first capsule, stored and ready to lock, for the recipient (as an upload leaves it). */
async function arrangeLockable(handle: DatabaseHandle, ownerId: string, recipientEmail: string) {
  const { recordPurchase } = await import('../../src/modules/commerce/index.js');
  const { ensureDevPackages } = await import('../../src/dev/seed-packages.js');
  await ensureDevPackages(handle.db);
  const owner = await handle.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', ownerId)
    .executeTakeFirstOrThrow();
  await recordPurchase({ db: handle.db, clock: { now: () => new Date() } } as never, {
    email: owner.email,
    packageName: '3 Journey Capsules',
    quantity: 1,
  });
  const id = await firstCapsuleId(handle, ownerId);
  await handle.db
    .updateTable('capsules')
    .set({
      status: 'Sent',
      recipientName: 'Rita Recipient',
      recipientEmail,
      videoBlobName: 'arranged/video.mp4',
      uploadDate: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

async function firstCapsuleId(handle: DatabaseHandle, ownerId: string): Promise<string> {
  const row = await handle.db
    .selectFrom('capsules')
    .select('id')
    .where('ownerId', '=', ownerId)
    .orderBy('seq')
    .executeTakeFirstOrThrow();
  return row.id;
}
