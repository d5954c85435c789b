import { fileURLToPath } from 'node:url';
import { createAppDeps } from '../../src/deps.js';
import type { Clock } from '../../src/lib/clock.js';
import { createSmtpMailer } from '../../src/mail/mailer.js';
import { deliverDueCapsules, sendDueDeliveryMails } from '../../src/modules/capsules/index.js';
import type { BlobStorage } from '../../src/modules/storage/index.js';
import { openWorkerChild } from '../support/worker-child.js';

// A worker process for the delivery fault test (delivery-faults.int.test.ts): the app's job queue
// with the two delivery jobs' handlers (the same service calls as jobs/handlers.ts), a clock the
// test drives over IPC (simulated time that ticks on at the real rate from where it was set),
// and a real SMTP mailer. It tells the test when a job starts and ends, so the test can kill it
// with SIGKILL in the middle of a run.
// Run as: node --conditions=source --import tsx delivery-worker-child.ts <postgres url> <smtp url>

export const DELIVERY_WORKER_SCRIPT = fileURLToPath(import.meta.url);

/** What the child tells the test (process.send). */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'clock-set'; seq: number }
  | { type: 'started'; job: 'deliver' | 'mail'; id: string }
  | { type: 'done'; job: 'deliver' | 'mail'; id: string; counts: Record<string, number> }
  | { type: 'error'; message: string };

/** What the test tells the child. */
export type DriverMessage = { type: 'clock'; at: number; seq: number };

/** Simulated time: `at` from the moment it was set, moving on with real time. */
class DrivenClock implements Clock {
  private simBase = Date.now();
  private realBase = Date.now();
  set(at: number) {
    this.simBase = at;
    this.realBase = Date.now();
  }
  now = () => new Date(this.simBase + (Date.now() - this.realBase));
}

async function main(databaseUrl: string, smtpUrl: string) {
  const tell = (message: WorkerMessage) => process.send?.(message);
  const clock = new DrivenClock();
  process.on('message', (message: DriverMessage) => {
    if (message.type === 'clock') {
      clock.set(message.at);
      tell({ type: 'clock-set', seq: message.seq });
    }
  });
  const { config, database, queue } = await openWorkerChild(databaseUrl, 'delivery', {
    env: { PUBLIC_URL: 'https://portal.example.test' },
  });
  const deps = createAppDeps({
    config,
    db: database.db,
    mailer: createSmtpMailer(smtpUrl, config.mailFrom),
    // Delivery touches no blob.
    storage: {} as BlobStorage,
    jobs: queue,
    clock,
  });
  await queue.work('capsules.deliver', async (_payload, job) => {
    tell({ type: 'started', job: 'deliver', id: job.id });
    const run = await deliverDueCapsules(deps, job.signal);
    tell({ type: 'done', job: 'deliver', id: job.id, counts: { ...run } });
  });
  await queue.work('capsules.delivery-mail', async (_payload, job) => {
    tell({ type: 'started', job: 'mail', id: job.id });
    const run = await sendDueDeliveryMails(deps, job.signal);
    tell({ type: 'done', job: 'mail', id: job.id, counts: { ...run } });
  });
  await queue.start();
  tell({ type: 'ready' });
}

if (process.argv[1] === DELIVERY_WORKER_SCRIPT) {
  main(process.argv[2] ?? '', process.argv[3] ?? '').catch((error) => {
    process.send?.({
      type: 'error',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    process.exit(1);
  });
}
