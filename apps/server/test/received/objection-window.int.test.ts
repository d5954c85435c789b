import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCommand } from '../delivery/delivery-setup.js';
import { signIn, type TestClient, trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { moveClockTo, type Person, receivedCapsule, submitDocument } from '../support/received.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestImage, type TestFile } from '../support/test-videos.js';

// The sender's objection window (docs/server-rules.md, 'Received capsules'): an operator's
// Verified opens a document capsule only when the window (7 days here, as by default) ends
// without an objection. The sender is mailed; the recipient reads 'Approved, opens on …'; an
// objection inside the window sends the document back to the operators with the reason; one
// after it is refused, and the capsule opens.

const WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;
/** Mails are jobs: on a loaded machine one may wait; the tests that read mail allow for it. */
const MAIL_WAIT_MS = 60_000;
const MAILING_TEST_MS = 2 * MAIL_WAIT_MS;

describe.each(databaseKinds())('objection window (%s)', (kind) => {
  let t: TestApp;
  let png: TestFile;
  let sender: Person;
  let recipient: Person;
  let capsuleId: string;
  let senderClient: TestClient;
  let recipientClient: TestClient;

  beforeAll(async () => {
    [t, png] = await Promise.all([startTestApp(kind), makeTestImage('png')]);
  }, 90_000);
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    sender = await t.createUser({ fullName: 'Sam Sender' });
    recipient = await t.createUser({ fullName: 'Rita Recipient' });
    capsuleId = await receivedCapsule(t, sender, recipient, { criteria: 'Document_Validation' });
    senderClient = await signIn(t, sender);
    recipientClient = await signIn(t, recipient);
    await submitDocument(recipientClient, capsuleId, png);
  });

  const cli = async (name: string, values: Record<string, string>) =>
    (await adminCommand(t, name, values, WINDOW_DAYS)).join('\n');

  /** The mail to that address whose subject says `words`, once its job has sent it. */
  async function mailTo(address: string, words: string) {
    const find = () => t.mail.mailsTo(address).find((m) => m.subject.includes(words));
    await t.until(() => find() !== undefined, `the mail "${words}"`, MAIL_WAIT_MS);
    return find() as NonNullable<ReturnType<typeof find>>;
  }
  const approve = () => cli('verification:approve', { id: capsuleId, operator: 'Olga Operator' });
  const view = () => recipientClient.trpc.receivedCapsules.secureUrl.mutate({ id: capsuleId });
  /** Moves the test clock (and signs both in again: a week outlives a session). */
  async function later(ms: number) {
    moveClockTo(t, new Date(t.clock.now().getTime() + ms));
    senderClient = await signIn(t, sender);
    recipientClient = await signIn(t, recipient);
  }

  it(
    'keeps a verified capsule closed until the window ends, then opens it; both are told',
    async () => {
      const approvedAt = t.clock.now().getTime();
      expect(await approve()).toMatch(/unless the sender objects/);
      // Seven days on, rounded up to the next midnight UTC: the day the texts name opens at its start.
      const sevenDaysOn = new Date(approvedAt + WINDOW_DAYS * DAY_MS);
      const endsAt = new Date(
        Date.UTC(sevenDaysOn.getUTCFullYear(), sevenDaysOn.getUTCMonth(), sevenDaysOn.getUTCDate() + 1),
      );
      const day = endsAt.toLocaleDateString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      });

      // The recipient reads when it opens, in the list and when they press View.
      const seen = await recipientClient.trpc.receivedCapsules.byId.query({ id: capsuleId });
      expect(seen).toMatchObject({
        documentStatus: 'Verified',
        canView: false,
        lockedReason: `Approved, opens on ${day}.`,
      });
      expect(seen.opensAt).toBe(endsAt.toISOString());
      // Not among the capsules one may watch now.
      const releasable = () => recipientClient.trpc.receivedCapsules.list.query({ sort: 'releasable' });
      expect((await releasable()).total).toBe(0);
      const refused = await trpcError(view());
      expect(refused.data?.httpStatus).toBe(403);
      expect(refused.message).toBe(`Approved, opens on ${day}.`);

      // The sender is mailed the window, and Capsule Details shows it.
      const senderMail = await mailTo(sender.email, 'unless you object');
      expect(senderMail.text).toContain(`The capsule opens on ${day}.`);
      const details = await senderClient.trpc.capsules.byId.query({ id: capsuleId });
      expect(details.delivery?.objectionEndsAt).toBe(seen.opensAt);
      const recipientMail = await mailTo(recipient.email, 'approved');
      expect(recipientMail.text).toContain(`The capsule opens on ${day}`);

      // A minute before the end: still closed. At the end: open.
      await later(endsAt.getTime() - 60_000 - t.clock.now().getTime());
      expect((await trpcError(view())).data?.httpStatus).toBe(403);
      moveClockTo(t, endsAt); // (a minute on: the sessions still hold)
      expect((await releasable()).total).toBe(1);
      expect((await view()).url).toMatch(/^http/);
      // Too late to object now.
      const late = await trpcError(senderClient.trpc.capsules.object.mutate({ capsuleId, reason: 'Wait!' }));
      expect(late.data?.httpStatus).toBe(409);
      expect(late.message).toBe('The time to object has ended: the capsule is open.');
      const events = (await senderClient.trpc.capsules.trail.query({ id: capsuleId })).map(
        (line) => line.event,
      );
      // Approved; the refusals inside the window wrote nothing; then the decision that opened it.
      expect(events.slice(-3)).toEqual(['document_reviewed', 'release_decided', 'opened']);
    },
    MAILING_TEST_MS,
  );

  it(
    'an objection inside the window sends the document back to the operators with the reason',
    async () => {
      await approve();
      await later(3 * DAY_MS);
      await senderClient.trpc.capsules.object.mutate({ capsuleId, reason: '  He is not my son.  ' });

      // Closed, the document waiting for review again, the reason shown to the operator.
      const seen = await recipientClient.trpc.receivedCapsules.byId.query({ id: capsuleId });
      expect(seen).toMatchObject({ documentStatus: 'Submitted', canView: false, opensAt: null });
      expect(await cli('verification:list', {})).toMatch(/the sender objected on \S+: He is not my son\./);
      expect(
        (await senderClient.trpc.capsules.byId.query({ id: capsuleId })).delivery?.objectionEndsAt,
      ).toBeNull();
      // Even after the first window would have ended, it stays closed.
      await later(5 * DAY_MS);
      expect((await trpcError(view())).data?.httpStatus).toBe(403);
      // The recipient's record does not show the sender's objection.
      const theirs = await recipientClient.trpc.receivedCapsules.trail.query({ id: capsuleId });
      expect(theirs.map((line) => line.event)).not.toContain('objected');
      const record = await senderClient.trpc.capsules.trail.query({ id: capsuleId });
      expect(record.map((line) => line.text)).toContain('You objected to the verdict: He is not my son.');

      // The operator looks again, the reason read, and verifies: the sender has had their one
      // objection for this document, so it opens at once, and the recipient is told.
      expect(await approve()).toMatch(/the recipient will be e-mailed\.$/);
      expect((await view()).url).toMatch(/^http/);
      expect((await mailTo(recipient.email, 'your document is verified')).text).toContain(
        'The capsule is now open',
      );
      const again = await trpcError(
        senderClient.trpc.capsules.object.mutate({ capsuleId, reason: 'Again!' }),
      );
      expect(again.data?.httpStatus).toBe(409);
    },
    MAILING_TEST_MS,
  );

  it('refuses an objection from anyone but the sender, without a reason, or with nothing verified', async () => {
    // Nothing verified yet: the document is only submitted.
    const early = await trpcError(senderClient.trpc.capsules.object.mutate({ capsuleId, reason: 'No.' }));
    expect(early.data?.httpStatus).toBe(409);
    expect(early.message).toBe('There is no approved document to object to.');
    await approve();
    const stranger = await signIn(t, await t.createUser({ fullName: 'Stan Stranger' }));
    const foreign = await trpcError(stranger.trpc.capsules.object.mutate({ capsuleId, reason: 'Mine now.' }));
    expect(foreign.data?.httpStatus).toBe(404);
    const byRecipient = await trpcError(
      recipientClient.trpc.capsules.object.mutate({ capsuleId, reason: 'Hmm.' }),
    );
    expect(byRecipient.data?.httpStatus).toBe(404);
    // The sender's own capsule not delivered to anyone: nothing to object to (409, not 404).
    const undelivered = await t.deps.db
      .selectFrom('capsules')
      .select('id')
      .where('ownerId', '=', sender.id)
      .where('id', '!=', capsuleId)
      .executeTakeFirstOrThrow();
    const notDelivered = await trpcError(
      senderClient.trpc.capsules.object.mutate({ capsuleId: undelivered.id, reason: 'No.' }),
    );
    expect(notDelivered.data?.httpStatus).toBe(409);
    const blank = await trpcError(senderClient.trpc.capsules.object.mutate({ capsuleId, reason: '   ' }));
    expect(blank.data?.httpStatus).toBe(400);
    expect(blank.message).toContain('Please say why you object');
    // None of these changed anything: still verified, still waiting for the window.
    const seen = await recipientClient.trpc.receivedCapsules.byId.query({ id: capsuleId });
    expect(seen.documentStatus).toBe('Verified');
    expect(seen.opensAt).not.toBeNull();
  });
});
