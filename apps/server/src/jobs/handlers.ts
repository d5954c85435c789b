import type { AppDeps } from '../deps.js';
import { approveHeldReferrals } from '../modules/affiliates/index.js';
import { sweepEndedSessions } from '../modules/auth/index.js';
import {
  autoLockCapsules,
  cleanupCapsuleBlobs,
  deliverDueCapsules,
  expirePreparedExport,
  expireUpload,
  followContactBirthday,
  prepareExport,
  purgeCapsules,
  recordUnrecordedKeptBlobs,
  remakeRendition,
  reviewUpload,
  sendDocumentOutcomeMail,
  sendDueDeliveryMails,
  sendObjectionMail,
  sendRenditionRepairs,
  sendReviewMail,
} from '../modules/capsules/index.js';
import { attachAllPendingPurchases, sendLapseMail, sweepLapsedPlans } from '../modules/commerce/index.js';
import { type FixityLogger, runFixitySweep, sendFixityMail } from '../modules/storage/index.js';
import { createSyncPusher, type SyncLogger } from '../modules/sync/index.js';
import { type AppJobs, JOBS } from './catalogue.js';
import type { JobQueue } from './queue.js';

/**
 * Every handler and schedule of the app, registered in one place, by the web process (JOBS=on)
 * and by worker.ts alike. Where jobs are off, work() and schedule() do nothing, so callers need
 * not ask. Handlers decide by deps.clock, so the tests' clock moves what is overdue.
 */
export async function registerJobHandlers(
  queue: JobQueue<AppJobs>,
  deps: AppDeps,
  options: { schedules?: boolean; logger?: SyncLogger & FixityLogger } = {},
): Promise<void> {
  // ffprobe and ffmpeg are the heavy part: two reviews at a time per process, and one per
  // sender across all processes (pg-boss counts a group's running jobs at each fetch; two fetches
  // that race can both start one), so a sender with many videos does not hold up anyone else's.
  const reviewTries = JOBS['upload.review'].retryLimit;
  await queue.work(
    'upload.review',
    (job, context) => reviewUpload(deps, job, { lastTry: context.retryCount >= reviewTries }),
    { concurrency: 2, perGroup: 1 },
  );
  // A repair of a stored video's rendition waits for nobody: one at a time, one per sender.
  await queue.work('capsule.rendition', (job) => remakeRendition(deps, job), { perGroup: 1 });
  await queue.work('capsules.rendition-sweep', async () => {
    await sendRenditionRepairs(deps);
  });
  await queue.work('upload.review-mail', (job) => sendReviewMail(deps, job));
  await queue.work('capsules.follow-birthday', (job) => followContactBirthday(deps, job));
  // An archive reads every video a member received: one at a time in a process.
  await queue.work('export.prepare', (job) => prepareExport(deps, job), { concurrency: 1 });
  await queue.work('export.expire', (job) => expirePreparedExport(deps, job));
  await queue.work('received.document-mail', (job) => sendDocumentOutcomeMail(deps, job));
  await queue.work('received.objection-mail', (job) => sendObjectionMail(deps, job));
  await queue.work('upload.expire', (job) => expireUpload(deps, job), { concurrency: 2 });
  await queue.work('capsule.blobs.cleanup', (job) => cleanupCapsuleBlobs(deps, job), { concurrency: 2 });
  await queue.work('capsules.auto-lock', async () => {
    await autoLockCapsules(deps);
  });
  await queue.work('capsules.purge', async () => {
    await purgeCapsules(deps);
  });
  await queue.work('storage.lapse-sweep', async () => {
    await sweepLapsedPlans(deps);
  });
  await queue.work('storage.lapse-mail', (job) => sendLapseMail(deps, job));
  await queue.work('purchases.attach-pending', async () => {
    await attachAllPendingPurchases(deps);
  });
  await queue.work('affiliates.approve-referrals', async () => {
    await approveHeldReferrals(deps);
  });
  await queue.work('auth.sweep', async () => {
    await sweepEndedSessions(deps);
  });
  await queue.work('capsules.deliver', async (_job, context) => {
    await deliverDueCapsules(deps, context.signal);
  });
  await queue.work('capsules.delivery-mail', async (_job, context) => {
    await sendDueDeliveryMails(deps, context.signal);
  });
  await queue.work('storage.fixity', async () => {
    const logger = options.logger ?? console;
    await recordUnrecordedKeptBlobs(deps, (what, message) => logger.error(what, message));
    await runFixitySweep(deps, logger);
  });
  await queue.work('storage.fixity-mail', () => sendFixityMail(deps));
  const pushDueRecords = createSyncPusher(deps, options.logger);
  await queue.work('sync.push', async (_job, context) => {
    await pushDueRecords({ signal: context.signal });
  });
  // Tests run the sweeps themselves (runJob), after arranging what they sweep: a cron run
  // landing in the middle of an arrangement would make them flaky.
  if (options.schedules === false) return;
  // The 10-day lock is due to the minute; the purge, 30 days on, to the hour.
  await queue.schedule('capsules.auto-lock', '*/10 * * * *');
  await queue.schedule('capsules.purge', '17 * * * *');
  // Fixity: a slice of the kept blobs each hour, so the load stays flat (fixity.service.ts).
  await queue.schedule('storage.fixity', '43 * * * *');
  // Renditions for stored videos that lack one (older ones, damaged ones): a batch each hour.
  await queue.schedule('capsules.rendition-sweep', '7 * * * *');
  // A lapse's grace is counted in days; kept purchases wait for an account made elsewhere.
  await queue.schedule('storage.lapse-sweep', '41 3 * * *');
  await queue.schedule('purchases.attach-pending', '29 * * * *');
  // Holding periods are counted in days: once a day is enough.
  await queue.schedule('affiliates.approve-referrals', '23 4 * * *');
  // Ended sessions and old sign-in failures: an hour's worth at a time keeps each run short.
  await queue.schedule('auth.sweep', '37 * * * *');
  // Delivery is due to the minute; its mails retry by their own times, looked at every minute.
  await queue.schedule('capsules.deliver', '* * * * *');
  await queue.schedule('capsules.delivery-mail', '* * * * *');
  // The business system hears of a change within a minute even when nothing sent a push.
  await queue.schedule('sync.push', '* * * * *');
}
