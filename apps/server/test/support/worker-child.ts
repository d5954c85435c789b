import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import type { JobCatalogue } from '../../src/jobs/definition.js';
import type { AppJobs } from '../../src/jobs/index.js';
import { createJobQueue } from '../../src/jobs/index.js';

// What every worker process a test starts opens (the tests that kill one with SIGKILL): the
// app's config for a test, its own connection to the test's PostgreSQL database, and a job
// queue that runs jobs with short polling, so a dead worker's job is taken up within seconds.

const QUIET = { info: () => {}, warn: () => {}, error: () => {} };

export async function openWorkerChild<C extends JobCatalogue = AppJobs>(
  databaseUrl: string,
  name: string,
  options: { catalogue?: C; env?: Record<string, string> } = {},
) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), `capsule-${name}-worker-`)),
    SESSION_SECRET: `${name}-worker-`.repeat(4),
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const database = await openDatabase({ databaseUrl, poolSize: 4 });
  const queue = createJobQueue<C>({
    database,
    config: { jobs: true },
    ...(options.catalogue ? { catalogue: options.catalogue } : {}),
    logger: QUIET,
    timing: { pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 },
  });
  return { config, database, queue, logger: QUIET };
}
