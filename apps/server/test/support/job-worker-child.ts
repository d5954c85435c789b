import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { defineJobs } from '../../src/jobs/index.js';
import { openWorkerChild } from './worker-child.js';

// A worker process for the kill test (jobs/job-queue.int.test.ts): it takes `t.killed` jobs,
// says so on stdout, and hangs in the handler until the test kills it with SIGKILL.
// Run as: node --import tsx job-worker-child.ts <postgres url>

export const KILL_CATALOGUE = defineJobs({
  't.killed': { payload: z.object({ key: z.string() }), retryLimit: 2, retryDelay: 0, expireInSeconds: 2 },
});

export const CHILD_SCRIPT = fileURLToPath(import.meta.url);

async function main(databaseUrl: string) {
  const { queue } = await openWorkerChild(databaseUrl, 'kill-test', { catalogue: KILL_CATALOGUE });
  await queue.work('t.killed', async (_payload, job) => {
    process.stdout.write(`started ${job.id}\n`);
    await new Promise(() => {}); // never settles: the process dies in here
  });
  await queue.start();
  process.stdout.write('ready\n');
}

if (process.argv[1] === CHILD_SCRIPT) {
  main(process.argv[2] ?? '').catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
    process.exit(1);
  });
}
