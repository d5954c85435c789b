import { nthBirthday, RELEASE_TEXTS } from '@capsule/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands.js';
import { signIn, type TestClient, trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { arrangeCapsule } from '../support/factories.js';
import { moveClockTo, type Person, receivedCapsule, submitDocument } from '../support/received.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestImage, type TestFile } from '../support/test-videos.js';

// The combined rule (docs/server-rules.md, 'Combined rule'): a capsule that opens with a
// verified document may also wait for a day, set by the sender before the lock as a date or as
// the recipient's Nth birthday. Verified before that day, it stays closed until the day starts
// (UTC); the 'Releasable' list agrees with the button; the lock's record names the day.

const DAY_MS = 86_400_000;

describe.each(databaseKinds())('combined rule (%s)', (kind) => {
  let t: TestApp;
  let png: TestFile;
  let sender: Person;
  let recipient: Person;
  let senderClient: TestClient;
  let capsuleId: string;

  beforeAll(async () => {
    [t, png] = await Promise.all([startTestApp(kind, { objectionDays: 0 }), makeTestImage('png')]);
  }, 120_000);
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    sender = await t.createUser({ fullName: 'Sam Sender' });
    recipient = await t.createUser({ fullName: 'Rita Recipient' });
    capsuleId = await receivedCapsule(t, sender, recipient, {
      criteria: 'Premium_Verification',
      category: 'Wedding',
      delivered: false,
    });
    senderClient = await signIn(t, sender);
  });

  const dayAhead = (days: number) =>
    new Date(t.clock.now().getTime() + days * DAY_MS).toISOString().slice(0, 10);

  async function approveAfterDocument() {
    await senderClient.trpc.capsules.lock.mutate({ capsuleId });
    await t.until(
      async () => (await senderClient.trpc.capsules.byId.query({ id: capsuleId })).delivery != null,
      'delivery',
    );
    const rita = await signIn(t, recipient);
    await submitDocument(rita, capsuleId, { bytes: png.bytes });
    await commands['verification:approve']?.run(t.deps.db, { id: capsuleId, operator: 'Olga' }, () => {}, {
      clock: t.clock,
      storage: () => t.deps.storage,
      jobs: async () => t.queue,
      objectionDays: 0,
    });
    return rita;
  }

  const releasableIds = async (client: TestClient) =>
    (await client.trpc.receivedCapsules.list.query({ sort: 'releasable' })).items.map((c) => c.id);

  it('verified before its not-before day: closed until the day starts, then open; the list agrees', async () => {
    const day = dayAhead(30);
    const set = await senderClient.trpc.capsules.setInfo.mutate({ capsuleId, info: { notBefore: day } });
    expect(set.notBeforeDate).toBe(day);
    const rita = await approveAfterDocument();

    const before = await rita.trpc.receivedCapsules.byId.query({ id: capsuleId });
    expect(before).toMatchObject({ documentStatus: 'Verified', canView: false });
    expect(before.lockedReason).toBe(RELEASE_TEXTS.verifiedNotBefore(day));
    const refused = await trpcError(rita.trpc.receivedCapsules.secureUrl.mutate({ id: capsuleId }));
    expect([refused.data?.httpStatus, refused.message]).toEqual([403, RELEASE_TEXTS.verifiedNotBefore(day)]);
    expect(await releasableIds(rita)).not.toContain(capsuleId);

    const trail = await senderClient.trpc.capsules.trail.query({ id: capsuleId });
    expect(trail.find((l) => l.event === 'locked')?.text).toContain('not before');

    moveClockTo(t, new Date(`${day}T00:00:00Z`));
    const onTheDay = await signIn(t, recipient);
    expect((await onTheDay.trpc.receivedCapsules.byId.query({ id: capsuleId })).canView).toBe(true);
    expect(await releasableIds(onTheDay)).toContain(capsuleId);
    expect((await onTheDay.trpc.receivedCapsules.secureUrl.mutate({ id: capsuleId })).url).toContain('sp=r');
  });

  it("takes the recipient's 21st birthday as the not-before day", async () => {
    const born = `${Number(dayAhead(40).slice(0, 4)) - 21}${dayAhead(40).slice(4)}`;
    await arrangeCapsule(t, capsuleId, { recipientBirthday: born });
    const set = await senderClient.trpc.capsules.setInfo.mutate({ capsuleId, info: { birthdayAge: 21 } });
    expect(set).toMatchObject({ birthdayAge: 21, notBeforeDate: nthBirthday(born, 21), deliveryDate: null });
    const rita = await approveAfterDocument();
    expect((await rita.trpc.receivedCapsules.byId.query({ id: capsuleId })).canView).toBe(false);
  });

  it('refuses a not-before day on a Milestone Date capsule, and after the lock', async () => {
    const milestone = await receivedCapsule(t, sender, recipient, {
      criteria: 'Milestone_Date',
      delivered: false,
    });
    const wrongKind = await trpcError(
      senderClient.trpc.capsules.setInfo.mutate({ capsuleId: milestone, info: { notBefore: dayAhead(10) } }),
    );
    expect(wrongKind.data?.httpStatus).toBeGreaterThanOrEqual(400);
    expect(wrongKind.message).toBe(
      'A not-before date can only be set on a capsule that opens with a document',
    );
    await senderClient.trpc.capsules.lock.mutate({ capsuleId });
    const locked = await trpcError(
      senderClient.trpc.capsules.setInfo.mutate({ capsuleId, info: { notBefore: dayAhead(10) } }),
    );
    expect(locked.data?.httpStatus).toBe(409);
    expect((await senderClient.trpc.capsules.byId.query({ id: capsuleId })).notBeforeDate).toBeNull();
  });
});
