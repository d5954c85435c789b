import type { Transaction } from 'kysely';
import { PgBoss } from 'pg-boss';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { jobQueueDbIn, openJobQueueConnection, type PgBossDb } from '../db/job-queue-db.js';
import type { Database } from '../db/schema.js';
import { isDatabaseUnavailable, retryWhileUnavailable } from '../db/unavailable.js';
import { type AppJobs, JOBS } from './catalogue.js';
import {
  JOB_DEFAULTS,
  type JobCatalogue,
  type JobDefinition,
  type JobInput,
  type JobName,
  type JobPayload,
} from './definition.js';

// The job queue: pg-boss on our database (docs/decisions/009-job-queue.md). Every instance of the
// app and every worker process shares the jobs through the database; a job is claimed by one of
// them at a time, and one whose process died is retried by another once its lease ran out.

/** Fastify's logger and pino fit this. */
export interface JobLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What a handler learns about the job besides its payload. */
interface JobContext {
  id: string;
  /** 0 on the first try: a handler can tell a retry (a previous try may have done part of the work). */
  retryCount: number;
  /** Aborted when the job's deadline passed or its claim was lost: stop, the job runs again elsewhere. */
  signal: AbortSignal;
}

/** Must be idempotent: after a crash or a lost claim the same job runs again. Throw to fail (and retry). */
type JobHandler<P> = (payload: P, job: JobContext) => Promise<void>;

interface SendOptions {
  /** With an `exclusive` job: at most one job per key queued or running; a second send answers null. */
  singletonKey?: string;
  /** Not before this instant. */
  startAfter?: Date;
  /**
   * The job's group (a user's id): a worker registered with `perGroup` runs that many of one
   * group's jobs at once across every instance, so one user's queue does not hold up another's.
   */
  group?: string;
}

interface WorkOptions {
  /** Handlers running at once in this process. Default 1. */
  concurrency?: number;
  /**
   * This many jobs of one group (SendOptions.group) running at once, across all instances, as
   * pg-boss counts them at each fetch: fetches that race may each start one.
   */
  perGroup?: number;
}

/** How often the background loops look; short in tests, defaults for production. */
interface JobTiming {
  /** A worker's fetch interval (pg-boss default 2 s; 0.5 at least). */
  pollingIntervalSeconds: number;
  /** How soon an expired job (its process died) is failed and retried (pg-boss default 60 s). */
  superviseIntervalSeconds: number;
  /** How often schedules are evaluated (pg-boss default 30 s, 1 to 45). */
  cronMonitorIntervalSeconds: number;
  /** How soon a due schedule becomes its job (pg-boss default 5 s). */
  cronWorkerIntervalSeconds: number;
}

export interface JobRecord {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  /** The handler's error for a failed job (pg-boss stores it serialised). */
  output: unknown;
}

export interface CreateJobQueueOptions<C extends JobCatalogue> {
  database: DatabaseHandle;
  config: Pick<Config, 'jobs'>;
  logger: JobLogger;
  /** Defaults to the app's catalogue.ts; tests bring their own. */
  catalogue?: C;
  /** Whether this process runs handlers and schedules; defaults to config.jobs. It always sends. */
  runJobs?: boolean;
  timing?: Partial<JobTiming>;
  /** How long stop() lets running handlers finish before failing them (they are retried). */
  stopDeadlineMs?: number;
  /** Tests: wraps pg-boss's connection, e.g. to cut it off as a killed process's would be. */
  wrapConnection?: (db: PgBossDb) => PgBossDb;
}

export interface JobQueue<C extends JobCatalogue> {
  readonly runsJobs: boolean;
  /** Installs or upgrades pg-boss's schema, creates the queues, then starts handlers and schedules. */
  start(): Promise<void>;
  /** Graceful by default: running handlers get until the deadline, then their jobs fail and are retried. */
  stop(options?: { graceful?: boolean; deadlineMs?: number }): Promise<void>;
  /** Sends inside the caller's transaction: the job exists only if that transaction commits. */
  send<N extends JobName<C>>(
    trx: Transaction<Database>,
    name: N,
    data: JobInput<C, N>,
    options?: SendOptions,
  ): Promise<string | null>;
  /** Registers a handler (before or after start). Ignored where jobs are off. */
  work<N extends JobName<C>>(
    name: N,
    handler: JobHandler<JobPayload<C, N>>,
    options?: WorkOptions,
  ): Promise<void>;
  /** Sends `name` on a cron expression (UTC unless tz). Ignored where jobs are off. */
  schedule<N extends JobName<C>>(
    name: N,
    cron: string,
    options?: { data?: JobInput<C, N>; tz?: string },
  ): Promise<void>;
  findJob(name: JobName<C>, id: string): Promise<JobRecord | null>;
}

