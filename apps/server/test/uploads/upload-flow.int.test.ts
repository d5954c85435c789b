import { UPLOAD_BLOCK_SIZE } from '@capsule/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userContainerName } from '../../src/modules/storage/index.js';
import { databaseKinds } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestVideo, type TestFile } from '../support/test-videos.js';
import {
  blockId,
  type Member,
  mailAbout,
  memberWithCapsule,
  reviewed,
  sendFile,
  stageBlocks,
  startFor,
} from '../support/uploads.js';

// The whole upload path on each database, against a real Azurite: a slot, blocks
// staged from Node with the SDK through the SAS (the browser's part), the commit, completion
// checked against storage, the review job (ffprobe, ffmpeg), a stored capsule with its
// thumbnail, resuming, renewing, and a re-upload that replaces the old blob only once the new
// one has passed.

/** Small blocks, so a test video of some kilobytes is several blocks, as a real one is. */
const SMALL_BLOCK = 16 * 1024;

describe.each(databaseKinds())('video upload (%s)', (kind) => {
  let t: TestApp;
  let mp4: TestFile;
  let other: TestFile;
  let m: Member;

  beforeAll(async () => {
    [t, mp4, other] = await Promise.all([
      startTestApp(kind),
      makeTestVideo({ seconds: 3, format: 'mp4' }),
      makeTestVideo({ seconds: 2, format: 'webm' }),
    ]);
  }, 90_000);
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    m = await memberWithCapsule(t);
  });

  const blobExists = async (container: string, blob: string) =>
    (await t.deps.storage.blobProperties({ container, blob })).exists;
  const uploadRow = (id: string) =>
    t.deps.db.selectFrom('videoUploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('slot, blocks straight to storage, completion, review: Stored with a thumbnail, and a mail', async () => {
    const slot = await startFor(m.client, m.capsuleId, mp4);
    expect(slot).toMatchObject({ blockSize: UPLOAD_BLOCK_SIZE, stagedBlocks: [], resumed: false });
    const sas = new URL(slot.sasUrl);
    expect(sas.searchParams.get('sp')).toBe('cw');
    expect(decodeURIComponent(sas.pathname)).toContain(
      `/${userContainerName(m.user.id)}/${m.user.id}/capsules/${m.capsuleId}/${slot.uploadId}/video`,
    );
    expect((await m.client.trpc.capsules.byId.query({ id: m.capsuleId })).status).toBe('Upload_In_Progress');

    await sendFile(slot, mp4.bytes, SMALL_BLOCK);
    const completed = await m.client.trpc.capsules.upload.complete.mutate({
      capsuleId: m.capsuleId,
      uploadId: slot.uploadId,
    });
    expect(completed).toMatchObject({ status: 'Reviewing', hasVideo: false, videoThumbnailUrl: null });
    expect(Date.parse(completed.uploadDate ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const stored = await reviewed(t, m.client, m.capsuleId);
    expect(stored).toMatchObject({ status: 'Sent', hasVideo: true, videoUrl: null, reviewReason: null });
    // The thumbnail: a short read SAS the browser loads as it is.
    const thumbnail = await fetch(stored.videoThumbnailUrl ?? '');
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    expect((await thumbnail.arrayBuffer()).byteLength).toBeGreaterThan(500);
    const row = await uploadRow(slot.uploadId);
    expect(row).toMatchObject({ state: 'accepted', videoContainer: 'mp4', notifyTiming: 'on_lock' });
    expect(Number(row.blobSize)).toBe(mp4.bytes.length);
    expect(row.probedDurationSeconds).toBeCloseTo(3, 0);

    const mail = await mailAbout(t, m.user.email, /stored/);
    expect(mail.text).toContain('Legacy Capsule #1 for Alan Turing');
    expect(mail.html).toContain('<strong>Legacy Capsule #1 for Alan Turing</strong>');
    // The REST view says the same.
    const view = await m.client.rest('GET', `/api/capsules/${m.capsuleId}`);
    expect(view.body).toMatchObject({
      x_status: 'Sent',
      x_has_video: true,
      x_review_reason: null,
      videoUrl: null,
    });
  });

  it("lets the page reach the emulator (development's plain http) in its Content-Security-Policy", async () => {
    const policy = (await fetch(`${t.baseUrl}/healthz`)).headers.get('content-security-policy') ?? '';
    const storage = new URL(t.deps.storage.endpoint).origin;
    for (const directive of ['connect-src', 'img-src', 'media-src']) {
      const sources = policy
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .find(([name]) => name === directive);
      expect(sources, directive).toContain(storage);
    }
  });

  it('resumes after a cut: the same upload, a fresh SAS, the blocks storage holds; only the rest is sent', async () => {
    const slot = await startFor(m.client, m.capsuleId, mp4);
    const count = Math.ceil(mp4.bytes.length / SMALL_BLOCK);
    expect(count).toBeGreaterThan(3);
    const missing = new Set([1, count - 1]);
    await stageBlocks(slot.sasUrl, mp4.bytes, SMALL_BLOCK, missing);

    const open = await m.client.trpc.capsules.upload.open.query({ capsuleId: m.capsuleId });
    const sentBytes = mp4.bytes.length - SMALL_BLOCK - (mp4.bytes.length - (count - 1) * SMALL_BLOCK);
    expect(open).toEqual({
      uploadId: slot.uploadId,
      fileName: 'video.mp4',
      fileSize: mp4.bytes.length,
      stagedBytes: sentBytes,
      // What the dialog shows again before a resume: the notification it was started with.
      notify: { enabled: true, timing: 'on_lock', customDate: null, timezone: null, message: null },
    });

    // Without asking to resume, a second start is refused (another tab); asking, it is the same upload.
    const refused = await startFor(m.client, m.capsuleId, mp4).catch((e: Error) => e);
    expect(String(refused)).toMatch(/already in progress/);
    const resumed = await startFor(m.client, m.capsuleId, mp4, true);
    expect(resumed).toMatchObject({ uploadId: slot.uploadId, resumed: true });
    expect(resumed.sasUrl).not.toBe('');
    expect(resumed.stagedBlocks.map((b) => b.name).sort()).toEqual(
      Array.from({ length: count }, (_, i) => i)
        .filter((i) => !missing.has(i))
        .map(blockId)
        .sort(),
    );
    // A different file is not this upload.
    const otherFile = await startFor(m.client, m.capsuleId, { ...mp4, name: 'other.mp4' }, true).catch(
      (e: Error) => e,
    );
    expect(String(otherFile)).toMatch(/already in progress/);

    const staged = new Set(resumed.stagedBlocks.map((b) => b.name));
    const rest = new Set(Array.from({ length: count }, (_, i) => i).filter((i) => staged.has(blockId(i))));
    const { uploader } = await stageBlocks(resumed.sasUrl, mp4.bytes, SMALL_BLOCK, rest);
    await uploader.commitBlockList(Array.from({ length: count }, (_, i) => blockId(i)));
    await m.client.trpc.capsules.upload.complete.mutate({ capsuleId: m.capsuleId, uploadId: slot.uploadId });
    expect((await reviewed(t, m.client, m.capsuleId)).status).toBe('Sent');
    expect(await m.client.trpc.capsules.upload.open.query({ capsuleId: m.capsuleId })).toBeNull();
  });

  it('renews the SAS of an open upload and moves its deadline; staged blocks stay', async () => {
    const slot = await startFor(m.client, m.capsuleId, mp4);
    await stageBlocks(slot.sasUrl, mp4.bytes.subarray(0, SMALL_BLOCK), SMALL_BLOCK);
    const before = await uploadRow(slot.uploadId);
    t.clock.advanceMinutes(20);
    const renewed = await m.client.trpc.capsules.upload.renew.mutate({
      capsuleId: m.capsuleId,
      uploadId: slot.uploadId,
    });
    expect(Date.parse(renewed.expiresOn)).toBeGreaterThan(Date.parse(slot.expiresOn) + 19 * 60_000);
    const after = await uploadRow(slot.uploadId);
    // Renewed 20 minutes (of the test clock) later: the deadline moved as much, give or take the test's own time.
    expect(Math.abs(after.expiresAt.getTime() - before.expiresAt.getTime() - 20 * 60_000)).toBeLessThan(
      10_000,
    );
    t.clock.reset();
    const open = await m.client.trpc.capsules.upload.open.query({ capsuleId: m.capsuleId });
    expect(open?.stagedBytes).toBe(SMALL_BLOCK);
  });

  it('re-upload within 10 days: the old video stays until the new one passes review, then its blobs go', async () => {
    const first = await startFor(m.client, m.capsuleId, mp4);
    await sendFile(first, mp4.bytes);
    await m.client.trpc.capsules.upload.complete.mutate({ capsuleId: m.capsuleId, uploadId: first.uploadId });
    const stored = await reviewed(t, m.client, m.capsuleId);
    expect(stored.status).toBe('Sent');
    const firstRow = await uploadRow(first.uploadId);
    const container = userContainerName(m.user.id);
    expect(await blobExists(container, firstRow.blobName)).toBe(true);
    await mailAbout(t, m.user.email, /stored/);
    t.mail.clear();

    const second = await startFor(m.client, m.capsuleId, { ...other, name: 'take two.webm' });
    let capsule = await m.client.trpc.capsules.byId.query({ id: m.capsuleId });
    expect(capsule).toMatchObject({ status: 'Upload_In_Progress', hasVideo: true });
    await sendFile(second, other.bytes);
    capsule = await m.client.trpc.capsules.upload.complete.mutate({
      capsuleId: m.capsuleId,
      uploadId: second.uploadId,
    });
    expect(capsule).toMatchObject({ status: 'Reviewing', hasVideo: true });
    // Until the review passes, the first video is the capsule's, untouched.
    const during = await t.deps.db
      .selectFrom('capsules')
      .select(['videoBlobName', 'videoUploadId'])
      .where('id', '=', m.capsuleId)
      .executeTakeFirstOrThrow();
    // The video served is the kept copy made at completion, not the blob the SAS could write.
    expect(during).toEqual({ videoBlobName: `${firstRow.blobName}.kept`, videoUploadId: first.uploadId });
    expect(await blobExists(container, `${firstRow.blobName}.kept`)).toBe(true);

    capsule = await reviewed(t, m.client, m.capsuleId);
    expect(capsule).toMatchObject({ status: 'Sent', hasVideo: true });
    const secondRow = await uploadRow(second.uploadId);
    const after = await t.deps.db
      .selectFrom('capsules')
      .select(['videoBlobName', 'videoUploadId'])
      .where('id', '=', m.capsuleId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ videoBlobName: secondRow.storedBlobName, videoUploadId: second.uploadId });
    expect(secondRow.videoContainer).toBe('webm');
    // The replaced video and its thumbnail are deleted by the cleanup job.
    await t.until(
      async () =>
        !(await blobExists(container, `${firstRow.blobName}.kept`)) &&
        !(await blobExists(container, firstRow.blobName)),
      'the old video (its kept copy and the written blob) to be deleted',
    );
    expect(await blobExists(container, firstRow.thumbnailBlobName ?? '')).toBe(false);
    expect(await blobExists(container, secondRow.storedBlobName ?? '')).toBe(true);
    expect(await blobExists(container, secondRow.thumbnailBlobName ?? '')).toBe(true);
    await mailAbout(t, m.user.email, /stored/);
  });
});
