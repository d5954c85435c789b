import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../../src/db/database.js';
import type { PgBossDb } from '../../src/db/job-queue-db.js';
import {
  type CreateJobQueueOptions,
  createJobQueue,
  defineJobs,
  type JobLogger,
  type JobQueue,
} from '../../src/jobs/index.js';
import { databaseKinds, openTestDatabase } from '../support/databases.js';
import { CHILD_SCRIPT, KILL_CATALOGUE } from '../support/job-worker-child.js';

// The job queue on both databases (docs/decisions/009-job-queue.md): jobs commit or vanish with
// the business transaction, run once across instances, survive a process that dies mid-handler,
// retry with back-off into a visible failed state, fire on a schedule, and stay queued where
// jobs are off. Timings are shortened so the whole file runs in seconds.

const key = z.object({ key: z.string() });
const CATALOGUE = defineJobs({
  't.record': { payload: key, retryDelay: 0 },
  't.shared': { payload: key, retryDelay: 0 },
  't.crash': { payload: key, retryLimit: 2, retryDelay: 0, expireInSeconds: 2 },
  't.flaky': { payload: key, retryLimit: 2, retryDelay: 1, retryBackoff: true, retryDelayMax: 3 },
  't.tick': { payload: z.object({}), policy: 'exclusive' },
  't.off': { payload: key, retryDelay: 0 },
  't.slow': { payload: key, retryDelay: 0, retryLimit: 1, expireInSeconds: 30 },
  't.once': { payload: key, policy: 'exclusive' },
  't.grouped': { payload: key, retryDelay: 0 },
});
type Catalogue = typeof CATALOGUE;

const TIMING = {
  pollingIntervalSeconds: 0.5,
  superviseIntervalSeconds: 1,
  cronMonitorIntervalSeconds: 1,
  cronWorkerIntervalSeconds: 1,
};

class Rollback extends Error {}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * Until the queue has recorded job `id` in `state`. A handler returning and the queue recording
 * it are two steps, so a test waits for the record, not for the handler.
 */
async function untilJobIs<N>(
  queue: { findJob(name: N, id: string): Promise<{ state: string } | null> },
  name: N,
  id: string,
  state: string,
  what: string,
  timeoutMs?: number,
) {
  await until(async () => (await queue.findJob(name, id))?.state === state, what, timeoutMs);
}

/** Keeps what the queue logged, so a test can look and nothing reaches the console. */
function recordingLogger() {
  const lines: Array<{ level: string; msg: string | undefined }> = [];
  const logger: JobLogger = {
    info: (_obj, msg) => lines.push({ level: 'info', msg }),
    warn: (_obj, msg) => lines.push({ level: 'warn', msg }),
    error: (_obj, msg) => lines.push({ level: 'error', msg }),
  };
  return { logger, lines };
}

/** Stands for a process killed with SIGKILL: from the moment it is cut, nothing it sends arrives. */
function cuttable(db: PgBossDb) {
  let cut = false;
  const wrapped: PgBossDb = {
    executeSql: (text, values) =>
      cut
        ? Promise.reject(
            Object.assign(new Error('Connection terminated (process killed)'), { code: 'ECONNRESET' }),
          )
        : db.executeSql(text, values),
  };
  return { wrapped, cut: () => (cut = true) };
}