const STOP_DEADLINE_MS = 15_000;

function queueOptions(definition: JobDefinition) {
  return {
    retryLimit: definition.retryLimit ?? JOB_DEFAULTS.retryLimit,
    retryDelay: definition.retryDelay ?? JOB_DEFAULTS.retryDelay,
    retryBackoff: definition.retryBackoff ?? JOB_DEFAULTS.retryBackoff,
    ...((definition.retryBackoff ?? JOB_DEFAULTS.retryBackoff)
      ? { retryDelayMax: definition.retryDelayMax ?? JOB_DEFAULTS.retryDelayMax }
      : {}),
    expireInSeconds: definition.expireInSeconds ?? JOB_DEFAULTS.expireInSeconds,
    ...(definition.heartbeatSeconds ? { heartbeatSeconds: definition.heartbeatSeconds } : {}),
  };
}

export function createJobQueue<C extends JobCatalogue = AppJobs>(
  options: CreateJobQueueOptions<C>,
): JobQueue<C> {
  const catalogue = options.catalogue ?? (JOBS as unknown as C);
  const { logger } = options;
  const runsJobs = options.runJobs ?? options.config.jobs;
  const timing = options.timing ?? {};
  const connection = openJobQueueConnection(options.database, (error) =>
    // The message alone: pg-pool hangs the whole client on the error, which would print pages.
    logger.warn({}, `job queue: database connection lost: ${error.message}`),
  );
  const boss = new PgBoss({
    db: options.wrapConnection ? options.wrapConnection(connection.db) : connection.db,
    backend: options.database.kind === 'pglite' ? 'pglite' : 'postgres',
    schema: 'pgboss',
    // Supervision (expiring jobs of dead processes, cleaning up) and the cron pass run where jobs
    // run; a send-only process adds no background load.
    supervise: runsJobs,
    schedule: runsJobs,
    ...(timing.superviseIntervalSeconds
      ? {
          superviseIntervalSeconds: timing.superviseIntervalSeconds,
          monitorIntervalSeconds: timing.superviseIntervalSeconds,
        }
      : {}),
    ...(timing.cronMonitorIntervalSeconds
      ? { cronMonitorIntervalSeconds: timing.cronMonitorIntervalSeconds }
      : {}),
    ...(timing.cronWorkerIntervalSeconds
      ? { cronWorkerIntervalSeconds: timing.cronWorkerIntervalSeconds }
      : {}),
  });
  // An 'error' event nobody hears would throw out of pg-boss's timers and end the process.
  boss.on('error', (error) => {
    if (isDatabaseUnavailable(error)) logger.warn({}, `job queue: database unavailable: ${error.message}`);
    else logger.error({ err: error }, 'job queue error');
  });
  boss.on('warning', (warning) => logger.warn({ data: warning.data }, `job queue: ${warning.message}`));

  let state: 'new' | 'started' | 'stopped' = 'new';
  // Set by stop() in any state: a start still waiting for the database gives up.
  let stopAsked = false;
  const workers = new Map<string, { handler: JobHandler<unknown>; options: WorkOptions }>();
  const schedules = new Map<string, { cron: string; data: object; tz: string }>();

  const definitionOf = (name: string): JobDefinition => {
    const definition = catalogue[name];
    if (!definition) throw new Error(`Unknown job ${name}: add it to jobs/catalogue.ts`);
    return definition;
  };

  const startWorker = async (name: string, handler: JobHandler<unknown>, work: WorkOptions) => {
    const definition = definitionOf(name);
    const pollingIntervalSeconds = timing.pollingIntervalSeconds ?? 2;
    await boss.work(
      name,
      {
        batchSize: 1,
        includeMetadata: true,
        localConcurrency: work.concurrency ?? 1,
        pollingIntervalSeconds,
        // Counted in the database: jobs a group has running on any instance count.
        ...(work.perGroup ? { groupConcurrency: work.perGroup } : {}),
      },
      async ([job]) => {
        if (!job) return;
        try {
          // Parsed again here: a job queued by an older release may carry an older shape.
          const payload = definition.payload.parse(job.data);
          await handler(payload, { id: job.id, retryCount: job.retryCount, signal: job.signal });
        } catch (error) {
          const last = job.retryCount >= job.retryLimit;
          logger.warn(
            { err: error, job: name, jobId: job.id, retryCount: job.retryCount },
            last ? `job ${name} failed for good` : `job ${name} failed; it will be retried`,
          );
          throw error;
        }
      },
    );
  };

  const startSchedule = (name: string, s: { cron: string; data: object; tz: string }) =>
    // `once`: after downtime the missed occurrences become one run, which catches up (sweeps
    // act on everything overdue).
    boss.schedule(name, s.cron, s.data, { tz: s.tz, missed: 'once' });

  return {
    runsJobs,

    async start() {
      if (state !== 'new') throw new Error('The job queue can be started once');
      // Each step is retried while the database is away (a restart while this process starts):
      // a worker that exited here would leave its jobs to nobody. Every step may run again.
      const reachable = <T>(what: string, step: () => Promise<T>) =>
        retryWhileUnavailable(
          step,
          (error, retryInMs) =>
            logger.warn(
              {},
              `job queue: ${what} waits for the database (${error.message}); next try in ${retryInMs / 1000} s`,
            ),
          () => stopAsked,
        );
      await reachable('start', () => boss.start());
      state = 'started';
      await reachable('creating the queues', async () => {
        for (const [name, definition] of Object.entries(catalogue)) {
          const queue = queueOptions(definition);
          await boss.createQueue(name, { ...queue, policy: definition.policy ?? JOB_DEFAULTS.policy });
          // A queue created by an earlier release keeps its options until told: apply today's.
          await boss.updateQueue(name, queue);
        }
      });
      if (!runsJobs) {
        logger.info({}, 'jobs are off in this process (JOBS=off): it sends jobs, a worker runs them');
        return;
      }
      for (const [name, w] of workers) await startWorker(name, w.handler, w.options);
      await reachable('scheduling', async () => {
        for (const [name, s] of schedules) await startSchedule(name, s);
        // A schedule dropped from the code is dropped from the database too.
        for (const existing of await boss.getSchedules()) {
          if (!schedules.has(existing.name)) await boss.unschedule(existing.name, existing.key);
        }
      });
    },

    async stop(stopOptions = {}) {
      stopAsked = true;
      if (state !== 'started') return;
      state = 'stopped';
      await boss.stop({
        graceful: stopOptions.graceful ?? true,
        timeout: stopOptions.deadlineMs ?? options.stopDeadlineMs ?? STOP_DEADLINE_MS,
        close: false,
      });
      await connection.close();
    },

    async send(trx, name, data, sendOptions = {}) {
      // Before start() the queue may not exist yet; after stop() nobody would pick the job up here.
      if (state !== 'started')
        throw new Error(
          `Job ${name} sent while the job queue is ${state === 'new' ? 'not started' : 'stopped'}`,
        );
      const payload = definitionOf(name).payload.parse(data) as object;
      return boss.send(name, payload, {
        db: jobQueueDbIn(trx),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.group ? { group: { id: sendOptions.group } } : {}),
      });
    },

    async work(name, handler, workOptions = {}) {
      definitionOf(name);
      if (workers.has(name)) throw new Error(`Job ${name} already has a handler`);
      const registration = { handler: handler as JobHandler<unknown>, options: workOptions };
      workers.set(name, registration);
      if (runsJobs && state === 'started') await startWorker(name, registration.handler, workOptions);
    },

    async schedule(name, cron, scheduleOptions = {}) {
      const data = definitionOf(name).payload.parse(scheduleOptions.data ?? {}) as object;
      const s = { cron, data, tz: scheduleOptions.tz ?? 'UTC' };
      schedules.set(name, s);
      if (runsJobs && state === 'started') await startSchedule(name, s);
    },

    async findJob(name, id) {
      const [job] = await boss.findJobs(name, { id });
      if (!job) return null;
      return { id: job.id, state: job.state, retryCount: job.retryCount, output: job.output };
    },
  };
}
