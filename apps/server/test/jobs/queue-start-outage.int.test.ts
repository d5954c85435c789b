import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { createJobQueue, defineJobs, type JobLogger, type JobQueue } from '../../src/jobs/index.js';
import { findPostgresBinDir, type PgCluster, startCluster } from '../support/pg-cluster.js';
import { testEnv } from '../support/test-env.js';

// A job queue whose database goes away while it starts (a restart, a failover, both coming up
// together) waits for it and then runs its jobs and schedules: a worker that exited there would
// leave its deliveries to nobody (docs/decisions/009-job-queue.md). On a throwaway PostgreSQL of
// the test's own, so it can be stopped; PGlite lives in the process and cannot go away.

const PG_BIN_DIR = findPostgresBinDir();

const CATALOGUE = defineJobs({
  't.outage': { payload: z.object({ key: z.string() }), retryDelay: 0 },
  't.outage-tick': { payload: z.object({}), policy: 'exclusive' },
});

const TIMING = {
  pollingIntervalSeconds: 0.5,
  superviseIntervalSeconds: 1,
  cronMonitorIntervalSeconds: 1,
  cronWorkerIntervalSeconds: 1,
};

async function until(check: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}

if (testEnv.databaseUrl) {
  describe('a job queue started while its database is away', () => {
    let pg: PgCluster | undefined;
    let handle: DatabaseHandle | undefined;
    let queue: JobQueue<typeof CATALOGUE> | undefined;

    afterAll(async () => {
      await queue?.stop({ graceful: false }).catch(() => undefined);
      await handle?.close().catch(() => undefined);
      await pg?.destroy();
    });

    it('waits for the database, says so, then runs its jobs and its schedules', async () => {
      if (!PG_BIN_DIR)
        throw new Error("No PostgreSQL server binaries (initdb, pg_ctl): install Debian's postgresql.");
      pg = await startCluster({ binDir: PG_BIN_DIR });
      handle = await openDatabase({ databaseUrl: pg.url, poolSize: 2 });
      await pg.stop('fast');

      const warnings: string[] = [];
      const logger: JobLogger = {
        info: () => undefined,
        warn: (_obj, msg) => warnings.push(msg ?? ''),
        error: (_obj, msg) => warnings.push(`error: ${msg ?? ''}`),
      };
      queue = createJobQueue({
        database: handle,
        config: { jobs: true },
        logger,
        catalogue: CATALOGUE,
        timing: TIMING,
      });
      const ran: string[] = [];
      await queue.work('t.outage', async ({ key }) => {
        ran.push(key);
      });
      await queue.work('t.outage-tick', async () => undefined);
      await queue.schedule('t.outage-tick', '* * * * *');

      let outcome: 'pending' | 'started' | Error = 'pending';
      const starting = queue.start().then(
        () => (outcome = 'started'),
        (error: Error) => (outcome = error),
      );
      await sleep(2_500);
      // Still waiting, not failed: a worker process would have exited on the rejection.
      expect(outcome).toBe('pending');
      expect(
        warnings.some((w) => /waits for the database/.test(w)),
        warnings.join('\n'),
      ).toBe(true);

      await pg.start();
      await starting;
      expect(outcome).toBe('started');

      const id = await handle.db
        .transaction()
        .execute((trx) => queue!.send(trx, 't.outage', { key: 'after' }));
      expect(id).toEqual(expect.any(String));
      await until(() => ran.includes('after'), 'the job sent after the outage to run');
      // The schedule was registered once the database answered (its next minute runs it).
      const schedules = await sql<{ name: string }>`select name from pgboss.schedule`.execute(handle.db);
      expect(schedules.rows.map((r) => r.name)).toEqual(['t.outage-tick']);
    }, 120_000);

    it('gives up waiting once it is stopped (a process closing while its database is away)', async () => {
      if (!pg || !handle) throw new Error('runs after the test above');
      await pg.stop('fast');
      const waiting = createJobQueue({
        database: handle,
        config: { jobs: true },
        logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
        catalogue: CATALOGUE,
        timing: TIMING,
      });
      const starting = waiting.start().then(
        () => 'started',
        (error: Error) => error,
      );
      await sleep(1_000);
      await waiting.stop();
      const outcome = await starting;
      expect(outcome).toBeInstanceOf(Error);
      expect((outcome as Error).message).toMatch(/ECONNREFUSED/);
    }, 60_000);
  });
}
