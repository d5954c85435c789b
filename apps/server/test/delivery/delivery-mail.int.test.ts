import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands.js';
import { MAIL_MAX_ATTEMPTS } from '../../src/modules/capsules/delivery/delivery-rules.js';
import { sendDueDeliveryMails } from '../../src/modules/capsules/index.js';
import { databaseKinds } from '../support/databases.js';
import { arrangeCapsule } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestVideo, type TestFile } from '../support/test-videos.js';
import type { Member } from '../support/uploads.js';
import {
  capsuleRow,
  cliServices,
  deliveryMailsTo,
  firstFailedTry,
  mailRows,
  RECIPIENT_EMAIL,
  receivedRows,
  senderWithStoredCapsule,
  signInAgain,
  smtpDown,
} from './delivery-setup.js';

// The recipient's side of a delivery and what the sender learns of it: Notify
// Recipient off, an e-mail written in another case, the mail server away (retries with back-off
// on the test clock, one mail once it is back), the last try (failed, listed and retried with the
// admin CLI), and the sender's Capsule Details: delivered, e-mailed, opened, played.

describe.each(databaseKinds())('delivery mail and tracking (%s)', (kind) => {
  let t: TestApp;
  let video: TestFile;

  beforeAll(async () => {
    [t, video] = await Promise.all([startTestApp(kind), makeTestVideo({ seconds: 2, format: 'mp4' })]);
  }, 90_000);
  afterAll(async () => t?.close());
  beforeEach(async () => t.reset());

  /** Locks the sender's capsule and waits for the delivery the lock asks for. */
  async function lockAndDeliver(m: Member) {
    await m.client.trpc.capsules.lock.mutate({ capsuleId: m.capsuleId });
    await t.until(async () => (await receivedRows(t, m.capsuleId)).length > 0, 'the delivery');
  }
  const print = () => {
    const lines: string[] = [];
    return { lines, print: (line: string) => lines.push(line) };
  };
  const cli = (name: string, values: Record<string, string | undefined>, out = print()) => {
    const command = commands[name];
    if (!command) throw new Error(`No admin command ${name}`);
    return command.run(t.deps.db, values, out.print, cliServices(t)).then(() => out.lines.join('\n'));
  };

  it('Notify Recipient off: delivered all the same, without an e-mail (skipped)', async () => {
    await t.createUser({ email: RECIPIENT_EMAIL });
    const m = await senderWithStoredCapsule(t, video, { enabled: false, timing: 'on_lock' });
    await lockAndDeliver(m);
    await t.runJob('capsules.delivery-mail', {});
    expect(await mailRows(t, m.capsuleId)).toMatchObject([{ status: 'skipped', attempts: 0, sentAt: null }]);
    expect(t.mail.mailsTo(RECIPIENT_EMAIL)).toHaveLength(0);
    const seen = await m.client.trpc.capsules.byId.query({ id: m.capsuleId });
    expect(seen.delivery).toMatchObject({ emailStatus: 'skipped', emailedAt: null, openedAt: null });
  });

  it("matches the recipient's account whatever the case of the e-mail on the capsule", async () => {
    const recipient = await t.createUser({ email: RECIPIENT_EMAIL });
    const m = await senderWithStoredCapsule(t, video, { enabled: true, timing: 'on_lock' });
    await arrangeCapsule(t, m.capsuleId, { recipientEmail: '  ALAN@Example.Test ' });
    await lockAndDeliver(m);
    expect((await receivedRows(t, m.capsuleId))[0]?.userId).toBe(recipient.id);
    await t.until(() => deliveryMailsTo(t, RECIPIENT_EMAIL).length === 1, 'the delivery mail');
  });

  it('the mail server away: retried with back-off by the app clock, one mail once it is back', async () => {
    await t.createUser({ email: RECIPIENT_EMAIL });
    const m = await senderWithStoredCapsule(t, video, { enabled: true, timing: 'on_lock' });
    const smtpBack = await smtpDown(t);
    await lockAndDeliver(m);
    const first = await firstFailedTry(t, m.capsuleId);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first.lastError).toMatch(/ECONNREFUSED/);
    // The first wait is a minute (delivery-rules.ts): half a minute on, nothing is tried.
    const firstWait = (first.nextAttemptAt?.getTime() ?? 0) - first.createdAt.getTime();
    expect(firstWait).toBeGreaterThanOrEqual(60_000);
    expect(firstWait).toBeLessThan(70_000);
    t.clock.advanceMinutes(0.5);
    await t.runJob('capsules.delivery-mail', {});
    expect((await mailRows(t, m.capsuleId))[0]?.attempts).toBe(1);
    t.clock.advanceMinutes(0.6);
    await t.runJob('capsules.delivery-mail', {});
    const [second] = await mailRows(t, m.capsuleId);
    expect(second).toMatchObject({ status: 'pending', attempts: 2 });
    // Then two minutes.
    const secondWait = (second?.nextAttemptAt?.getTime() ?? 0) - t.clock.now().getTime();
    expect(secondWait).toBeGreaterThan(100_000);
    expect(secondWait).toBeLessThanOrEqual(120_000);
    // Two minutes on, the sender's session is still alive (signing in would need the mail server).
    expect((await m.client.trpc.capsules.byId.query({ id: m.capsuleId })).delivery).toMatchObject({
      emailStatus: 'pending',
      emailedAt: null,
    });

    smtpBack();
    t.clock.advanceMinutes(2);
    await t.runJob('capsules.delivery-mail', {});
    const [sent] = await mailRows(t, m.capsuleId);
    expect(sent).toMatchObject({ status: 'sent', attempts: 3, lastError: null, nextAttemptAt: null });
    await t.runJob('capsules.delivery-mail', {});
    expect(deliveryMailsTo(t, RECIPIENT_EMAIL)).toHaveLength(1);
  });

  it('the last try fails after about 14 days: failed, listed by delivery:failed, sent by delivery:retry', async () => {
    await t.createUser({ email: RECIPIENT_EMAIL });
    const m = await senderWithStoredCapsule(t, video, { enabled: true, timing: 'on_lock' });
    const smtpBack = await smtpDown(t);
    await lockAndDeliver(m);
    await firstFailedTry(t, m.capsuleId);
    const deliveredAt = (await capsuleRow(t, m.capsuleId)).deliveredAt as Date;

    // Every try, each at its time on the test clock, through the sweep itself (a job run per
    // try would take minutes): the mail server stays away.
    for (let tries = 1; tries < MAIL_MAX_ATTEMPTS + 5; tries++) {
      const [mail] = await mailRows(t, m.capsuleId);
      if (mail?.status !== 'pending') break;
      const wait = (mail.nextAttemptAt?.getTime() ?? 0) - t.clock.now().getTime();
      if (wait > 0) t.clock.advanceMinutes(wait / 60_000);
      await sendDueDeliveryMails(t.deps);
    }
    const [failed] = await mailRows(t, m.capsuleId);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS, nextAttemptAt: null });
    expect(failed?.lastError).toMatch(/ECONNREFUSED/);
    const days = (t.clock.now().getTime() - deliveredAt.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
    // The mail server is back; the given-up mail stays failed until an operator retries it.
    smtpBack();
    await t.runJob('capsules.delivery-mail', {});
    expect(t.mail.mailsTo(RECIPIENT_EMAIL)).toHaveLength(0);
    await signInAgain(t, m);
    expect((await m.client.trpc.capsules.byId.query({ id: m.capsuleId })).delivery?.emailStatus).toBe(
      'failed',
    );

    const listed = await cli('delivery:failed', {});
    expect(listed).toContain(failed?.id);
    expect(listed).toContain(RECIPIENT_EMAIL);
    expect(listed).toMatch(new RegExp(`${MAIL_MAX_ATTEMPTS} tries: .*ECONNREFUSED`));

    expect(await cli('delivery:retry', { id: 'not-an-id' })).toBe('No failed delivery mail to retry.');
    expect(await cli('delivery:retry', { id: failed?.id })).toBe('Pending again: 1 mail(s)');
    // Pending again from now: the next mail sweep sends it.
    await t.runJob('capsules.delivery-mail', {});
    expect(await mailRows(t, m.capsuleId)).toMatchObject([{ status: 'sent', attempts: 1 }]);
    expect(deliveryMailsTo(t, RECIPIENT_EMAIL)).toHaveLength(1);
    expect(await cli('delivery:failed', {})).toBe('No failed delivery mails.');
  }, 120_000);

  it("the sender's capsule shows the delivery: e-mailed, then opened and played (tRPC, REST, list)", async () => {
    await t.createUser({ email: RECIPIENT_EMAIL });
    const m = await senderWithStoredCapsule(t, video, { enabled: true, timing: 'on_lock' });
    const before = await m.client.trpc.capsules.byId.query({ id: m.capsuleId });
    expect(before.delivery).toBeNull();
    await lockAndDeliver(m);
    await t.until(async () => (await mailRows(t, m.capsuleId))[0]?.status === 'sent', 'the mail sent');
    const row = await capsuleRow(t, m.capsuleId);
    const [mail] = await mailRows(t, m.capsuleId);

    const delivered = await m.client.trpc.capsules.byId.query({ id: m.capsuleId });
    expect(delivered.delivery).toEqual({
      deliveredAt: row.deliveredAt?.toISOString(),
      emailedAt: mail?.sentAt?.toISOString(),
      emailStatus: 'sent',
      openedAt: null,
      playedAt: null,
      objectionEndsAt: null,
    });

    // The recipient opens the details, then plays the video (the received-capsules calls write
    // these; here they are set as those calls would, at moments of the test clock).
    t.clock.advanceMinutes(90);
    const openedAt = t.clock.now();
    await t.deps.db
      .updateTable('receivedCapsules')
      .set({ viewedAt: openedAt })
      .where('capsuleId', '=', m.capsuleId)
      .execute();
    t.clock.advanceMinutes(2);
    const playedAt = t.clock.now();
    await t.deps.db
      .updateTable('receivedCapsules')
      .set({ playedAt })
      .where('capsuleId', '=', m.capsuleId)
      .execute();

    await signInAgain(t, m);
    const list = await m.client.trpc.capsules.list.query({
      status: null,
      types: [],
      page: 1,
      sort: 'oldest',
    });
    const listed = list.capsules.find((c) => c.id === m.capsuleId);
    expect(listed?.delivery).toMatchObject({
      openedAt: openedAt.toISOString(),
      playedAt: playedAt.toISOString(),
    });
    expect(list.capsules.filter((c) => c.id !== m.capsuleId).every((c) => c.delivery === null)).toBe(true);

    const rest = await m.client.rest('GET', `/api/capsules/${m.capsuleId}`);
    expect(rest.status).toBe(200);
    expect(rest.body.deliveredAt).toBe(row.deliveredAt?.toISOString());
    expect(rest.body.x_delivery).toEqual({
      delivered_at: row.deliveredAt?.toISOString(),
      emailed_at: mail?.sentAt?.toISOString(),
      email_status: 'sent',
      opened_at: openedAt.toISOString(),
      played_at: playedAt.toISOString(),
    });
  });
});
