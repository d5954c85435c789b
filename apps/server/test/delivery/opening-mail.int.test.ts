import type { NotifyOptions } from '@capsule/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands.js';
import { paragraphs } from '../../src/mail/mail.test-helpers.js';
import { MAIL_MAX_ATTEMPTS } from '../../src/modules/capsules/delivery/delivery-rules.js';
import { signIn, trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { arrangeCapsule } from '../support/factories.js';
import { moveClockTo } from '../support/received.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestVideo, type TestFile } from '../support/test-videos.js';
import type { Member } from '../support/uploads.js';
import {
  capsuleRow,
  cliServices,
  deliveredWithoutDate,
  deliveryMailsTo,
  mailRows,
  openingMailRows,
  openingMailsTo,
  RECIPIENT_EMAIL,
  receivedRows,
  senderWithStoredCapsule,
  signInAgain,
  smtpDown,
} from './delivery-setup.js';

// The opening-day mail: the recipient of a dated (Milestone_Date) capsule delivered before its
// day is e-mailed that it is open now, at the first instant of that day (UTC), the instant the
// server starts serving its video; exactly once, through the delivery mails' outbox with their
// tries and back-off; also when the date is set after the delivery; never with Notify Recipient
// off, and never for a capsule delivered on or after its day (its delivery mail said it is ready).

const MINUTE = 60_000;

describe.each(databaseKinds())('the opening-day mail (%s)', (kind) => {
  let t: TestApp;
  let video: TestFile;

  beforeAll(async () => {
    [t, video] = await Promise.all([startTestApp(kind), makeTestVideo({ seconds: 2, format: 'mp4' })]);
  }, 90_000);
  afterAll(async () => t?.close());
  beforeEach(async () => t.reset());

  const onLock: NotifyOptions = { enabled: true, timing: 'on_lock' };

  /** The first instant (UTC) of the day `days` after the clock's today, and that date. */
  function utcDayAhead(days: number): { at: Date; date: string } {
    const now = t.clock.now();
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days));
    return { at, date: at.toISOString().slice(0, 10) };
  }

  const sweepMails = () => t.runJob('capsules.delivery-mail', {});

  const cli = async (name: string, values: Record<string, string | undefined>) => {
    const lines: string[] = [];
    const command = commands[name];
    if (!command) throw new Error(`No admin command ${name}`);
    await command.run(t.deps.db, values, (line) => lines.push(line), cliServices(t));
    return lines.join('\n');
  };

  /**
   * A capsule dated `days` ahead, locked and delivered now to an existing recipient; with Notify
   * Recipient on, its delivery mail sent.
   */
  async function deliveredBeforeItsDay(notify: NotifyOptions = onLock, days = 3) {
    const recipient = await t.createUser({ email: RECIPIENT_EMAIL, fullName: 'Alan Turing' });
    const m = await senderWithStoredCapsule(t, video, notify);
    const day = utcDayAhead(days);
    await m.client.trpc.capsules.setInfo.mutate({
      capsuleId: m.capsuleId,
      info: { deliveryDate: day.date, category: null, message: null },
    });
    await m.client.trpc.capsules.lock.mutate({ capsuleId: m.capsuleId });
    await t.until(async () => (await receivedRows(t, m.capsuleId)).length > 0, 'the delivery');
    if (notify.enabled)
      await t.until(async () => (await mailRows(t, m.capsuleId))[0]?.status === 'sent', 'the delivery mail');
    return { m, recipient, opensAt: day.at, date: day.date };
  }

  /** A dated capsule locked before a date was required, delivered without one, its mail sent. */
  async function mailedWithoutDate(): Promise<Member> {
    await t.createUser({ email: RECIPIENT_EMAIL, fullName: 'Alan Turing' });
    const m = await deliveredWithoutDate(t, video);
    await t.until(async () => (await mailRows(t, m.capsuleId))[0]?.status === 'sent', 'the delivery mail');
    return m;
  }

  /** The sender's Capsule Details still report the delivery mail, not the opening one. */
  async function expectSenderSeesTheDeliveryMail(m: Member) {
    await signInAgain(t, m);
    const [deliveryMail] = await mailRows(t, m.capsuleId);
    expect((await m.client.trpc.capsules.byId.query({ id: m.capsuleId })).delivery).toMatchObject({
      emailStatus: deliveryMail?.status,
      emailedAt: deliveryMail?.sentAt?.toISOString() ?? null,
    });
  }

  it('nothing a minute before the opening instant, one mail at it, none on later sweeps and days', async () => {
    const { m, recipient, opensAt } = await deliveredBeforeItsDay();
    expect(await openingMailRows(t, m.capsuleId)).toMatchObject([
      { status: 'pending', nextAttemptAt: opensAt, attempts: 0 },
    ]);

    moveClockTo(t, new Date(opensAt.getTime() - MINUTE));
    await sweepMails();
    expect(openingMailsTo(t, RECIPIENT_EMAIL)).toHaveLength(0);
    expect(await openingMailRows(t, m.capsuleId)).toMatchObject([{ status: 'pending', attempts: 0 }]);
    // Nor can the recipient play it yet.
    const recipientClient = await signIn(t, recipient);
    const early = await trpcError(
      recipientClient.trpc.receivedCapsules.secureUrl.mutate({ id: m.capsuleId }),
    );
    expect(early.data?.httpStatus).toBe(403);

    t.clock.advanceMinutes(1);
    await sweepMails();
    const opening = openingMailsTo(t, RECIPIENT_EMAIL);
    expect(opening).toHaveLength(1);
    const [mail] = opening;
    expect(mail?.subject).toBe(`Legacy Capsule: the time capsule from ${m.user.fullName} is open now`);
    const sentence = `The time capsule ${m.user.fullName} left you is open now: you can watch it.`;
    expect(mail?.text).toContain(sentence);
    expect(paragraphs(mail?.html ?? '')).toContain(sentence);
    expect(mail?.html).toContain(`href="${t.deps.config.publicUrl}/received-capsules"`);
    // The same instant the server starts serving the video.
    expect((await recipientClient.trpc.receivedCapsules.secureUrl.mutate({ id: m.capsuleId })).url).toContain(
      'sp=r',
    );
    expect(await openingMailRows(t, m.capsuleId)).toMatchObject([{ status: 'sent', attempts: 1 }]);

    // Later sweeps, the next day, a month on: nothing more.
    await sweepMails();
    t.clock.advanceDays(1);
    await t.runJob('capsules.deliver', {});
    await sweepMails();
    t.clock.advanceDays(30);
    await sweepMails();
    expect(openingMailsTo(t, RECIPIENT_EMAIL)).toHaveLength(1);
    expect(deliveryMailsTo(t, RECIPIENT_EMAIL)).toHaveLength(1);
    await expectSenderSeesTheDeliveryMail(m);
  });

  it('the mail server away at the opening: retried with the back-off, one mail once it is back', async () => {
    const { m, opensAt } = await deliveredBeforeItsDay();
    moveClockTo(t, opensAt);
    const smtpBack = await smtpDown(t);
    await sweepMails();
    const [first] = await openingMailRows(t, m.capsuleId);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first?.lastError).toMatch(/ECONNREFUSED/);
    // The first wait is a minute, as for the delivery mail.
    const wait = (first?.nextAttemptAt?.getTime() ?? 0) - opensAt.getTime();
    expect(wait).toBeGreaterThanOrEqual(MINUTE);
    expect(wait).toBeLessThan(MINUTE + 30_000);
    t.clock.advanceMinutes(0.5);
    await sweepMails();
    expect((await openingMailRows(t, m.capsuleId))[0]?.attempts).toBe(1);

    smtpBack();
    t.clock.advanceMinutes(0.6);
    await sweepMails();
    expect(await openingMailRows(t, m.capsuleId)).toMatchObject([
      { status: 'sent', attempts: 2, lastError: null, nextAttemptAt: null },
    ]);
    await sweepMails();
    expect(openingMailsTo(t, RECIPIENT_EMAIL)).toHaveLength(1);
  });

  it('given up after its last try like the delivery mail; delivery:failed shows its kind, delivery:retry sends it', async () => {
    const { m, opensAt } = await deliveredBeforeItsDay();
    // The tries before the last one (the delivery mail's test runs them all): one is left.
    await t.deps.db
      .updateTable('deliveryMails')
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1 })
      .where('capsuleId', '=', m.capsuleId)
      .where('kind', '=', 'opening')
      .execute();
    moveClockTo(t, opensAt);
    const smtpBack = await smtpDown(t);
    await sweepMails();
    const [failed] = await openingMailRows(t, m.capsuleId);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS, nextAttemptAt: null });
    smtpBack();
    await sweepMails();
    expect(openingMailsTo(t, RECIPIENT_EMAIL)).toHaveLength(0);

    const listed = await cli('delivery:failed', {});
    expect(listed).toContain(`${failed?.id}  opening mail`);
    expect(listed).toContain(RECIPIENT_EMAIL);
    expect(listed).toMatch(new RegExp(`${MAIL_MAX_ATTEMPTS} tries: .*ECONNREFUSED`));
    expect(await cli('delivery:retry', { id: failed?.id })).toBe('Pending again: 1 mail(s)');
    await sweepMails();
    expect(await openingMailRows(t, m.capsuleId)).toMatchObject([{ status: 'sent', attempts: 1 }]);
    expect(openingMailsTo(t, RECIPIENT_EMAIL)).toHaveLength(1);
  });

  it('a date set after the delivery: the opening mail goes on that date', async () => {
    const m = await mailedWithoutDate();
    expect(await openingMailRows(t, m.capsuleId)).toMatchObject([{ status: 'waiting', nextAttemptAt: null }]);
    // Sweeps while there is no date change nothing.
    t.clock.advanceDays(2);
    await sweepMails();
    expect(await openingMailRows(t, m.capsuleId)).toMatchObject([{ status: 'waiting' }]);

    // The sender sets the missing date (written here as that action writes it).
    const day = utcDayAhead(10);
    await arrangeCapsule(t, m.capsuleId, { deliveryDate: day.date });
    await sweepMails();
    expect(await openingMailRows(t, m.capsuleId)).toMatchObject([
      { status: 'pending', nextAttemptAt: day.at, attempts: 0 },
    ]);
    expect(openingMailsTo(t, RECIPIENT_EMAIL)).toHaveLength(0);

    moveClockTo(t, new Date(day.at.getTime() - MINUTE));
    await sweepMails();
    expect(openingMailsTo(t, RECIPIENT_EMAIL)).toHaveLength(0);
    t.clock.advanceMinutes(1);
    await sweepMails();
    expect(openingMailsTo(t, RECIPIENT_EMAIL)).toHaveLength(1);
    t.clock.advanceDays(1);
    await sweepMails();
    expect(openingMailsTo(t, RECIPIENT_EMAIL)).toHaveLength(1);
    await expectSenderSeesTheDeliveryMail(m);
  });

  it('Notify Recipient off: no opening mail, as no delivery mail', async () => {
    const { m, opensAt } = await deliveredBeforeItsDay({ enabled: false, timing: 'on_lock' });
    expect(await mailRows(t, m.capsuleId)).toMatchObject([{ status: 'skipped' }]);
    expect(await openingMailRows(t, m.capsuleId)).toMatchObject([{ status: 'skipped', nextAttemptAt: null }]);
    moveClockTo(t, opensAt);
    await sweepMails();
    t.clock.advanceDays(1);
    await sweepMails();
    expect(t.mail.mailsTo(RECIPIENT_EMAIL)).toHaveLength(0);
    await expectSenderSeesTheDeliveryMail(m);
  });

  it('a capsule delivered after its date: its delivery mail says it is ready, and no opening mail follows', async () => {
    await t.createUser({ email: RECIPIENT_EMAIL });
    const day = utcDayAhead(1);
    const m = await senderWithStoredCapsule(t, video, {
      enabled: true,
      timing: 'custom',
      customDate: `${utcDayAhead(3).date}T12:00`,
      timezone: 'UTC',
    });
    await m.client.trpc.capsules.setInfo.mutate({
      capsuleId: m.capsuleId,
      info: { deliveryDate: day.date, category: null, message: null },
    });
    await m.client.trpc.capsules.lock.mutate({ capsuleId: m.capsuleId });
    moveClockTo(t, (await capsuleRow(t, m.capsuleId)).dueAt as Date);
    await t.runJob('capsules.deliver', {});
    await t.until(() => deliveryMailsTo(t, RECIPIENT_EMAIL).length === 1, 'the delivery mail');
    expect(deliveryMailsTo(t, RECIPIENT_EMAIL)[0]?.text).toContain(
      'It is ready for you: you can watch it now.',
    );
    expect(await openingMailRows(t, m.capsuleId)).toEqual([]);
    t.clock.advanceDays(1);
    await sweepMails();
    expect(openingMailsTo(t, RECIPIENT_EMAIL)).toHaveLength(0);
  });
});
