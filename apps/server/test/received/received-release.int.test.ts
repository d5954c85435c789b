import { createHash } from 'node:crypto';
import { RELEASE_TEXTS } from '@capsule/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signIn, type TestClient, trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { addContact, purchase } from '../support/factories.js';
import {
  arrangeDocumentStatus,
  moveClockTo,
  nextUtcMidnight,
  type Person,
  receivedCapsule,
  receivedRow,
  VIDEO_BYTES,
} from '../support/received.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestVideo, type TestFile } from '../support/test-videos.js';
import { reviewed, sendFile } from '../support/uploads.js';

// Release, enforced by the server: a capsule goes from a sender's upload through the
// lock and the delivery job to its recipient, who sees it, opens it and plays it; and the release
// rule at each criterion, moved across its edge with the test clock, on tRPC and REST alike.

describe.each(databaseKinds())(
  'received capsules: delivery to playback, and the release rule (%s)',
  (kind) => {
    let t: TestApp;
    let video: TestFile;

    beforeAll(async () => {
      [t, video] = await Promise.all([startTestApp(kind), makeTestVideo({ seconds: 2, format: 'mp4' })]);
    }, 120_000);
    afterAll(async () => t?.close());
    beforeEach(async () => t.reset());

    it('a locked capsule is delivered by the job; the recipient lists it, opens it once, plays it', async () => {
      const sender = await t.createUser({ fullName: 'Sam Sender' });
      const senderClient = await signIn(t, sender);
      await purchase(t, sender.email, '3 Journey Capsules');
      const contact = await addContact(senderClient, 'Rita');
      const [capsuleId] = (
        await senderClient.trpc.capsules.list.query({ status: null, types: [], page: 1, sort: 'oldest' })
      ).capsules.map((c) => c.id);
      if (!capsuleId) throw new Error('no capsule');
      await senderClient.trpc.capsules.assignRecipient.mutate({
        capsuleId,
        contactId: contact.id,
        info: { category: 'Graduation', message: 'Proud of you' },
      });
      const slot = await senderClient.trpc.capsules.upload.start.mutate({
        capsuleId,
        fileName: 'speech.mp4',
        fileSize: video.bytes.length,
        contentType: video.contentType,
        durationSeconds: 2,
        notify: { enabled: true, timing: 'on_lock' },
      });
      await sendFile(slot, video.bytes);
      await senderClient.trpc.capsules.upload.complete.mutate({ capsuleId, uploadId: slot.uploadId });
      expect((await reviewed(t, senderClient, capsuleId)).status).toBe('Sent');
      // The recipient's account, in another case than the contact's address.
      const recipient = await t.createUser({ email: 'RITA@example.test', fullName: 'Rita Turing' });
      const client = await signIn(t, { ...recipient, email: 'rita@example.test' });
      expect((await client.trpc.receivedCapsules.list.query({})).total).toBe(0);

      await senderClient.trpc.capsules.lock.mutate({ capsuleId });
      await t.runJob('capsules.deliver', {});

      const page = await client.trpc.receivedCapsules.list.query({});
      expect(page.counts).toEqual({ total: 1, viewAnyTime: 1, milestoneDate: 0, documentValidation: 0 });
      expect(page.total).toBe(1);
      const [item] = page.items;
      expect(item).toMatchObject({
        id: capsuleId,
        category: 'Graduation',
        criteria: 'View_Any_Time',
        message: 'Proud of you',
        hasVideo: true,
        canView: true,
        lockedReason: null,
        canSubmitDocuments: false,
        openedAt: null,
        playedAt: null,
        sender: { id: sender.id, name: 'Sam Sender', email: sender.email },
      });
      const thumbnail = await fetch(item?.thumbnailUrl ?? '');
      expect([thumbnail.status, thumbnail.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
      expect((await client.trpc.capsules.counts.query()).received).toBe(1);

      // Looking at the details opens nothing: a sealed capsule has details too.
      expect((await client.trpc.receivedCapsules.byId.query({ id: capsuleId })).openedAt).toBeNull();
      const openedFrom = t.clock.now().getTime();
      const grant = await client.trpc.receivedCapsules.secureUrl.mutate({ id: capsuleId });
      const minutesLeft = (Date.parse(grant.expiresAt) - t.clock.now().getTime()) / 60_000;
      const opened = await client.trpc.receivedCapsules.byId.query({ id: capsuleId });
      const openedAt = Date.parse(opened.openedAt ?? '');
      expect(openedAt).toBeGreaterThanOrEqual(openedFrom);
      expect(openedAt).toBeLessThanOrEqual(t.clock.now().getTime());
      // (Storage checks the SAS below against its real clock: the test clock moves little here.)
      t.clock.advanceMinutes(2);
      await client.trpc.receivedCapsules.secureUrl.mutate({ id: capsuleId });
      expect((await client.trpc.receivedCapsules.byId.query({ id: capsuleId })).openedAt).toBe(
        opened.openedAt,
      );
      // A 3-minute capsule: its length plus 10 minutes.
      expect(minutesLeft).toBeGreaterThan(12.5);
      expect(minutesLeft).toBeLessThanOrEqual(13);
      const played = await fetch(grant.url);
      expect(played.status).toBe(200);
      expect(played.headers.get('content-disposition')).toMatch(/^inline/);
      expect(played.headers.get('content-type')).toBe('video/mp4');
      // It plays the playback rendition made at review, byte for byte as hashed then.
      const servedHash = createHash('sha256')
        .update(Buffer.from(await played.arrayBuffer()))
        .digest('hex');
      const stored = await t.deps.db
        .selectFrom('capsules')
        .select(['videoRenditionSha256', 'videoSha256'])
        .where('id', '=', capsuleId)
        .executeTakeFirstOrThrow();
      expect(servedHash).toBe(stored.videoRenditionSha256);
      expect(servedHash).not.toBe(stored.videoSha256);

      const first = await client.trpc.receivedCapsules.played.mutate({ id: capsuleId });
      t.clock.advanceMinutes(1);
      expect(await client.trpc.receivedCapsules.played.mutate({ id: capsuleId })).toEqual(first);
      expect((await receivedRow(t, capsuleId)).playedAt?.toISOString()).toBe(first.playedAt);
    }, 120_000);

    describe('the release rule with the test clock', () => {
      let sender: Person;
      let recipient: Person;
      let client: TestClient;
      beforeEach(async () => {
        sender = await t.createUser();
        recipient = await t.createUser();
        client = await signIn(t, recipient);
      });

      const refusal = async (id: string) => {
        const error = await trpcError(client.trpc.receivedCapsules.secureUrl.mutate({ id }));
        return [error.data?.httpStatus, error.message];
      };
      const releasableIds = async () =>
        (await client.trpc.receivedCapsules.list.query({ sort: 'releasable' })).items.map((i) => i.id);

      it('Milestone_Date: closed a minute before its day begins (UTC), open from then on', async () => {
        const midnight = nextUtcMidnight(t);
        const id = await receivedCapsule(t, sender, recipient, {
          criteria: 'Milestone_Date',
          deliveryDate: midnight.date,
        });
        moveClockTo(t, new Date(midnight.at.getTime() - 60_000));
        // Sessions end after 12 hours (and 30 idle minutes) of the same clock: a new sign-in.
        client = await signIn(t, recipient);
        const opens = RELEASE_TEXTS.opensOn(midnight.date);
        expect(await refusal(id)).toEqual([403, opens]);
        const rest = await client.rest('POST', '/api/get-secure-url', { id });
        expect(rest).toMatchObject({ status: 403, body: { error: opens } });
        const before = await client.trpc.receivedCapsules.byId.query({ id });
        expect(before).toMatchObject({
          canView: false,
          lockedReason: opens,
          opensAt: midnight.at.toISOString(),
        });
        expect(await releasableIds()).toEqual([]);

        t.clock.advanceMinutes(1);
        // Storage checks a SAS against its own (real) clock, so a URL signed a day ahead is not
        // fetched here; the View_Any_Time case below plays one.
        const grant = await client.trpc.receivedCapsules.secureUrl.mutate({ id });
        expect(grant.url).toContain('sp=r');
        expect(Date.parse(grant.expiresAt)).toBeGreaterThan(t.clock.now().getTime());
        const rest2 = await client.rest<{ url: string }>('POST', '/api/get-secure-url', { id });
        expect(rest2.status).toBe(200);
        expect(rest2.body.url).toContain('sp=r');
        expect((await client.trpc.receivedCapsules.byId.query({ id })).canView).toBe(true);
        expect(await releasableIds()).toEqual([id]);
      });

      it('Milestone_Date without a date, or with its day come but no stored video, stays closed', async () => {
        const noDate = await receivedCapsule(t, sender, recipient, { criteria: 'Milestone_Date' });
        const noVideo = await receivedCapsule(t, sender, recipient, {
          criteria: 'Milestone_Date',
          deliveryDate: '2020-01-01',
          withVideo: false,
        });
        expect(await refusal(noDate)).toEqual([403, RELEASE_TEXTS.noMilestoneDate]);
        expect(await refusal(noVideo)).toEqual([403, RELEASE_TEXTS.noVideo]);
        expect(await releasableIds()).toEqual([]);
      });

      it('View_Any_Time: open as soon as it is delivered', async () => {
        const id = await receivedCapsule(t, sender, recipient, { criteria: 'View_Any_Time' });
        const grant = await client.trpc.receivedCapsules.secureUrl.mutate({ id });
        expect(Buffer.from(await (await fetch(grant.url)).arrayBuffer()).equals(VIDEO_BYTES)).toBe(true);
        expect(await releasableIds()).toEqual([id]);
      });

      it.each(['Document_Validation', 'Premium_Verification'] as const)(
        '%s: closed until the document is Verified, each state saying why',
        async (criteria) => {
          const id = await receivedCapsule(t, sender, recipient, { criteria });
          expect(await refusal(id)).toEqual([403, RELEASE_TEXTS.needsDocument]);
          await arrangeDocumentStatus(t, id, 'Submitted');
          expect(await refusal(id)).toEqual([403, RELEASE_TEXTS.documentInReview]);
          await arrangeDocumentStatus(t, id, 'Rejected');
          expect(await refusal(id)).toEqual([403, RELEASE_TEXTS.documentRejected]);
          expect(await releasableIds()).toEqual([]);
          // A year later changes nothing: only the document opens it.
          t.clock.advanceDays(365);
          client = await signIn(t, recipient);
          expect(await refusal(id)).toEqual([403, RELEASE_TEXTS.documentRejected]);
          await arrangeDocumentStatus(t, id, 'Verified');
          expect((await client.trpc.receivedCapsules.secureUrl.mutate({ id })).url).toContain('sp=r');
          expect(await releasableIds()).toEqual([id]);
          // Once open, the first play is recorded.
          expect((await client.trpc.receivedCapsules.played.mutate({ id })).playedAt).toBeTruthy();
        },
      );

      it('played is refused while the capsule is closed, and records nothing', async () => {
        const id = await receivedCapsule(t, sender, recipient, { criteria: 'Premium_Verification' });
        const error = await trpcError(client.trpc.receivedCapsules.played.mutate({ id }));
        expect([error.data?.httpStatus, error.message]).toEqual([403, RELEASE_TEXTS.needsDocument]);
        expect((await receivedRow(t, id)).playedAt).toBeNull();
      });
    });
  },
);