describe.each(databaseKinds())('job queue (%s)', (kind) => {
  let database: DatabaseHandle;
  const running: Array<Pick<JobQueue<Catalogue>, 'stop'>> = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // A business table of the test's own: the state change that commits, or not, with its job.
    await sql`create table job_test_marks (key text primary key)`.execute(database.db);
  });
  afterEach(async () => {
    for (const queue of running.splice(0)) await queue.stop({ graceful: false });
  });
  afterAll(async () => database?.close());

  async function startQueue(options: Partial<CreateJobQueueOptions<Catalogue>> = {}) {
    const queue = createJobQueue<Catalogue>({
      database,
      config: { jobs: true },
      logger: recordingLogger().logger,
      catalogue: CATALOGUE,
      timing: TIMING,
      ...options,
    });
    running.push(queue);
    return queue;
  }

  /** A mark and its job in one transaction, committed unless `rollback`. */
  async function markAndSend(
    queue: JobQueue<Catalogue>,
    name: 't.record' | 't.off',
    k: string,
    rollback = false,
  ) {
    let id: string | null = null;
    await database.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into job_test_marks (key) values (${k})`.execute(trx);
        id = await queue.send(trx, name, { key: k });
        if (rollback) throw new Rollback();
      })
      .catch((error) => {
        if (!(error instanceof Rollback)) throw error;
      });
    return id as string | null;
  }

  const markExists = async (k: string) =>
    (await sql`select 1 from job_test_marks where key = ${k}`.execute(database.db)).rows.length === 1;

  it('a job sent in a transaction that rolls back never runs; a committed one runs once', async () => {
    const queue = await startQueue();
    const runs: string[] = [];
    await queue.work('t.record', async ({ key: k }) => {
      runs.push(k);
    });
    await queue.start();

    const lost = await markAndSend(queue, 't.record', 'rolled-back', true);
    const kept = await markAndSend(queue, 't.record', 'committed');
    expect(lost).toEqual(expect.any(String));
    await until(() => runs.includes('committed'), 'the committed job');
    await sleep(1_500); // a few more polls: nothing else may run

    expect(runs).toEqual(['committed']);
    expect(await markExists('rolled-back')).toBe(false);
    expect(await markExists('committed')).toBe(true);
    expect(await queue.findJob('t.record', lost as string)).toBeNull();
    expect(await queue.findJob('t.record', kept as string)).toMatchObject({
      state: 'completed',
      retryCount: 0,
    });
  });

  it('two instances on one database share the jobs and run each once', async () => {
    const runs: Array<{ by: string; key: string }> = [];
    const instance = async (by: string) => {
      const queue = await startQueue();
      await queue.work(
        't.shared',
        async ({ key: k }) => {
          runs.push({ by, key: k });
          await sleep(100);
        },
        { concurrency: 2 },
      );
      return queue;
    };
    const [a, b] = [await instance('a'), await instance('b')];
    await Promise.all([a.start(), b.start()]);
    const keys = Array.from({ length: 24 }, (_, i) => `job-${i}`);
    await database.db.transaction().execute(async (trx) => {
      for (const k of keys) await a.send(trx, 't.shared', { key: k });
    });

    await until(() => new Set(runs.map((r) => r.key)).size === keys.length, 'every shared job');
    await sleep(1_000);
    expect(runs.map((r) => r.key).sort()).toEqual([...keys].sort());
    expect(runs.some((r) => r.by === 'a')).toBe(true);
    expect(runs.some((r) => r.by === 'b')).toBe(true);
  });

  it("one group's many jobs do not hold up another group's job behind them", async () => {
    // Two instances of two slots each; the first sender queued five slow reviews before the
    // second sender's one. Without groups the second waits until four of them have run and the
    // fifth has started. pg-boss counts a group's running jobs at each fetch, so fetches that
    // race may let a group take a slot each (the catalogue says so in handlers.ts): the rule
    // holds B's job from queueing behind all of A's, not an exact one at a time. The second
    // instance starts once the first has fetched, so its fetches see A's running job and the
    // order does not depend on that race: with the groups B's job is at most third, without
    // them fifth or later.
    const order: string[] = [];
    const gate = { open: false };
    const instance = async () => {
      const queue = await startQueue();
      await queue.work(
        't.grouped',
        async ({ key: k }) => {
          order.push(k);
          if (k.startsWith('b:')) gate.open = true;
          // A's jobs are slow: they run until B's has started, or for 5 s.
          else await until(() => gate.open, 'the gate', 5_000).catch(() => undefined);
        },
        { concurrency: 2, perGroup: 1 },
      );
      return queue;
    };
    const [a, b] = [await instance(), await instance()];
    await a.start();
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 5; i++) await a.send(trx, 't.grouped', { key: `a:${i}` }, { group: 'user-a' });
      await a.send(trx, 't.grouped', { key: 'b:0' }, { group: 'user-b' });
    });
    await until(() => order.length >= 1, "the first instance's first job");
    await sleep(300);
    await b.start();

    await until(() => order.length === 6, 'every grouped job', 30_000);
    // B's job ran while A's first ones were still running, not after four of them.
    expect(order.indexOf('b:0')).toBeLessThanOrEqual(2);
  });

  it('a job whose process dies mid-handler is retried by another instance once its lease runs out', async () => {
    let cut = () => {};
    let started = false;
    const first = await startQueue({
      wrapConnection: (db) => {
        const c = cuttable(db);
        cut = c.cut;
        return c.wrapped;
      },
    });
    let release = () => {};
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    await first.work('t.crash', async () => {
      started = true;
      await stuck; // hangs until the test lets go, long after the process "died"
    });
    await first.start();
    let id: string | null = null;
    await database.db.transaction().execute(async (trx) => {
      id = await first.send(trx, 't.crash', { key: 'crash' });
    });
    await until(() => started, 'the first instance to take the job');
    cut();

    const ranBy: string[] = [];
    const second = await startQueue();
    await second.work('t.crash', async ({ key: k }) => {
      ranBy.push(k);
    });
    await second.start();
    await until(() => ranBy.length > 0, 'the second instance to retry the job');
    await untilJobIs(
      second,
      't.crash',
      id as unknown as string,
      'completed',
      'the retried job to be recorded',
    );
    const job = await second.findJob('t.crash', id as unknown as string);
    expect(job).toMatchObject({ state: 'completed', retryCount: 1 });
    expect(ranBy).toEqual(['crash']);
    release();
  });

  // A real process and a real SIGKILL: PostgreSQL only, since PGlite serves one process (there a
  // restarted app finds the job the same way, by its expired lease; the test above shows that).
  if (kind === 'postgres')
    it('a worker process killed with SIGKILL mid-handler loses no job', async () => {
      const databaseUrl = database.databaseUrl as string;
      const sender = createJobQueue({
        database,
        config: { jobs: false },
        logger: recordingLogger().logger,
        catalogue: KILL_CATALOGUE,
      });
      running.push(sender);
      await sender.start();

      const child = spawn(process.execPath, ['--import', 'tsx', CHILD_SCRIPT, databaseUrl], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      onTestFinished(() => {
        child.kill('SIGKILL');
      });
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
      await until(() => output.includes('ready'), `the worker process to start (it said: ${output})`, 30_000);

      let id = '';
      await database.db.transaction().execute(async (trx) => {
        id = (await sender.send(trx, 't.killed', { key: 'killed' })) as string;
      });
      await until(() => output.includes(`started ${id}`), 'the worker process to take the job');
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
      expect(await sender.findJob('t.killed', id)).toMatchObject({ state: 'active' });

      const ran: string[] = [];
      const survivor = createJobQueue({
        database,
        config: { jobs: true },
        logger: recordingLogger().logger,
        catalogue: KILL_CATALOGUE,
        timing: TIMING,
      });
      running.push(survivor);
      await survivor.work('t.killed', async ({ key: k }) => {
        ran.push(k);
      });
      await survivor.start();
      await until(() => ran.length > 0, 'another instance to retry the job');
      await untilJobIs(survivor, 't.killed', id, 'completed', 'the retried job to be recorded');
      expect(ran).toEqual(['killed']);
      expect(await survivor.findJob('t.killed', id)).toMatchObject({ state: 'completed', retryCount: 1 });
    });

  it('a failing job is retried with growing delays, then shows as failed with its error', async () => {
    const queue = await startQueue();
    const tries: number[] = [];
    await queue.work('t.flaky', async () => {
      tries.push(Date.now());
      throw new Error('the mail server said no');
    });
    await queue.start();
    let id = '';
    await database.db.transaction().execute(async (trx) => {
      id = (await queue.send(trx, 't.flaky', { key: 'flaky' })) as string;
    });

    await untilJobIs(queue, 't.flaky', id, 'failed', 'the failed state', 20_000);
    const job = await queue.findJob('t.flaky', id);
    expect(tries).toHaveLength(3);
    expect(job).toMatchObject({ state: 'failed', retryCount: 2 });
    expect(JSON.stringify(job?.output)).toContain('the mail server said no');
    const [gap1, gap2] = [tries[1]! - tries[0]!, tries[2]! - tries[1]!];
    // retryDelay 1 s doubled per retry with jitter: 1-2 s, then 2-3 s (capped at retryDelayMax).
    expect(gap1).toBeGreaterThanOrEqual(900);
    expect(gap2).toBeGreaterThanOrEqual(1_900);
  });

  it('a scheduled job fires', async () => {
    const queue = await startQueue();
    let ticks = 0;
    await queue.work('t.tick', async () => {
      ticks++;
    });
    await queue.schedule('t.tick', '* * * * *');
    await queue.start();
    await until(() => ticks > 0, 'the scheduled job', 15_000);
    expect(ticks).toBe(1);
  });

  it('with jobs off a process sends jobs but runs none; a worker runs them', async () => {
    const ran: string[] = [];
    const web = await startQueue({ config: { jobs: false } });
    await web.work('t.off', async ({ key: k }) => {
      ran.push(`web:${k}`);
    });
    await web.start();
    expect(web.runsJobs).toBe(false);
    const id = await markAndSend(web, 't.off', 'off');
    await sleep(1_500);
    expect(ran).toEqual([]);
    expect(await web.findJob('t.off', id as string)).toMatchObject({ state: 'created' });

    const worker = await startQueue({ runJobs: true });
    await worker.work('t.off', async ({ key: k }) => {
      ran.push(`worker:${k}`);
    });
    await worker.start();
    await until(() => ran.length > 0, 'the worker to run it');
    expect(ran).toEqual(['worker:off']);
  });

  it('stop lets a running handler finish; past its deadline the job is failed for a retry', async () => {
    const finishes = await startQueue();
    let finished = false;
    await finishes.work('t.slow', async () => {
      await sleep(700);
      finished = true;
    });
    await finishes.start();
    const send = async (queue: JobQueue<Catalogue>, k: string) => {
      let id = '';
      await database.db.transaction().execute(async (trx) => {
        id = (await queue.send(trx, 't.slow', { key: k })) as string;
      });
      return id;
    };
    const quick = await send(finishes, 'quick');
    await untilJobIs(finishes, 't.slow', quick, 'active', 'the quick job to start');
    await finishes.stop();
    expect(finished).toBe(true);

    const hangs = await startQueue();
    // Ends when pg-boss aborts it at the deadline, so no timer outlives the test.
    await hangs.work('t.slow', (_payload, job) =>
      sleep(60_000, undefined, { signal: job.signal }).catch(() => undefined),
    );
    await hangs.start();
    const slow = await send(hangs, 'slow');
    await untilJobIs(hangs, 't.slow', slow, 'active', 'the slow job to start');
    const stopping = Date.now();
    await hangs.stop({ deadlineMs: 1_000 });
    expect(Date.now() - stopping).toBeLessThan(5_000);
    const reader = await startQueue({ runJobs: false });
    await reader.start();
    // Failed by the shutdown, waiting for its retry (counted when it is taken again).
    expect(await reader.findJob('t.slow', slow)).toMatchObject({ state: 'retry' });
  });

  it('an exclusive job is sent once while one is pending (a singleton key)', async () => {
    const queue = await startQueue({ runJobs: false });
    await queue.start();
    const ids = await database.db
      .transaction()
      .execute(async (trx) => [
        await queue.send(trx, 't.once', { key: 'a' }, { singletonKey: 'upload-1' }),
        await queue.send(trx, 't.once', { key: 'b' }, { singletonKey: 'upload-1' }),
        await queue.send(trx, 't.once', { key: 'c' }, { singletonKey: 'upload-2' }),
      ]);
    expect(ids[0]).toEqual(expect.any(String));
    expect(ids[1]).toBeNull();
    expect(ids[2]).toEqual(expect.any(String));
  });
});
