import { CAPSULE_REFUSALS } from '@capsule/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reviewUpload } from '../../src/modules/capsules/index.js';
import { MediaError } from '../../src/modules/media/index.js';
import { signIn, trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { arrangeCapsule, daysAgo } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestVideo, type TestFile } from '../support/test-videos.js';
import {
  type Member,
  mailAbout,
  memberWithCapsule,
  sendFile,
  stageBlocks,
  startFor,
  uploadAndReview,
} from '../support/uploads.js';

// The jobs around an upload, moved by the test clock (the handlers decide by deps.clock; the
// test runs a job itself where pg-boss would wait for its startAfter or its cron): an abandoned
// slot reverts, the 10-day auto-lock, the 30-day purge with Recover before it, and Delete Video
// removing the blobs.

describe.each(databaseKinds())('upload jobs and sweeps (%s)', (kind) => {
  let t: TestApp;
  let mp4: TestFile;
  let m: Member;

  beforeAll(async () => {
    [t, mp4] = await Promise.all([startTestApp(kind), makeTestVideo({ seconds: 2, format: 'mp4' })]);
  }, 90_000);
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    m = await memberWithCapsule(t);
  });

  const capsule = () => m.client.trpc.capsules.byId.query({ id: m.capsuleId });
  /** Moves the clock; the session has expired meanwhile (30 minutes idle), so sign in again. */
  async function later(minutes: number, member = m) {
    t.clock.advanceMinutes(minutes);
    member.client = await signIn(t, member.user);
  }
  const capsuleRow = () =>
    t.deps.db.selectFrom('capsules').selectAll().where('id', '=', m.capsuleId).executeTakeFirstOrThrow();
  const uploadRow = (id: string) =>
    t.deps.db.selectFrom('videoUploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const blobExists = async (container: string, blob: string | null) =>
    blob !== null && (await t.deps.storage.blobProperties({ container, blob })).exists;

  it('an upload never completed reverts after its deadline, the earlier video untouched', async () => {
    const first = await uploadAndReview(t, m, mp4);
    const before = await capsuleRow();
    const slot = await startFor(m.client, m.capsuleId, mp4);
    await stageBlocks(slot.sasUrl, mp4.bytes, 16 * 1024);
    expect((await capsule()).status).toBe('Upload_In_Progress');

    // Early (the job of a renewed slot, say): nothing happens, it waits again.
    await later(45);
    await t.runJob('upload.expire', { capsuleId: m.capsuleId, uploadId: slot.uploadId });
    expect((await uploadRow(slot.uploadId)).state).toBe('open');

    await later(16); // 61 minutes: the 30-minute SAS and the 30-minute grace are over
    await t.runJob('upload.expire', { capsuleId: m.capsuleId, uploadId: slot.uploadId });
    const after = await capsuleRow();
    expect(after).toMatchObject({
      status: 'Sent',
      videoUploadId: first.uploadId,
      videoBlobName: before.videoBlobName,
      uploadDate: before.uploadDate,
    });
    expect(await uploadRow(slot.uploadId)).toMatchObject({ state: 'expired' });
    expect(await blobExists(`user-${m.user.id}`, before.videoBlobName)).toBe(true);
    const late = await trpcError(
      m.client.trpc.capsules.upload.complete.mutate({ capsuleId: m.capsuleId, uploadId: slot.uploadId }),
    );
    expect([late.data?.httpStatus, late.message]).toEqual([
      409,
      'This upload has expired. Please upload the video again.',
    ]);
    // Run again: nothing more to do.
    await t.runJob('upload.expire', { capsuleId: m.capsuleId, uploadId: slot.uploadId });
    expect((await capsuleRow()).status).toBe('Sent');
  });

  it('a renewed upload lives on past its first deadline', async () => {
    const slot = await startFor(m.client, m.capsuleId, mp4);
    await later(40);
    await m.client.trpc.capsules.upload.renew.mutate({ capsuleId: m.capsuleId, uploadId: slot.uploadId });
    await later(40);
    await t.runJob('upload.expire', { capsuleId: m.capsuleId, uploadId: slot.uploadId });
    expect((await uploadRow(slot.uploadId)).state).toBe('open');
    await later(21);
    await t.runJob('upload.expire', { capsuleId: m.capsuleId, uploadId: slot.uploadId });
    expect((await uploadRow(slot.uploadId)).state).toBe('expired');
    expect((await capsule()).status).toBe('Pending_Upload');
  });

  it('locks a stored capsule 10 days after its upload, as the manual lock does; not a refused video', async () => {
    await uploadAndReview(t, m, mp4);
    // Another member's refused video, uploaded long ago: left for a person to look at.
    const other = await memberWithCapsule(t);
    await arrangeCapsule(t, other.capsuleId, { status: 'Needs_Review', uploadDate: daysAgo(t, 20) });

    await later(10 * 24 * 60 - 1);
    await t.runJob('capsules.auto-lock', {});
    expect((await capsule()).locked).toBe(false);

    await later(2);
    await t.runJob('capsules.auto-lock', {});
    const locked = await capsule();
    expect(locked).toMatchObject({ locked: true, status: 'Sent' });
    expect(Math.abs((await capsuleRow()).lockedAt!.getTime() - t.clock.now().getTime())).toBeLessThan(10_000);
    const others = await t.deps.db
      .selectFrom('capsules')
      .select('lockedAt')
      .where('id', '=', other.capsuleId)
      .executeTakeFirstOrThrow();
    expect(others.lockedAt).toBeNull();
    // Locked as by hand: no re-upload, no second lock.
    expect((await trpcError(startFor(m.client, m.capsuleId, mp4))).message).toBe(CAPSULE_REFUSALS.locked);
    expect((await trpcError(m.client.trpc.capsules.lock.mutate({ capsuleId: m.capsuleId }))).message).toBe(
      CAPSULE_REFUSALS.alreadyLocked,
    );
  });

  it('leaves a Milestone Date capsule without its date unlocked past its window, and locks it once dated', async () => {
    await uploadAndReview(t, m, mp4);
    const undated = await memberWithCapsule(t);
    await uploadAndReview(t, undated, mp4);
    await arrangeCapsule(t, undated.capsuleId, { deliveryDate: null });

    await later(11 * 24 * 60);
    await t.runJob('capsules.auto-lock', {});
    expect((await capsule()).locked).toBe(true);
    undated.client = await signIn(t, undated.user);
    expect(await undated.client.trpc.capsules.byId.query({ id: undated.capsuleId })).toMatchObject({
      locked: false,
      status: 'Sent',
    });
    // Its window has closed: the date is still welcome, and the next sweep seals the capsule.
    const dated = await undated.client.trpc.capsules.setInfo.mutate({
      capsuleId: undated.capsuleId,
      info: { deliveryDate: '2031-01-01', category: null, message: null },
    });
    expect(dated.locked).toBe(false);
    await t.runJob('capsules.auto-lock', {});
    expect(await undated.client.trpc.capsules.byId.query({ id: undated.capsuleId })).toMatchObject({
      locked: true,
      deliveryDate: '2031-01-01',
    });
  });

  it('purges a capsule 30 days after it was marked, blobs and video fields; Recover before that restores it', async () => {
    const { uploadId } = await uploadAndReview(t, m, mp4);
    const upload = await uploadRow(uploadId);
    const mark = () =>
      arrangeCapsule(t, m.capsuleId, {
        status: 'To_Delete',
        statusBeforeDelete: 'Sent',
        deleteRequestedAt: t.clock.now(),
      });
    await mark();
    await later(29 * 24 * 60);
    await t.runJob('capsules.purge', {});
    expect(await capsuleRow()).toMatchObject({
      status: 'To_Delete',
      videoBlobName: upload.storedBlobName,
      purgedAt: null,
    });
    expect(await m.client.trpc.capsules.recover.mutate({ capsuleId: m.capsuleId })).toMatchObject({
      status: 'Sent',
      hasVideo: true,
    });

    await mark();
    await later(30 * 24 * 60);
    await t.runJob('capsules.purge', {});
    const purged = await capsuleRow();
    expect(purged).toMatchObject({
      status: 'To_Delete',
      videoBlobName: null,
      videoThumbnailBlobName: null,
      videoUploadId: null,
      uploadDate: null,
      statusBeforeDelete: null,
    });
    expect(purged.purgedAt).not.toBeNull();
    await t.until(
      async () =>
        !(await blobExists(upload.blobContainer, upload.storedBlobName ?? '')) &&
        !(await blobExists(upload.blobContainer, upload.blobName)),
      'the purged video (its kept copy and the written blob) to be deleted',
    );
    expect(await blobExists(upload.blobContainer, upload.thumbnailBlobName)).toBe(false);
    const recover = await trpcError(m.client.trpc.capsules.recover.mutate({ capsuleId: m.capsuleId }));
    expect([recover.data?.httpStatus, recover.message]).toEqual([409, CAPSULE_REFUSALS.cannotRecover]);
    // A second run finds nothing to do.
    await t.runJob('capsules.purge', {});
  });

  it('a review that keeps failing on our side ends in Needs_Review after its last try, never stuck in Reviewing', async () => {
    const real = t.deps.media;
    // ffprobe timing out every time (storage away, an overloaded machine): a retry, not a verdict.
    t.deps.media = {
      ...real,
      probeVideo: async () => {
        throw new MediaError('timeout', 'ffprobe ran past its time limit');
      },
    };
    try {
      const slot = await startFor(m.client, m.capsuleId, mp4);
      await sendFile(slot, mp4.bytes);
      await m.client.trpc.capsules.upload.complete.mutate({
        capsuleId: m.capsuleId,
        uploadId: slot.uploadId,
      });
      const job = { capsuleId: m.capsuleId, uploadId: slot.uploadId };
      await expect(reviewUpload(t.deps, job)).rejects.toThrow(/time limit/);
      expect((await capsule()).status).toBe('Reviewing');
      await reviewUpload(t.deps, job, { lastTry: true });
      expect(await capsule()).toMatchObject({
        status: 'Needs_Review',
        reviewReason:
          'The video could not be checked because of a problem on our side. We will look at it; you may also upload it again.',
      });
      await mailAbout(t, m.user.email, /needs your attention/);
    } finally {
      t.deps.media = real;
    }
  });

  it('Delete Video removes the blobs and sends the capsule back to Pending_Upload', async () => {
    const { uploadId } = await uploadAndReview(t, m, mp4);
    const upload = await uploadRow(uploadId);
    const deleted = await m.client.rest('DELETE', `/api/capsules/${m.capsuleId}/video`);
    expect(deleted.body).toMatchObject({
      x_status: 'Pending_Upload',
      x_has_video: false,
      videoThumbnailUrl: null,
    });
    await t.until(
      async () => !(await blobExists(upload.blobContainer, upload.blobName)),
      'the video to be deleted',
    );
    expect(await blobExists(upload.blobContainer, upload.thumbnailBlobName)).toBe(false);
    // Recorded as gone for good once its upload SAS has expired (a later run of the cleanup).
    t.clock.advanceMinutes(40);
    await t.runJob('capsule.blobs.cleanup', { capsuleId: m.capsuleId });
    expect((await uploadRow(uploadId)).blobDeletedAt).not.toBeNull();
  });
});
