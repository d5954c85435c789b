import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { type AppDeps, createAppDeps } from '../../src/deps.js';
import {
  type AppJobs,
  createJobQueue,
  type JobInput,
  type JobLogger,
  type JobQueue,
  type JobRecord,
  registerJobHandlers,
} from '../../src/jobs/index.js';
import { createSmtpMailer } from '../../src/mail/mailer.js';
import type { MediaTools } from '../../src/modules/media/index.js';
import { createUser } from '../../src/modules/users/users.service.js';
import { sharedTestBlobStorage, type TestBlobStorage } from './blob-storage.js';
import { type DatabaseKind, openTestDatabase } from './databases.js';
import { type MailTrap, startMailTrap } from './mail-trap.js';
import { TestClock } from './test-clock.js';

export { TestClock } from './test-clock.js';

export interface TestApp {
  kind: DatabaseKind;
  /** The test's own PostgreSQL database, for worker processes; undefined on PGlite. */
  databaseUrl: string | undefined;
  app: FastifyInstance;
  deps: AppDeps;
  baseUrl: string;
  mail: MailTrap;
  clock: TestClock;
  /** The run's in-memory Azurite (the app's deps.storage is a client of it, on the test clock). */
  blobs: TestBlobStorage;
  /** The app's job queue, running handlers with short polling (docs/decisions/009). */
  queue: JobQueue<AppJobs>;
  /** What the job queue logged (warnings of failed tries among them), newest last. */
  jobLog: Array<{ level: string; msg: string | undefined }>;
  /**
   * Sends a job now (in a transaction of its own, as a service would) and waits until it has
   * completed; throws with its error when it failed. The sweeps and the expiry, after moving the clock.
   */
  runJob<N extends keyof AppJobs & string>(name: N, data: JobInput<AppJobs, N>): Promise<JobRecord>;
  /** Waits for a condition the background jobs bring about (the review, the blob cleanup). */
  until(check: () => boolean | Promise<boolean>, what: string, timeoutMs?: number): Promise<void>;
  /** Empties every table and the inbox, and puts the clock back: each test starts clean. */
  reset(): Promise<void>;
  createUser(overrides?: Partial<TestUser>): Promise<TestUser & { id: string }>;
  close(): Promise<void>;
}

export interface TestUser {
  email: string;
  password: string;
  fullName: string;
}

export interface TestAppOptions {
  /** Instead of the real ffprobe and ffmpeg (a probe that fails, say). */
  media?: MediaTools;
  /** false: the app only sends jobs, as the web process with JOBS=off; worker processes run them. */
  runJobs?: boolean;
  /** Instead of the app's catalogue (shorter leases, say); worker processes must use the same. */
  catalogue?: AppJobs;
}

let userCounter = 0;

/** Short enough that a review runs within a second of being queued. */
const TEST_JOB_TIMING = {
  pollingIntervalSeconds: 0.5,
  superviseIntervalSeconds: 1,
  cronMonitorIntervalSeconds: 1,
  cronWorkerIntervalSeconds: 1,
};

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * The whole app on a fresh database, a real SMTP trap, the run's in-memory Azurite, the job queue with
 * every handler, and a movable clock, listening on a free port.
 */
export async function startTestApp(
  kind: DatabaseKind,
  configOverrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'capsule-test-'));
  const config: Readonly<Config> = Object.freeze({
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-secret-'.repeat(4),
      LOG_LEVEL: 'silent',
    }),
    ...configOverrides,
  });
  const clock = new TestClock();
  const [database, mail, blobs] = await Promise.all([
    openTestDatabase(kind),
    startMailTrap(),
    sharedTestBlobStorage(clock, config.keptShims['sas-cache']),
  ]);
  const mailer = createSmtpMailer(mail.smtpUrl, config.mailFrom);
  const jobLog: TestApp['jobLog'] = [];
  const logger: JobLogger = {
    info: (_obj, msg) => jobLog.push({ level: 'info', msg }),
    warn: (_obj, msg) => jobLog.push({ level: 'warn', msg }),
    error: (_obj, msg) => jobLog.push({ level: 'error', msg }),
  };
  const queue = createJobQueue({
    database,
    config: { jobs: options.runJobs ?? true },
    ...(options.catalogue ? { catalogue: options.catalogue } : {}),
    logger,
    timing: TEST_JOB_TIMING,
    stopDeadlineMs: 5_000,
  });
  const deps = createAppDeps({
    config,
    db: database.db,
    mailer,
    clock,
    storage: blobs.storage,
    jobs: queue,
    ...(options.media ? { media: options.media } : {}),
  });
  // Without the cron schedules: a test runs a sweep when it has arranged what to sweep.
  await registerJobHandlers(queue, deps, { schedules: false, logger });
  await queue.start();
  const app = await buildApp(deps, { serveWeb: false, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The test app did not listen on a port');

  return {
    kind,
    databaseUrl: database.databaseUrl,
    app,
    deps,
    baseUrl: `http://127.0.0.1:${address.port}`,
    mail,
    clock,
    blobs,
    queue,
    jobLog,
    async runJob(name, data) {
      // A key of its own: an exclusive job already queued (a schedule's) does not swallow it.
      const id = await database.db
        .transaction()
        .execute((trx) => queue.send(trx, name, data, { singletonKey: `test-${randomUUID()}` }));
      if (!id) throw new Error(`Job ${name} was not queued (an exclusive one is already pending)`);
      let job: JobRecord | null = null;
      await until(async () => {
        job = await queue.findJob(name, id);
        return job?.state === 'completed' || job?.state === 'failed';
      }, `job ${name} to finish`);
      const done = job as unknown as JobRecord;
      if (done.state === 'failed') throw new Error(`Job ${name} failed: ${JSON.stringify(done.output)}`);
      return done;
    },
    until,
    async reset() {
      const tables = await sql<{ tablename: string }>`
        select tablename from pg_tables
        where schemaname = 'public' and tablename not like 'kysely_%'
          and tablename not in ('capsule_trail', 'operator_actions')`.execute(database.db);
      // capsule_trail and operator_actions are append-only (their triggers refuse TRUNCATE too, as
      // they should): they keep earlier tests' rows, and tests read them by ids new in each test.
      const names = tables.rows.map((r) => sql.id(r.tablename));
      // A job of the previous test may still be running (a cleanup, a mail): its row locks and
      // the truncate's table locks can deadlock, and PostgreSQL may pick the truncate to end.
      for (let attempt = 1; names.length > 0; attempt++) {
        try {
          await sql`truncate ${sql.join(names)} cascade`.execute(database.db);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '40P01' || attempt === 5) throw error;
          await sleep(100 * attempt);
        }
      }
      mail.clear();
      clock.reset();
      jobLog.length = 0;
    },
    async createUser(overrides = {}) {
      userCounter += 1;
      const user: TestUser = {
        email: `user${userCounter}.${process.pid}@example.test`,
        password: 'correct horse battery staple',
        fullName: `Test User ${userCounter}`,
        ...overrides,
      };
      const row = await createUser(database.db, user);
      return { ...user, id: row.id };
    },
    async close() {
      await app.close();
      await queue.stop({ graceful: false });
      mailer.close();
      await Promise.all([mail.close(), blobs.stop()]);
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
