import { BlockBlobClient } from '@azure/storage-blob';
import { CAPSULE_REFUSALS, MAX_VIDEO_BYTES } from '@capsule/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAGIC_BYTES, userContainerName } from '../../src/modules/storage/index.js';
import { signIn, trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { arrangeCapsule, daysAgo } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestVideo, type TestFile } from '../support/test-videos.js';
import {
  blockId,
  type Member,
  mailAbout,
  memberWithCapsule,
  reviewed,
  sendFile,
  startFor,
} from '../support/uploads.js';

// Bad input gets a clear error and changes nothing: another user's capsule, a wrong
// state, a completion with no blob, an empty blob, a 2.1 GB blob, a text file renamed .mp4, a
// video longer than the capsule takes, a completion sent twice, two tabs at once. Each ends in
// a defined state with a message, and no capsule stays Upload_In_Progress.

describe.each(databaseKinds())('upload refusals (%s)', (kind) => {
  let t: TestApp;
  let mp4: TestFile;
  let long: TestFile;
  let audio: TestFile;
  let m: Member;

  beforeAll(async () => {
    [t, mp4, long, audio] = await Promise.all([
      startTestApp(kind),
      makeTestVideo({ seconds: 2, format: 'mp4' }),
      makeTestVideo({ seconds: 65, format: 'mp4', width: 64, height: 48 }),
      makeTestVideo({ seconds: 2, format: 'mp4', audioOnly: true }),
    ]);
  }, 120_000);
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    m = await memberWithCapsule(t);
  });

  const capsule = () => m.client.trpc.capsules.byId.query({ id: m.capsuleId });
  const ref = (uploadId: string) => ({ capsuleId: m.capsuleId, uploadId });
  const uploadRow = (id: string) =>
    t.deps.db.selectFrom('videoUploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const blobGone = (blob: string) => async () =>
    !(await t.deps.storage.blobProperties({ container: userContainerName(m.user.id), blob })).exists;

  it("answers 404 for another user's capsule and upload, on every call, and changes nothing", async () => {
    const slot = await startFor(m.client, m.capsuleId, mp4);
    const stranger = await signIn(t, await t.createUser());
    const calls = [
      () => startFor(stranger, m.capsuleId, mp4),
      () => stranger.trpc.capsules.upload.open.query({ capsuleId: m.capsuleId }),
      () => stranger.trpc.capsules.upload.renew.mutate(ref(slot.uploadId)),
      () => stranger.trpc.capsules.upload.complete.mutate(ref(slot.uploadId)),
      () => stranger.trpc.capsules.upload.cancel.mutate(ref(slot.uploadId)),
      () => stranger.trpc.capsules.preview.mutate({ id: m.capsuleId }),
      () => startFor(stranger, 'not-a-uuid', mp4),
    ];
    for (const call of calls) expect((await trpcError(call())).data?.httpStatus).toBe(404);
    const rest = await stranger.rest('POST', '/api/notify-upload-complete', {
      data: { capsuleId: m.capsuleId },
      metadata: { capsuleId: m.capsuleId, uploadId: slot.uploadId },
    });
    expect(rest).toMatchObject({ status: 404, body: { error: 'Upload not found' } });
    expect((await uploadRow(slot.uploadId)).state).toBe('open');
    expect((await capsule()).status).toBe('Upload_In_Progress');
  });

  it('answers 409 with the reason for a capsule in the wrong state', async () => {
    const [withoutRecipient] = m.others;
    const refusal = async (capsuleId: string) => trpcError(startFor(m.client, capsuleId, mp4));
    let error = await refusal(withoutRecipient ?? '');
    expect([error.data?.httpStatus, error.message]).toEqual([409, CAPSULE_REFUSALS.needsRecipient]);

    await arrangeCapsule(t, m.capsuleId, {
      status: 'Sent',
      uploadDate: daysAgo(t, 2),
      lockedAt: daysAgo(t, 1),
    });
    error = await refusal(m.capsuleId);
    expect([error.data?.httpStatus, error.message]).toEqual([409, CAPSULE_REFUSALS.locked]);
    await arrangeCapsule(t, m.capsuleId, { lockedAt: null, uploadDate: daysAgo(t, 11) });
    expect((await refusal(m.capsuleId)).message).toBe(CAPSULE_REFUSALS.windowClosed);
    await arrangeCapsule(t, m.capsuleId, { status: 'Reviewing', uploadDate: daysAgo(t, 1) });
    expect((await refusal(m.capsuleId)).message).toBe(CAPSULE_REFUSALS.busy);
    await arrangeCapsule(t, m.capsuleId, { status: 'To_Delete', statusBeforeDelete: 'Sent' });
    expect((await refusal(m.capsuleId)).message).toBe(CAPSULE_REFUSALS.markedForDeletion);
    expect(await t.deps.db.selectFrom('videoUploads').selectAll().execute()).toEqual([]);
  });

  it("refuses the file the dialog would refuse, with the spec's texts, before any slot", async () => {
    const refusal = async (file: Partial<Parameters<typeof startFor>[2]> & { size?: number }) => {
      const error = await trpcError(
        m.client.trpc.capsules.upload.start.mutate({
          capsuleId: m.capsuleId,
          fileName: 'x.mp4',
          fileSize: file.size ?? 1000,
          contentType: file.contentType ?? 'video/mp4',
          durationSeconds: file.durationSeconds ?? 10,
          notify: { enabled: true, timing: 'on_lock' },
        }),
      );
      return [error.data?.httpStatus, error.message];
    };
    expect(await refusal({ contentType: 'text/plain' })).toEqual([
      400,
      'Invalid file type: Please select a video file (MP4 or MOV)',
    ]);
    expect(await refusal({ size: MAX_VIDEO_BYTES })).toEqual([
      400,
      'Video too large: Video must be under 2GB',
    ]);
    expect(await refusal({ durationSeconds: 301 })).toEqual([
      400,
      'Video too long: Please upload a video shorter than 5 minutes.',
    ]);
    const custom = await trpcError(
      m.client.trpc.capsules.upload.start.mutate({
        capsuleId: m.capsuleId,
        fileName: 'x.mp4',
        fileSize: 1000,
        contentType: 'video/mp4',
        durationSeconds: 10,
        notify: { enabled: true, timing: 'custom', customDate: '2020-01-01T10:00', timezone: 'Asia/Tokyo' },
      }),
    );
    expect(custom.message).toBe('The notification date must be in the future.');
    expect((await capsule()).status).toBe('Pending_Upload');
  });

  it('a completion before the blob is in storage is a 409 and leaves the upload open; cancel reverts', async () => {
    const slot = await startFor(m.client, m.capsuleId, mp4);
    await new BlockBlobClient(slot.sasUrl).stageBlock(blockId(0), mp4.bytes, mp4.bytes.length);
    const early = await trpcError(m.client.trpc.capsules.upload.complete.mutate(ref(slot.uploadId)));
    expect([early.data?.httpStatus, early.message]).toEqual([
      409,
      'The video has not reached storage yet: send all of it, then complete the upload.',
    ]);
    expect((await uploadRow(slot.uploadId)).state).toBe('open');
    // The commit still works after the early call (nothing sealed a name without a blob).
    await new BlockBlobClient(slot.sasUrl).commitBlockList([blockId(0)]);

    const cancelled = await m.client.trpc.capsules.upload.cancel.mutate(ref(slot.uploadId));
    expect(cancelled).toMatchObject({ status: 'Pending_Upload', uploadDate: null });
    expect(await m.client.trpc.capsules.upload.cancel.mutate(ref(slot.uploadId))).toMatchObject({
      status: 'Pending_Upload',
    });
    const late = await trpcError(m.client.trpc.capsules.upload.complete.mutate(ref(slot.uploadId)));
    expect([late.data?.httpStatus, late.message]).toEqual([409, 'This upload was cancelled.']);
    const renew = await trpcError(m.client.trpc.capsules.upload.renew.mutate(ref(slot.uploadId)));
    expect(renew.data?.httpStatus).toBe(409);
    await t.until(blobGone((await uploadRow(slot.uploadId)).blobName), 'the cancelled blob to be deleted');
    // And a new upload can start.
    expect((await startFor(m.client, m.capsuleId, mp4)).uploadId).not.toBe(slot.uploadId);
  });

  async function refusedCompletion(
    bytes: Buffer | null,
    commit: (slot: { sasUrl: string; uploadId: string }) => Promise<void>,
  ) {
    const slot = await startFor(m.client, m.capsuleId, {
      bytes: bytes ?? mp4.bytes,
      contentType: 'video/mp4',
    });
    await commit(slot);
    const error = await trpcError(m.client.trpc.capsules.upload.complete.mutate(ref(slot.uploadId)));
    expect((await capsule()).status).toBe('Pending_Upload');
    const row = await uploadRow(slot.uploadId);
    expect(row).toMatchObject({ state: 'rejected', reason: error.message });
    await t.until(blobGone(row.blobName), 'the refused blob to be deleted');
    return [error.data?.httpStatus, error.message];
  }

  it('refuses an empty blob: 400, the capsule reverts, the blob goes', async () => {
    const result = await refusedCompletion(null, async (slot) => {
      await new BlockBlobClient(slot.sasUrl).upload(Buffer.alloc(0), 0);
    });
    expect(result).toEqual([400, 'Invalid file: Blob is missing or empty.']);
  });

  it('refuses a text file renamed .mp4 by its first bytes, whatever the declared type', async () => {
    const text = Buffer.from('These are my notes for the wedding speech.\n'.repeat(20));
    const result = await refusedCompletion(text, async (slot) => {
      await new BlockBlobClient(slot.sasUrl).upload(text, text.length);
    });
    expect(result).toEqual([400, 'Invalid file type: Please select a video file (MP4 or MOV)']);
  });

  it('refuses a 2.1 GB blob by the size storage reports, not the size declared', async () => {
    // One 8 MiB block that starts like an MP4, listed 251 times: 2.1 GB in storage, 8 MiB sent.
    const block = Buffer.alloc(8 * 1024 * 1024);
    mp4.bytes.copy(block, 0, 0, MAGIC_BYTES);
    const result = await refusedCompletion(mp4.bytes, async (slot) => {
      const uploader = new BlockBlobClient(slot.sasUrl);
      await uploader.stageBlock(blockId(0), block, block.length);
      await uploader.commitBlockList(Array.from({ length: 251 }, () => blockId(0)));
      const row = await uploadRow(slot.uploadId);
      const stored = await t.deps.storage.blobProperties({
        container: row.blobContainer,
        blob: row.blobName,
      });
      expect(stored.exists && stored.size).toBeGreaterThan(2.1e9);
    });
    expect(result).toEqual([400, 'Video too large: Video must be under 2GB']);
  });

  it('sends a video longer than the capsule takes to Needs_Review with the reason, and mails the sender', async () => {
    await arrangeCapsule(t, m.capsuleId, { capsuleLength: '1_minutes' });
    // The browser said 50 s (a client can be wrong, or lie); the review reads the file itself.
    const slot = await startFor(m.client, m.capsuleId, { ...long, durationSeconds: 50 });
    await sendFile(slot, long.bytes);
    await m.client.trpc.capsules.upload.complete.mutate(ref(slot.uploadId));
    const result = await reviewed(t, m.client, m.capsuleId);
    const reason = 'Video too long: Please upload a video shorter than 1 minutes.';
    expect(result).toMatchObject({ status: 'Needs_Review', reviewReason: reason, hasVideo: false });
    expect(await uploadRow(slot.uploadId)).toMatchObject({ state: 'rejected', reason });
    const mail = await mailAbout(t, m.user.email, /needs your attention/);
    expect(mail.text).toContain(reason);
    expect(mail.html).toContain(reason);
    // A refused video may be replaced (its upload date opened the window).
    expect((await startFor(m.client, m.capsuleId, mp4)).resumed).toBe(false);
  });

  it('sends a file without a picture (a sound recording in an MP4) to Needs_Review', async () => {
    const slot = await startFor(m.client, m.capsuleId, audio);
    await sendFile(slot, audio.bytes);
    await m.client.trpc.capsules.upload.complete.mutate(ref(slot.uploadId));
    expect(await reviewed(t, m.client, m.capsuleId)).toMatchObject({
      status: 'Needs_Review',
      reviewReason: 'The file has no video picture (is it a sound recording?).',
    });
  });

  it('a completion sent twice: the second is a 409 and changes nothing; so are two at once', async () => {
    const slot = await startFor(m.client, m.capsuleId, mp4);
    await sendFile(slot, mp4.bytes);
    const both = await Promise.allSettled([
      m.client.trpc.capsules.upload.complete.mutate(ref(slot.uploadId)),
      m.client.trpc.capsules.upload.complete.mutate(ref(slot.uploadId)),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const loser = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(String(loser.reason)).toMatch(/already been completed/);
    const again = await trpcError(m.client.trpc.capsules.upload.complete.mutate(ref(slot.uploadId)));
    expect([again.data?.httpStatus, again.message]).toEqual([409, 'This upload has already been completed.']);
    expect((await reviewed(t, m.client, m.capsuleId)).status).toBe('Sent');
    const row = await uploadRow(slot.uploadId);
    expect(row.state).toBe('accepted');
    // One review was queued, one mail sent.
    const reviews = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
      where name = 'upload.review' and data->>'uploadId' = ${slot.uploadId}`.execute(t.deps.db);
    expect(reviews.rows[0]?.n).toBe(1);
    await mailAbout(t, m.user.email, /stored/);
    expect(t.mail.mailsTo(m.user.email).filter((mail) => /stored/.test(mail.subject))).toHaveLength(1);
  });

  it('two tabs starting at once: one slot, the other a 409; the capsule is never left behind', async () => {
    const [a, b] = await Promise.allSettled([
      startFor(m.client, m.capsuleId, mp4),
      startFor(m.client, m.capsuleId, { ...mp4, name: 'other.mp4' }),
    ]);
    const results = [a, b];
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(String((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason)).toMatch(
      /already in progress/,
    );
    expect(await t.deps.db.selectFrom('videoUploads').select('state').execute()).toEqual([{ state: 'open' }]);
    expect((await capsule()).status).toBe('Upload_In_Progress');
  });
});
