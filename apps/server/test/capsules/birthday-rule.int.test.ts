import { BIRTHDAY_RULE_TEXTS, nthBirthday } from '@capsule/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RECIPIENT_EMAIL, senderWithStoredCapsule } from '../delivery/delivery-setup.js';
import { signIn, trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { moveClockTo } from '../support/received.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestVideo, type TestFile } from '../support/test-videos.js';
import type { Member } from '../support/uploads.js';

// The birthday rule (docs/server-rules.md, 'Birthday rule'): a Milestone Date capsule set to
// open on the recipient's 18th birthday gets that day as its delivery date, from the birthday in
// the sender's contacts; a birthday corrected before the lock moves it; the lock freezes it; the
// recipient cannot open it the day before and can on the day.

describe.each(databaseKinds())('the birthday rule (%s)', (kind) => {
  let t: TestApp;
  let video: TestFile;
  let m: Member;
  let contactId: string;

  beforeAll(async () => {
    [t, video] = await Promise.all([startTestApp(kind), makeTestVideo({ seconds: 2, format: 'mp4' })]);
  }, 90_000);
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    m = await senderWithStoredCapsule(t, video, { enabled: false, timing: 'on_lock' });
    contactId = (await m.client.trpc.capsules.byId.query({ id: m.capsuleId })).contactId ?? '';
  });

  /** A birthday whose 18th falls `days` after the clock's today (UTC). */
  function bornSoThat18thIsIn(days: number): string {
    const day = new Date(t.clock.now().getTime() + days * 86_400_000);
    return `${day.getUTCFullYear() - 18}-${day.toISOString().slice(5, 10)}`;
  }

  const setBirthday = (birthday: string | null) =>
    m.client.trpc.contacts.update.mutate({
      id: contactId,
      contact: {
        firstName: 'Alan',
        lastName: 'Turing',
        email: RECIPIENT_EMAIL,
        phone: null,
        relationshipType: 'Friend',
        relationshipDetails: 'Best-Friend',
        birthday,
      },
    });
  const capsule = () => m.client.trpc.capsules.byId.query({ id: m.capsuleId });
  const followJobs = async () => t.runJob('capsules.follow-birthday', { ownerId: m.user.id, contactId });

  it('refuses the rule without a birthday, with a passed one, and with a date beside it', async () => {
    const none = await trpcError(
      m.client.trpc.capsules.setInfo.mutate({ capsuleId: m.capsuleId, info: { birthdayAge: 18 } }),
    );
    expect([none.data?.httpStatus, none.message]).toEqual([
      409,
      BIRTHDAY_RULE_TEXTS.noBirthday('Alan Turing'),
    ]);
    // Three days ago: "today" on the server is the earliest date anywhere on Earth (UTC-12).
    await setBirthday(bornSoThat18thIsIn(-3));
    const passed = await trpcError(
      m.client.trpc.capsules.setInfo.mutate({ capsuleId: m.capsuleId, info: { birthdayAge: 18 } }),
    );
    expect(passed.data?.httpStatus).toBe(409);
    expect(passed.message).toMatch(/^Alan's 18th birthday \(.+\) has already passed\.$/);
    const both = await trpcError(
      m.client.trpc.capsules.setInfo.mutate({
        capsuleId: m.capsuleId,
        info: { birthdayAge: 18, deliveryDate: bornSoThat18thIsIn(30).replace(/^\d{4}/, '2099') },
      }),
    );
    expect([both.data?.httpStatus, both.message]).toEqual([400, BIRTHDAY_RULE_TEXTS.dateAndBirthday]);
    expect((await capsule()).birthdayAge).toBeNull();
  });

  it('takes the 18th birthday as the date, follows a correction before the lock, freezes at the lock, opens on the day', async () => {
    const recipient = await t.createUser({ email: RECIPIENT_EMAIL, fullName: 'Alan Turing' });
    const first = bornSoThat18thIsIn(10);
    await setBirthday(first);
    const set = await m.client.trpc.capsules.setInfo.mutate({
      capsuleId: m.capsuleId,
      info: { birthdayAge: 18 },
    });
    expect(set).toMatchObject({
      birthdayAge: 18,
      deliveryDate: nthBirthday(first, 18),
      recipientBirthday: first,
    });

    // Corrected in My Contacts: the date follows (the job the edit sends).
    const corrected = bornSoThat18thIsIn(12);
    await setBirthday(corrected);
    await followJobs();
    expect(await capsule()).toMatchObject({
      deliveryDate: nthBirthday(corrected, 18),
      recipientBirthday: corrected,
    });

    // Corrected once more and locked at once: the lock reads the birthday itself.
    const last = bornSoThat18thIsIn(11);
    await setBirthday(last);
    await m.client.trpc.capsules.lock.mutate({ capsuleId: m.capsuleId });
    const day = nthBirthday(last, 18);
    expect((await capsule()).deliveryDate).toBe(day);
    const lockLine = (await m.client.trpc.capsules.trail.query({ id: m.capsuleId })).find(
      (l) => l.event === 'locked',
    );
    expect(lockLine?.text).toContain("the recipient's 18th birthday");

    // After the lock nothing moves it.
    await setBirthday(bornSoThat18thIsIn(40));
    await followJobs();
    expect((await capsule()).deliveryDate).toBe(day);

    // The recipient: delivered at the lock, closed the day before, open on the day.
    await t.until(
      async () => (await capsule()).delivery !== null && (await capsule()).delivery !== undefined,
      'the delivery at the lock',
    );
    const opens = new Date(`${day}T00:00:00Z`);
    moveClockTo(t, new Date(opens.getTime() - 60_000));
    const dayBefore = await signIn(t, recipient);
    expect((await dayBefore.trpc.receivedCapsules.byId.query({ id: m.capsuleId })).canView).toBe(false);
    moveClockTo(t, opens);
    expect((await dayBefore.trpc.receivedCapsules.byId.query({ id: m.capsuleId })).canView).toBe(true);
  });

  it('ends the rule when the birthday is removed before the lock, keeping the date it had', async () => {
    const born = bornSoThat18thIsIn(20);
    await setBirthday(born);
    await m.client.trpc.capsules.setInfo.mutate({ capsuleId: m.capsuleId, info: { birthdayAge: 18 } });
    await setBirthday(null);
    await followJobs();
    expect(await capsule()).toMatchObject({ birthdayAge: null, deliveryDate: nthBirthday(born, 18) });
  });
});
