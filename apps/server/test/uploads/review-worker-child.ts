import { fileURLToPath } from 'node:url';
import { createAppDeps } from '../../src/deps.js';
import { JOBS } from '../../src/jobs/catalogue.js';
import { registerJobHandlers } from '../../src/jobs/index.js';
import { createSmtpMailer } from '../../src/mail/mailer.js';
import { createBlobStorage } from '../../src/modules/storage/index.js';
import { openWorkerChild } from '../support/worker-child.js';

// A worker process for the killed-review test (review-kill.int.test.ts): every job handler of
// the app (jobs/handlers.ts, as worker.ts registers them), the real ffprobe and ffmpeg, the
// run's Azurite and a real SMTP trap, on the test's database. The test kills it with SIGKILL,
// ffmpeg and all, while a rendition is being made.
// Run as: node --conditions=source --import tsx review-worker-child.ts <postgres url> <blob connection string> <smtp url>

export const REVIEW_WORKER_SCRIPT = fileURLToPath(import.meta.url);

/**
 * The app's jobs, with the review's lease short enough for a test: a review whose worker died
 * is retried about 10 s later instead of 30, and at once rather than after a back-off.
 */
export const QUICK_RETRY_JOBS = {
  ...JOBS,
  'upload.review': { ...JOBS['upload.review'], heartbeatSeconds: 10, retryDelay: 0, retryBackoff: false },
};

async function main(databaseUrl: string, blobConnectionString: string, smtpUrl: string) {
  const { config, database, queue, logger } = await openWorkerChild(databaseUrl, 'review', {
    catalogue: QUICK_RETRY_JOBS,
  });
  const deps = createAppDeps({
    config,
    db: database.db,
    mailer: createSmtpMailer(smtpUrl, config.mailFrom),
    storage: createBlobStorage({ connectionString: blobConnectionString }),
    jobs: queue,
  });
  await registerJobHandlers(queue, deps, { schedules: false, logger });
  await queue.start();
  process.send?.({ type: 'ready' });
}

if (process.argv[1] === REVIEW_WORKER_SCRIPT) {
  main(process.argv[2] ?? '', process.argv[3] ?? '', process.argv[4] ?? '').catch((error) => {
    process.send?.({
      type: 'error',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    process.exit(1);
  });
}
