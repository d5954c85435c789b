import { setPriority } from 'node:os';
import { type LoggerOptions, pino } from 'pino';
import { ConfigError, loadConfig } from './config.js';
import { waitForMigrations } from './db/migrate.js';
import { registerJobHandlers } from './jobs/index.js';
import { tuneHeapForServing } from './lib/heap-tuning.js';
import { loggerOptions } from './lib/logging.js';
import { startRuntime } from './runtime.js';

// Entry point of a worker process (`node apps/server/dist/worker.js`): the same jobs as the web
// process runs with JOBS=on, and nothing else, so a deployment scales workers apart from web
// instances (docs/decisions/009-job-queue.md). It never migrates: it waits until the web process
// has. It needs PostgreSQL: the embedded PGlite serves one process, where jobs run inside the app.

const SHUTDOWN_DEADLINE_MS = 25_000;
const HANDLERS_DEADLINE_MS = 20_000;
/**
 * Workers run their jobs at a lower CPU priority than the web (as renditions' ffmpeg does): where
 * they share a machine with web instances, a delivery peak's sweeps wait a moment, a page does not
 * On a machine of their own it changes nothing; on the peak bench's two shared cores it changed
 * the web's p99 too little to measure, as PostgreSQL does most of a sweep's work (bench/README.md,
 * 'Peak').
 */
const WORKER_NICENESS = 10;

async function main() {
  tuneHeapForServing();
  try {
    setPriority(WORKER_NICENESS);
  } catch {
    // A platform or container that refuses leaves the worker at the default priority.
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (!config.databaseUrl) {
    console.error(
      'The worker needs DATABASE_URL. The embedded database serves one process: without a PostgreSQL server, jobs run inside the app (JOBS=on).',
    );
    process.exit(1);
  }
  const logger = pino(loggerOptions(config) as LoggerOptions);
  // Mail and blob storage are named in the environment, as in production: no embedded services.
  const runtime = await startRuntime(config, { embeddedServices: false, runJobs: true });
  const queue = runtime.jobQueue;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({}, `${signal}: letting running jobs finish`);
    const deadline = setTimeout(() => {
      logger.error({}, `still closing after ${SHUTDOWN_DEADLINE_MS / 1000} s: exiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    try {
      await queue.stop({ deadlineMs: HANDLERS_DEADLINE_MS });
      await runtime.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  let told = '';
  await waitForMigrations(runtime.deps.db, (reason, retryInMs) => {
    // Once per change, not every look: a worker may wait a while for its web process.
    if (reason !== told)
      logger.info(
        {},
        `Waiting for the web process to migrate: ${reason}; looking every ${retryInMs / 1000} s`,
      );
    told = reason;
  });
  if (closing) return;
  await registerJobHandlers(queue, runtime.deps, { logger });
  await queue.start();
  logger.info({}, `Worker running jobs (Node ${process.version})`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
