import { formatDate } from '@capsule/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands.js';
import { deliverToNewAccount } from '../../src/modules/capsules/index.js';
import { databaseKinds } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestVideo, type TestFile } from '../support/test-videos.js';
import {
  capsuleRow,
  cliServices,
  deliveryMailsTo,
  mailRows,
  RECIPIENT_EMAIL,
  receivedRows,
  senderWithStoredCapsule,
  signInAgain,
  wallClockIn,
} from './delivery-setup.js';

// When a capsule reaches its recipient: at lock, by the sender's hand or the 10-day
// auto-lock; at the custom date and time in the chosen zone, not a minute before; and, for a
// recipient without an account, when the account appears. The test clock moves time; the test
// runs the delivery sweep itself where the cron would (jobs/README.md).

describe.each(databaseKinds())('delivery timing (%s)', (kind) => {
  let t: TestApp;
  let video: TestFile;

  beforeAll(async () => {
    [t, video] = await Promise.all([startTestApp(kind), makeTestVideo({ seconds: 2, format: 'mp4' })]);
  }, 90_000);
  afterAll(async () => t?.close());
  beforeEach(async () => t.reset());

  const delivered = (capsuleId: string) =>
    t.until(async () => (await receivedRows(t, capsuleId)).length > 0, 'the delivery');

  it('at lock: the sender locks, the capsule is delivered at once and the recipient is e-mailed', async () => {
    const recipient = await t.createUser({ email: RECIPIENT_EMAIL, fullName: 'Alan Turing' });
    const m = await senderWithStoredCapsule(t, video, { enabled: true, timing: 'on_lock' });
    const lockedAt = t.clock.now();
    await m.client.trpc.capsules.lock.mutate({ capsuleId: m.capsuleId });
    // No sweep run by the test: the lock itself asked for one.
    await delivered(m.capsuleId);

    const [received] = await receivedRows(t, m.capsuleId);
    expect(received?.userId).toBe(recipient.id);
    const row = await capsuleRow(t, m.capsuleId);
    expect(row.dueAt?.getTime()).toBeGreaterThanOrEqual(lockedAt.getTime() - 1000);
    expect(row.deliveredAt?.getTime()).toBeGreaterThanOrEqual(row.dueAt?.getTime() ?? Number.NaN);
    expect(row.recipientUserId).toBe(recipient.id);

    // The package's capsules open on their milestone date (what each condition's mail says is
    // delivery-outlook.int.test.ts's).
    const { deliveryDate } = await capsuleRow(t, m.capsuleId);
    const mail = await t.mail.latestTo(RECIPIENT_EMAIL);
    expect(mail.subject).toBe(
      `Legacy Capsule: ${m.user.fullName} has left you a time capsule that opens on ${formatDate(deliveryDate)}`,
    );
    expect(mail.text).toContain(`Hello Alan Turing,`);
    expect(mail.text).toContain(`${m.user.fullName} has left you a time capsule`);
    expect(mail.text).toContain(`${t.deps.config.publicUrl}/received-capsules`);
    expect(mail.html).toContain(`href="${t.deps.config.publicUrl}/received-capsules"`);
    expect(mail.html).toContain(`<strong>${m.user.fullName}</strong>`);
    await t.until(async () => (await mailRows(t, m.capsuleId))[0]?.status === 'sent', 'the mail recorded');
    // Another sweep and another mail sweep change nothing: one received row, one mail.
    await t.runJob('capsules.deliver', {});
    await t.runJob('capsules.delivery-mail', {});
    expect(await receivedRows(t, m.capsuleId)).toHaveLength(1);
    expect(deliveryMailsTo(t, RECIPIENT_EMAIL)).toHaveLength(1);
  });

  it('at lock by the 10-day sweep: the auto-lock delivers as the manual lock does', async () => {
    await t.createUser({ email: RECIPIENT_EMAIL });
    const m = await senderWithStoredCapsule(t, video, { enabled: true, timing: 'on_lock' });
    t.clock.advanceDays(10);
    t.clock.advanceMinutes(1);
    expect(await receivedRows(t, m.capsuleId)).toHaveLength(0);
    await t.runJob('capsules.auto-lock', {});
    await delivered(m.capsuleId);
    const row = await capsuleRow(t, m.capsuleId);
    expect(row.lockedAt).not.toBeNull();
    expect(row.dueAt).toEqual(row.lockedAt);
    await t.until(() => deliveryMailsTo(t, RECIPIENT_EMAIL).length === 1, 'the delivery mail');
  });

  it('at a custom time in New York: a minute early nothing, on time delivered and e-mailed', async () => {
    await t.createUser({ email: RECIPIENT_EMAIL });
    // 09:30 in New York, three days from now (whatever the offset that day, EST or EDT).
    const day = wallClockIn(new Date(t.clock.now().getTime() + 3 * 86_400_000), 'America/New_York').slice(
      0,
      10,
    );
    const m = await senderWithStoredCapsule(t, video, {
      enabled: true,
      timing: 'custom',
      customDate: `${day}T09:30`,
      timezone: 'America/New_York',
      message: 'Happy birthday, Alan.',
    });
    await m.client.trpc.capsules.lock.mutate({ capsuleId: m.capsuleId });
    const due = (await capsuleRow(t, m.capsuleId)).dueAt;
    if (!due) throw new Error('A locked capsule has its due time');
    // The instant the sender chose, read back in New York by Intl rather than by the app's code.
    expect(wallClockIn(due, 'America/New_York')).toBe(`${day} 09:30`);

    // One minute early: the sweep delivers nothing and nobody is mailed.
    t.clock.advanceMinutes((due.getTime() - t.clock.now().getTime()) / 60_000 - 1);
    await t.runJob('capsules.deliver', {});
    await t.runJob('capsules.delivery-mail', {});
    expect(await receivedRows(t, m.capsuleId)).toHaveLength(0);
    expect(await mailRows(t, m.capsuleId)).toHaveLength(0);
    expect((await capsuleRow(t, m.capsuleId)).deliveredAt).toBeNull();
    expect(deliveryMailsTo(t, RECIPIENT_EMAIL)).toHaveLength(0);

    // On time.
    t.clock.advanceMinutes(1);
    await t.runJob('capsules.deliver', {});
    expect(await receivedRows(t, m.capsuleId)).toHaveLength(1);
    const row = await capsuleRow(t, m.capsuleId);
    expect(row.deliveredAt?.getTime()).toBeGreaterThanOrEqual(due.getTime());
    expect(row.deliveredAt?.getTime()).toBeLessThan(due.getTime() + 60_000);
    await t.until(() => deliveryMailsTo(t, RECIPIENT_EMAIL).length === 1, 'the delivery mail');
    const [mail] = deliveryMailsTo(t, RECIPIENT_EMAIL);
    expect(mail?.text).toContain('Happy birthday, Alan.');

    // The sender sees it delivered.
    await signInAgain(t, m);
    const seen = await m.client.trpc.capsules.byId.query({ id: m.capsuleId });
    expect(seen.deliveredAt).toBe(row.deliveredAt?.toISOString());
    expect(seen.delivery?.deliveredAt).toBe(row.deliveredAt?.toISOString());
  });

  it('a custom time already past at lock is delivered at the lock, never before it', async () => {
    await t.createUser({ email: RECIPIENT_EMAIL });
    const day = wallClockIn(new Date(t.clock.now().getTime() + 86_400_000), 'UTC').slice(0, 10);
    const m = await senderWithStoredCapsule(t, video, {
      enabled: true,
      timing: 'custom',
      customDate: `${day}T00:00`,
      timezone: 'UTC',
    });
    // Two days on, the chosen time has passed; the capsule was not locked then, so not delivered.
    t.clock.advanceDays(2);
    await t.runJob('capsules.deliver', {});
    expect(await receivedRows(t, m.capsuleId)).toHaveLength(0);
    await signInAgain(t, m);
    const lockedAt = t.clock.now();
    await m.client.trpc.capsules.lock.mutate({ capsuleId: m.capsuleId });
    await delivered(m.capsuleId);
    const row = await capsuleRow(t, m.capsuleId);
    expect(row.dueAt?.getTime()).toBeGreaterThanOrEqual(lockedAt.getTime() - 1000);
    expect(row.deliveredAt?.getTime()).toBeGreaterThanOrEqual(row.dueAt?.getTime() ?? Number.NaN);
    // Its mail, before the next test empties the inbox.
    await t.until(() => deliveryMailsTo(t, RECIPIENT_EMAIL).length === 1, 'the delivery mail');
  });

  it('an account created after the due date gets its capsule when it is created (user:create)', async () => {
    const m = await senderWithStoredCapsule(t, video, { enabled: true, timing: 'on_lock' });
    await m.client.trpc.capsules.lock.mutate({ capsuleId: m.capsuleId });
    await t.runJob('capsules.deliver', {});
    // Due, but nobody has that e-mail: nothing is delivered, nothing lost.
    expect(await receivedRows(t, m.capsuleId)).toHaveLength(0);
    expect((await capsuleRow(t, m.capsuleId)).deliveredAt).toBeNull();

    // The operator creates the account, in another case, with the admin CLI's own command.
    const printed: string[] = [];
    await commands['user:create']?.run(
      t.deps.db,
      { email: 'Alan@Example.TEST', password: 'a long password', name: 'Alan Turing' },
      (line) => printed.push(line),
      cliServices(t),
    );
    expect(printed.join('\n')).toMatch(/Delivered 1 capsule\(s\) waiting for alan@example.test/);
    const [received] = await receivedRows(t, m.capsuleId);
    const user = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', RECIPIENT_EMAIL)
      .executeTakeFirstOrThrow();
    expect(received?.userId).toBe(user.id);
    // The CLI has no job queue: the mail goes with the next mail sweep.
    await t.runJob('capsules.delivery-mail', {});
    expect(deliveryMailsTo(t, RECIPIENT_EMAIL)).toHaveLength(1);
    expect(await mailRows(t, m.capsuleId)).toMatchObject([{ status: 'sent', attempts: 1 }]);
  });

  it('a recipient who signs up after a custom due date gets every capsule due for that e-mail at sign-up', async () => {
    const day = wallClockIn(new Date(t.clock.now().getTime() + 2 * 86_400_000), 'Asia/Tokyo').slice(0, 10);
    const m = await senderWithStoredCapsule(t, video, {
      enabled: true,
      timing: 'custom',
      customDate: `${day}T18:00`,
      timezone: 'Asia/Tokyo',
    });
    await m.client.trpc.capsules.lock.mutate({ capsuleId: m.capsuleId });
    const other = await senderWithStoredCapsule(t, video, { enabled: true, timing: 'on_lock' });
    await other.client.trpc.capsules.lock.mutate({ capsuleId: other.capsuleId });

    t.clock.advanceDays(5);
    await t.runJob('capsules.deliver', {});
    expect(await receivedRows(t, m.capsuleId)).toHaveLength(0);

    // The account appears (a path that calls the hook, as user:create and the sync do): both
    // capsules due for this e-mail are delivered, and the mail job goes with them.
    const recipient = await t.createUser({ email: RECIPIENT_EMAIL });
    expect(await deliverToNewAccount(t.deps, recipient.id)).toBe(2);
    expect(await receivedRows(t, m.capsuleId)).toHaveLength(1);
    expect(await receivedRows(t, other.capsuleId)).toHaveLength(1);
    await t.until(() => deliveryMailsTo(t, RECIPIENT_EMAIL).length === 2, 'two delivery mails');
    // Asked again, nothing more.
    expect(await deliverToNewAccount(t.deps, recipient.id)).toBe(0);
  });

  it('an account made by a path that forgot the hook is found by the sweep within the hour', async () => {
    const m = await senderWithStoredCapsule(t, video, { enabled: false, timing: 'on_lock' });
    await m.client.trpc.capsules.lock.mutate({ capsuleId: m.capsuleId });
    await t.runJob('capsules.deliver', {});
    expect(await receivedRows(t, m.capsuleId)).toHaveLength(0);
    await t.createUser({ email: RECIPIENT_EMAIL });
    t.clock.advanceMinutes(59);
    await t.runJob('capsules.deliver', {});
    expect(await receivedRows(t, m.capsuleId)).toHaveLength(0);
    t.clock.advanceMinutes(2);
    await t.runJob('capsules.deliver', {});
    expect(await receivedRows(t, m.capsuleId)).toHaveLength(1);
  });
});
