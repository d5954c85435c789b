import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestVideo, type TestFile } from '../support/test-videos.js';
import {
  blockId,
  type Member,
  memberWithCapsule,
  reviewed,
  stageBlocks,
  startFor,
} from '../support/uploads.js';

// Uploading a recording while it is recorded (docs/server-rules.md, 'Capsule lifecycle'): the
// slot opens when recording starts, without a size; the take's blocks reach storage as they are
// recorded; using the take is a start with resume and the take's size and length, which lists
// what storage holds so only the rest is sent. A retake, or a file chosen instead, ends the slot.

/** Small blocks, so the test take is several of them, as a real recording is. */
const BLOCK = 16 * 1024;

describe.each(databaseKinds())('uploading a recording while it is recorded (%s)', (kind) => {
  let t: TestApp;
  let take: TestFile;
  let file: TestFile;
  let m: Member;

  beforeAll(async () => {
    [t, take, file] = await Promise.all([
      startTestApp(kind),
      makeTestVideo({ seconds: 3, format: 'webm' }),
      makeTestVideo({ seconds: 2, format: 'mp4' }),
    ]);
  }, 90_000);
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    m = await memberWithCapsule(t);
  });

  const recording = { name: 'recording.webm' };
  const startRecording = () =>
    m.client.trpc.capsules.upload.startRecording.mutate({
      capsuleId: m.capsuleId,
      fileName: recording.name,
      contentType: 'video/webm',
    });
  const takeIsUsed = (durationSeconds = 3) =>
    startFor(m.client, m.capsuleId, { ...take, ...recording, durationSeconds }, true);
  const uploadRow = (id: string) =>
    t.deps.db.selectFrom('videoUploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const status = async () => (await m.client.trpc.capsules.byId.query({ id: m.capsuleId })).status;

  it('blocks staged while recording are kept; using the take sends only the rest and it is stored', async () => {
    const slot = await startRecording();
    expect(slot.resumed).toBe(false);
    expect(await status()).toBe('Upload_In_Progress');
    // Nothing to offer after a reload: the take lived in the page.
    expect(await m.client.trpc.capsules.upload.open.query({ capsuleId: m.capsuleId })).toBeNull();

    // While recording: the full blocks so far, not the last, still growing one.
    const count = Math.ceil(take.bytes.length / BLOCK);
    expect(count).toBeGreaterThan(2);
    const recordedSoFar = take.bytes.subarray(0, (count - 1) * BLOCK);
    await stageBlocks(slot.sasUrl, recordedSoFar, BLOCK);

    // The take is used: same slot, the blocks storage holds, the size and length now known.
    const used = await takeIsUsed();
    expect(used).toMatchObject({ uploadId: slot.uploadId, resumed: true });
    expect(used.stagedBlocks.map((b) => b.name).sort()).toEqual(
      Array.from({ length: count - 1 }, (_, i) => blockId(i)).sort(),
    );
    expect(await uploadRow(slot.uploadId)).toMatchObject({
      fileName: 'recording.webm',
      contentType: 'video/webm',
      declaredDurationSeconds: 3,
      notifyEnabled: true,
    });
    expect(Number((await uploadRow(slot.uploadId)).fileSize)).toBe(take.bytes.length);

    const onlyTheLast = new Set(Array.from({ length: count - 1 }, (_, i) => i));
    const { uploader } = await stageBlocks(used.sasUrl, take.bytes, BLOCK, onlyTheLast);
    await uploader.commitBlockList(Array.from({ length: count }, (_, i) => blockId(i)));
    await m.client.trpc.capsules.upload.complete.mutate({ capsuleId: m.capsuleId, uploadId: slot.uploadId });
    const stored = await reviewed(t, m.client, m.capsuleId);
    expect(stored).toMatchObject({ status: 'Sent', hasVideo: true });
    expect(Number((await uploadRow(slot.uploadId)).blobSize)).toBe(take.bytes.length);
  });

  it('a retake ends the first slot and opens another; the first take is never used', async () => {
    const first = await startRecording();
    await stageBlocks(first.sasUrl, take.bytes.subarray(0, BLOCK), BLOCK);
    const second = await startRecording();
    expect(second.uploadId).not.toBe(first.uploadId);
    expect(second.resumed).toBe(false);
    expect(await uploadRow(first.uploadId)).toMatchObject({ state: 'cancelled' });
    expect(await status()).toBe('Upload_In_Progress');
    // Using the second take finds none of the first take's blocks.
    expect((await takeIsUsed()).stagedBlocks).toEqual([]);
    // The first slot cannot be written to the server's record again.
    const late = await m.client.trpc.capsules.upload.complete
      .mutate({ capsuleId: m.capsuleId, uploadId: first.uploadId })
      .catch((e: Error) => e);
    expect(String(late)).toMatch(/cancelled/);
  });

  it('a file chosen instead of the take ends the recording slot, no 409', async () => {
    const recordingSlot = await startRecording();
    const chosen = await startFor(m.client, m.capsuleId, file);
    expect(chosen.uploadId).not.toBe(recordingSlot.uploadId);
    expect(await uploadRow(recordingSlot.uploadId)).toMatchObject({ state: 'cancelled' });
    // …while a file's open slot is still protected from a second tab.
    const again = await startFor(m.client, m.capsuleId, { ...file, name: 'another.mp4' }).catch(
      (e: Error) => e,
    );
    expect(String(again)).toMatch(/already in progress/);
  });

  it('a take longer than the capsule allows is refused when used, and nothing changes', async () => {
    const slot = await startRecording();
    const refused = await takeIsUsed(60 * 60).catch((e: Error) => e);
    expect(String(refused)).toMatch(/too long/i);
    expect(await uploadRow(slot.uploadId)).toMatchObject({ state: 'open', fileSize: null });
  });

  it('cancelling the recording (dialog closed) puts the capsule back as it was', async () => {
    const slot = await startRecording();
    await m.client.trpc.capsules.upload.cancel.mutate({ capsuleId: m.capsuleId, uploadId: slot.uploadId });
    expect(await status()).toBe('Pending_Upload');
  });

  it('refuses what is not a video type, and another member’s capsule is not found', async () => {
    const wrongType = await m.client.trpc.capsules.upload.startRecording
      .mutate({ capsuleId: m.capsuleId, fileName: 'recording.webm', contentType: 'audio/webm' })
      .catch((e: { data?: { httpStatus?: number } }) => e);
    expect((wrongType as { data?: { httpStatus?: number } }).data?.httpStatus).toBe(400);
    const other = await memberWithCapsule(t);
    const foreign = await m.client.trpc.capsules.upload.startRecording
      .mutate({ capsuleId: other.capsuleId, fileName: 'recording.webm', contentType: 'video/webm' })
      .catch((e: { data?: { httpStatus?: number } }) => e);
    expect((foreign as { data?: { httpStatus?: number } }).data?.httpStatus).toBe(404);
    expect(await status()).toBe('Pending_Upload');
  });
});
