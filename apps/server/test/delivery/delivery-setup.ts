import { createServer } from 'node:net';
import type { NotifyOptions } from '@capsule/domain';
import { onTestFinished } from 'vitest';
import { commands } from '../../src/cli/commands.js';
import type { CliServices } from '../../src/cli/services.js';
import { createSmtpMailer, type Mailer } from '../../src/mail/mailer.js';
import { signIn } from '../support/client.js';
import { arrangeCapsule } from '../support/factories.js';
import { moveClockTo } from '../support/received.js';
import type { TestApp } from '../support/test-app.js';
import type { TestFile } from '../support/test-videos.js';
import { type Member, memberWithCapsule, reviewed, sendFile } from '../support/uploads.js';

// The delivery tests' side: a sender whose capsule holds a reviewed video with the
// Notify Recipient choice of the upload dialog, and the rows delivery writes, read as they are.

/** The admin CLI's services as the test app has them (its clock, storage and job queue). */
export const cliServices = (t: TestApp, objectionDays = 0): CliServices => ({
  clock: t.clock,
  // Verified opens at once unless a test asks for the sender's objection window.
  objectionDays,
  storage: () => t.deps.storage,
  jobs: async () => t.deps.jobs,
});

/**
 * An admin command run in this process, as the CLI runs it (its services are the test app's):
 * the lines it printed. `objectionDays` as cliServices.
 */
export async function adminCommand(
  t: TestApp,
  name: string,
  values: Record<string, string>,
  objectionDays = 0,
): Promise<string[]> {
  const command = commands[name];
  if (!command) throw new Error(`No admin command ${name}`);
  const lines: string[] = [];
  await command.run(t.deps.db, values, (line) => lines.push(line), cliServices(t, objectionDays));
  return lines;
}

/** The recipient the sender's contact names (support/factories.ts addContact 'Alan'). */
export const RECIPIENT_EMAIL = 'alan@example.test';

/** A sender with a stored (Sent) capsule for alan@example.test, uploaded with `notify`. */
export async function senderWithStoredCapsule(t: TestApp, video: TestFile, notify: NotifyOptions) {
  const m = await memberWithCapsule(t);
  const slot = await m.client.trpc.capsules.upload.start.mutate({
    capsuleId: m.capsuleId,
    fileName: 'video.mp4',
    fileSize: video.bytes.length,
    contentType: video.contentType,
    durationSeconds: 2,
    notify,
  });
  await sendFile(slot, video.bytes);
  await m.client.trpc.capsules.upload.complete.mutate({ capsuleId: m.capsuleId, uploadId: slot.uploadId });
  const capsule = await reviewed(t, m.client, m.capsuleId);
  if (capsule.status !== 'Sent') throw new Error(`The review did not store the video: ${capsule.status}`);
  return m;
}

/**
 * A Milestone Date capsule as those locked before the lock required a date are: locked with a
 * date (Notify Recipient at a custom time tomorrow), the date then taken away, and delivered by
 * the sweep at its due time (the clock moved there). The lock no longer allows this state; the
 * capsules locked earlier are in it.
 */
export async function deliveredWithoutDate(t: TestApp, video: TestFile): Promise<Member> {
  const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
  const m = await senderWithStoredCapsule(t, video, {
    enabled: true,
    timing: 'custom',
    customDate: `${tomorrow}T12:00`,
    timezone: 'UTC',
  });
  await m.client.trpc.capsules.lock.mutate({ capsuleId: m.capsuleId });
  await arrangeCapsule(t, m.capsuleId, { deliveryDate: null });
  const due = (await capsuleRow(t, m.capsuleId)).dueAt;
  if (!due) throw new Error('A locked capsule has its due time');
  moveClockTo(t, due);
  await t.runJob('capsules.deliver', {});
  return m;
}

/** The sender again after the clock moved past the session's idle limit. */
export async function signInAgain(t: TestApp, m: Member): Promise<Member> {
  m.client = await signIn(t, m.user);
  return m;
}

export const receivedRows = (t: TestApp, capsuleId: string) =>
  t.deps.db.selectFrom('receivedCapsules').selectAll().where('capsuleId', '=', capsuleId).execute();

export const capsuleRow = (t: TestApp, capsuleId: string) =>
  t.deps.db.selectFrom('capsules').selectAll().where('id', '=', capsuleId).executeTakeFirstOrThrow();

/** The capsule's delivery mail in the outbox (as a list: none before the delivery). */
export const mailRows = (t: TestApp, capsuleId: string) =>
  t.deps.db
    .selectFrom('deliveryMails')
    .selectAll()
    .where('capsuleId', '=', capsuleId)
    .where('kind', '=', 'delivery')
    .execute();

/** The capsule's opening-day mail in the outbox (as a list: a capsule has at most one). */
export const openingMailRows = (t: TestApp, capsuleId: string) =>
  t.deps.db
    .selectFrom('deliveryMails')
    .selectAll()
    .where('capsuleId', '=', capsuleId)
    .where('kind', '=', 'opening')
    .execute();

/** Delivery mails in the SMTP trap for that address (the sender's review mails go elsewhere). */
export const deliveryMailsTo = (t: TestApp, address: string) =>
  t.mail.mailsTo(address).filter((mail) => /has left you a time capsule/.test(mail.subject));

/** Opening-day mails in the SMTP trap for that address. */
export const openingMailsTo = (t: TestApp, address: string) =>
  t.mail.mailsTo(address).filter((mail) => / is open now$/.test(mail.subject));

/** A port nothing listens on: a mailer aimed there fails as one whose SMTP server is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Takes the app's mail server away (its mailer now talks to a port nobody listens on) until the
 * answered function brings it back, or the test ends. The job handlers read deps.mailer at each run.
 */
export async function smtpDown(t: TestApp): Promise<() => void> {
  const original: Mailer = t.deps.mailer;
  const dead = createSmtpMailer(`smtp://127.0.0.1:${await closedPort()}`, t.deps.config.mailFrom);
  t.deps.mailer = dead;
  const back = () => {
    if (t.deps.mailer !== dead) return;
    dead.close();
    t.deps.mailer = original;
  };
  onTestFinished(back);
  return back;
}

/** The outbox row of that capsule once its first try has failed. */
export async function firstFailedTry(t: TestApp, capsuleId: string) {
  await t.until(async () => (await mailRows(t, capsuleId))[0]?.lastError != null, 'the first failed try');
  const [mail] = await mailRows(t, capsuleId);
  if (!mail) throw new Error('No delivery mail');
  return mail;
}

/** The wall clock an instant shows in a zone, as 'YYYY-MM-DD HH:mm' (Intl, not the app's code). */
export function wallClockIn(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
