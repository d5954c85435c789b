import type { NotifyOptions } from '@capsule/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNeverSays, paragraphs } from '../../src/mail/mail.test-helpers.js';
import { databaseKinds } from '../support/databases.js';
import { arrangeCapsule } from '../support/factories.js';
import type { TrappedMail } from '../support/mail-trap.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestVideo, type TestFile } from '../support/test-videos.js';
import { type Member, memberWithCapsule, reviewed, sendFile, stageBlocks } from '../support/uploads.js';
import {
  capsuleRow,
  deliveredWithoutDate,
  deliveryMailsTo,
  mailRows,
  openingMailRows,
  RECIPIENT_EMAIL,
  receivedRows,
  senderWithStoredCapsule,
} from './delivery-setup.js';

// What the delivery mail tells the recipient, decided when it is sent from the release rule:
// ready when the capsule can be played, the date when it opens on one, the document when it
// opens once one is verified, and for a dated capsule locked before a date was required, that the
// sender will set one. Never 'delivered' for what cannot be opened. And the sender's message is
// the one of the upload that was accepted, never an earlier attempt's.

describe.each(databaseKinds())('what the delivery mail says (%s)', (kind) => {
  let t: TestApp;
  let video: TestFile;
  let soundOnly: TestFile;

  beforeAll(async () => {
    [t, video, soundOnly] = await Promise.all([
      startTestApp(kind),
      makeTestVideo({ seconds: 2, format: 'mp4' }),
      makeTestVideo({ seconds: 2, format: 'mp4', audioOnly: true }),
    ]);
  }, 90_000);
  afterAll(async () => t?.close());
  beforeEach(async () => t.reset());

  const onLock: NotifyOptions = { enabled: true, timing: 'on_lock' };

  /** The one delivery mail to the recipient, once the mail job has sent it. */
  async function theDeliveryMail(): Promise<TrappedMail> {
    await t.until(() => deliveryMailsTo(t, RECIPIENT_EMAIL).length > 0, 'the delivery mail');
    const mails = deliveryMailsTo(t, RECIPIENT_EMAIL);
    expect(mails).toHaveLength(1);
    return mails[0] as TrappedMail;
  }

  /** The sentence is in a paragraph of the HTML and in the text. */
  function expectSaid(mail: TrappedMail, sentence: string) {
    expect(paragraphs(mail.html).some((p) => p.includes(sentence))).toBe(true);
    expect(mail.text).toContain(sentence);
  }

  async function lockAndDeliver(m: Member) {
    await m.client.trpc.capsules.lock.mutate({ capsuleId: m.capsuleId });
    await t.until(async () => (await receivedRows(t, m.capsuleId)).length > 0, 'the delivery');
  }

  it('a capsule that can be watched at once: it is ready for you', async () => {
    await t.createUser({ email: RECIPIENT_EMAIL, fullName: 'Alan Turing' });
    const m = await senderWithStoredCapsule(t, video, onLock);
    await arrangeCapsule(t, m.capsuleId, { deliveryCriteria: 'View_Any_Time' });
    await lockAndDeliver(m);
    const mail = await theDeliveryMail();
    expect(mail.subject).toBe(
      `Legacy Capsule: ${m.user.fullName} has left you a time capsule, ready for you`,
    );
    expectSaid(mail, 'It is ready for you: you can watch it now.');
    expectSaid(mail, 'Sign in with this e-mail address to watch it in your Received Capsules:');
    expect(mail.html).toContain(`href="${t.deps.config.publicUrl}/received-capsules"`);
    expectNeverSays(mail, /deliver/i);
    // Nothing more to say on any later day.
    expect(await openingMailRows(t, m.capsuleId)).toEqual([]);
  });

  it('a dated capsule whose day is ahead: it opens on that date, in the app’s display format', async () => {
    await t.createUser({ email: RECIPIENT_EMAIL });
    const m = await senderWithStoredCapsule(t, video, onLock);
    await m.client.trpc.capsules.setInfo.mutate({
      capsuleId: m.capsuleId,
      info: { deliveryDate: '2030-05-04', category: null, message: null },
    });
    await lockAndDeliver(m);
    const mail = await theDeliveryMail();
    expect(mail.subject).toBe(
      `Legacy Capsule: ${m.user.fullName} has left you a time capsule that opens on May 4, 2030`,
    );
    expectSaid(mail, 'It opens on May 4, 2030. We will e-mail you again that day.');
    expectSaid(mail, 'Sign in with this e-mail address to see it in your Received Capsules:');
    expectNeverSays(mail, /deliver|ready|watch it now/i);
    // The promise is kept by the outbox: the opening mail is due at that day's first instant.
    expect(await openingMailRows(t, m.capsuleId)).toMatchObject([
      { status: 'pending', nextAttemptAt: new Date('2030-05-04T00:00:00.000Z'), attempts: 0 },
    ]);
  });

  it.each(['Document_Validation', 'Premium_Verification'] as const)(
    'a %s capsule: it opens once you verify your document',
    async (criteria) => {
      await t.createUser({ email: RECIPIENT_EMAIL });
      const m = await senderWithStoredCapsule(t, video, onLock);
      await arrangeCapsule(t, m.capsuleId, { deliveryCriteria: criteria });
      await lockAndDeliver(m);
      const mail = await theDeliveryMail();
      expect(mail.subject).toBe(
        `Legacy Capsule: ${m.user.fullName} has left you a time capsule that opens once you verify your document`,
      );
      expectSaid(mail, 'It opens once you verify your document: sign in and choose Submit Documents.');
      expectNeverSays(mail, /deliver|ready|watch it now/i);
      expect(await openingMailRows(t, m.capsuleId)).toEqual([]);
    },
  );

  it('a dated capsule locked before a date was required: it opens on a date the sender will set', async () => {
    await t.createUser({ email: RECIPIENT_EMAIL });
    const m = await deliveredWithoutDate(t, video);
    expect(await receivedRows(t, m.capsuleId)).toHaveLength(1);
    const mail = await theDeliveryMail();
    expect(mail.subject).toBe(
      `Legacy Capsule: ${m.user.fullName} has left you a time capsule that opens on a date still to be set`,
    );
    expectSaid(mail, `It opens on a date ${m.user.fullName} will set, and we will e-mail you that day.`);
    expectNeverSays(mail, /deliver|ready|watch it now/i);
    expect(await openingMailRows(t, m.capsuleId)).toMatchObject([{ status: 'waiting', nextAttemptAt: null }]);
  });

  describe("the sender's message is the accepted upload's", () => {
    /** An upload slot whose dialog said `message`. */
    const startWith = (m: Member, file: TestFile, message: string) =>
      m.client.trpc.capsules.upload.start.mutate({
        capsuleId: m.capsuleId,
        fileName: 'video.mp4',
        fileSize: file.bytes.length,
        contentType: file.contentType,
        durationSeconds: 2,
        notify: { enabled: true, timing: 'on_lock', message },
      });

    async function accepted(m: Member, message: string) {
      const slot = await startWith(m, video, message);
      await sendFile(slot, video.bytes);
      await m.client.trpc.capsules.upload.complete.mutate({
        capsuleId: m.capsuleId,
        uploadId: slot.uploadId,
      });
      expect((await reviewed(t, m.client, m.capsuleId)).status).toBe('Sent');
      return slot.uploadId;
    }

    async function expectMailCarriesOnly(m: Member, acceptedUploadId: string) {
      expect((await capsuleRow(t, m.capsuleId)).videoUploadId).toBe(acceptedUploadId);
      await lockAndDeliver(m);
      const mail = await theDeliveryMail();
      expectSaid(mail, `${m.user.fullName} wrote:`);
      expectSaid(mail, 'B: the one I meant to send.');
      expect(mail.text).not.toContain('A: the first try');
      expect(mail.html).not.toContain('A: the first try');
      await t.until(async () => (await mailRows(t, m.capsuleId))[0]?.status === 'sent', 'the mail recorded');
    }

    it('a first upload refused by the review (message A), a second accepted (message B): B only', async () => {
      await t.createUser({ email: RECIPIENT_EMAIL });
      const m = await memberWithCapsule(t);
      const refused = await startWith(m, soundOnly, 'A: the first try, with the wrong file.');
      await sendFile(refused, soundOnly.bytes);
      await m.client.trpc.capsules.upload.complete.mutate({
        capsuleId: m.capsuleId,
        uploadId: refused.uploadId,
      });
      expect((await reviewed(t, m.client, m.capsuleId)).status).toBe('Needs_Review');
      await expectMailCarriesOnly(m, await accepted(m, 'B: the one I meant to send.'));
    });

    it('a first upload cancelled half-way (message A), a second accepted (message B): B only', async () => {
      await t.createUser({ email: RECIPIENT_EMAIL });
      const m = await memberWithCapsule(t);
      const cancelled = await startWith(m, video, 'A: the first try, cancelled.');
      await stageBlocks(cancelled.sasUrl, video.bytes, cancelled.blockSize);
      await m.client.trpc.capsules.upload.cancel.mutate({
        capsuleId: m.capsuleId,
        uploadId: cancelled.uploadId,
      });
      await expectMailCarriesOnly(m, await accepted(m, 'B: the one I meant to send.'));
    });

    it('an upload started with message A, interrupted, resumed with B: the dialog shows A, the mail says B', async () => {
      await t.createUser({ email: RECIPIENT_EMAIL });
      const m = await memberWithCapsule(t);
      const first = await startWith(m, video, 'A: the first try, before the connection went.');
      await stageBlocks(first.sasUrl, video.bytes, first.blockSize);
      // The dialog, opened again, offers the resume with what was kept.
      const open = await m.client.trpc.capsules.upload.open.query({ capsuleId: m.capsuleId });
      expect(open?.notify).toMatchObject({
        enabled: true,
        timing: 'on_lock',
        message: 'A: the first try, before the connection went.',
      });
      const resumed = await m.client.trpc.capsules.upload.start.mutate({
        capsuleId: m.capsuleId,
        fileName: 'video.mp4',
        fileSize: video.bytes.length,
        contentType: video.contentType,
        durationSeconds: 2,
        notify: { enabled: true, timing: 'on_lock', message: 'B: the one I meant to send.' },
        resume: true,
      });
      expect([resumed.uploadId, resumed.resumed]).toEqual([first.uploadId, true]);
      await sendFile(resumed, video.bytes);
      await m.client.trpc.capsules.upload.complete.mutate({
        capsuleId: m.capsuleId,
        uploadId: first.uploadId,
      });
      expect((await reviewed(t, m.client, m.capsuleId)).status).toBe('Sent');
      await expectMailCarriesOnly(m, first.uploadId);
    });

    it('the accepted upload (message B), then a replacement cancelled (message A): B, not the newest', async () => {
      await t.createUser({ email: RECIPIENT_EMAIL });
      const m = await memberWithCapsule(t);
      const kept = await accepted(m, 'B: the one I meant to send.');
      const replacement = await startWith(m, video, 'A: the first try at a replacement.');
      await stageBlocks(replacement.sasUrl, video.bytes, replacement.blockSize);
      const reverted = await m.client.trpc.capsules.upload.cancel.mutate({
        capsuleId: m.capsuleId,
        uploadId: replacement.uploadId,
      });
      expect(reverted.status).toBe('Sent');
      await expectMailCarriesOnly(m, kept);
    });
  });
});
