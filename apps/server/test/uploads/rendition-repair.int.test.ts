import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendRenditionRepairs } from '../../src/modules/capsules/index.js';
import { servablePlayback } from '../../src/modules/capsules/video/capsule-blobs.service.js';
import { MediaError, type MediaTools, systemMediaTools } from '../../src/modules/media/index.js';
import { makeCameraVideo } from '../support/camera-videos.js';
import { trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import type { TestFile } from '../support/test-videos.js';
import { type Member, memberWithCapsule, uploadAndReview } from '../support/uploads.js';

// Renditions made after the review (docs/server-rules.md, 'Video upload'): a stored video
// without a playback rendition (accepted before renditions existed) plays as uploaded until the
// hourly sweep has one made from its master; one whose rendition a fixity check failed plays
// its intact master meanwhile, and gets its rendition made again; one ffmpeg cannot render keeps
// playing as uploaded and is not asked about again.

describe('renditions made after the review', { timeout: 120_000 }, () => {
  const kind = databaseKinds()[0] ?? 'pglite';
  let t: TestApp;
  let m: Member;
  let webm: TestFile;
  /** When set, ffmpeg "cannot decode" the next renditions. */
  let refuse = false;
  const media: MediaTools = {
    ...systemMediaTools,
    async makeRendition(url, input, options) {
      if (refuse) throw new MediaError('unreadable', 'ffmpeg: invalid data found when processing input');
      await systemMediaTools.makeRendition(url, input, options);
    },
  };

  beforeAll(async () => {
    [t, webm] = await Promise.all([startTestApp(kind, {}, { media }), makeCameraVideo('vp8-webm')]);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    refuse = false;
    m = await memberWithCapsule(t);
    const { capsule } = await uploadAndReview(t, m, { ...webm, name: 'party.webm', durationSeconds: 2 });
    expect(capsule.status).toBe('Sent');
  });

  const capsuleRow = () =>
    t.deps.db
      .selectFrom('capsules')
      .select(['ownerId', 'videoBlobName', 'videoRenditionBlobName', 'videoRenditionSha256', 'videoUploadId'])
      .where('id', '=', m.capsuleId)
      .executeTakeFirstOrThrow();
  const renditionRecord = async () => {
    const row = await capsuleRow();
    return t.deps.db
      .selectFrom('storedBlobs')
      .select(['blobName', 'sha256', 'failedAt'])
      .where('kind', '=', 'rendition')
      .where('capsuleId', '=', m.capsuleId)
      .where('blobName', '=', row.videoRenditionBlobName ?? '')
      .executeTakeFirst();
  };
  /** What playback would hand out now: the blob's name and its Content-Type. */
  const served = async () => {
    const { ref, contentType } = await servablePlayback(t.deps.db, await capsuleRow());
    return { blob: ref.blob, contentType };
  };
  /** The hourly sweep, then the jobs it sent, until the capsule's rendition is recorded and intact. */
  async function sweepAndWait(expectSent: number) {
    expect(await sendRenditionRepairs(t.deps)).toBe(expectSent);
    await t.until(
      async () => Boolean((await renditionRecord()) && !(await renditionRecord())?.failedAt),
      'the rendition',
    );
  }
  /** As a capsule stored before renditions existed: its video only, as uploaded. */
  async function forgetRendition() {
    const row = await capsuleRow();
    const rendition = { container: `user-${row.ownerId}`, blob: row.videoRenditionBlobName ?? '' };
    await t.deps.db.deleteFrom('storedBlobs').where('blobName', '=', rendition.blob).execute();
    await t.deps.storage.deleteBlob(rendition);
    await t.deps.db
      .updateTable('capsules')
      .set({ videoRenditionBlobName: null, videoRenditionSha256: null })
      .where('id', '=', m.capsuleId)
      .execute();
    await t.deps.db
      .updateTable('videoUploads')
      .set({ renditionBlobName: null, renditionFacts: null, masterFacts: null })
      .where('id', '=', row.videoUploadId ?? '')
      .execute();
    return rendition.blob;
  }

  it('plays an older video as uploaded, then its rendition once the sweep had it made', async () => {
    const renditionName = await forgetRendition();
    const master = (await capsuleRow()).videoBlobName;
    expect(await served()).toEqual({ blob: master, contentType: 'video/webm' });

    await sweepAndWait(1);
    const row = await capsuleRow();
    expect(row.videoRenditionBlobName).toBe(renditionName);
    expect(row.videoBlobName).toBe(master); // the master is never touched
    const digest = await t.deps.storage.digestBlob({ container: `user-${row.ownerId}`, blob: renditionName });
    expect((await renditionRecord())?.sha256).toBe(digest?.sha256);
    expect(row.videoRenditionSha256).toBe(digest?.sha256);
    expect(await served()).toEqual({ blob: renditionName, contentType: 'video/mp4' });
    // Capsule Details now says what both are.
    const details = await m.client.trpc.capsules.byId.query({ id: m.capsuleId });
    expect(details.videoFacts?.original).toMatchObject({ codec: 'vp8', width: 640, height: 360 });
    expect(details.videoFacts?.playback).toMatchObject({ codec: 'h264', width: 640, height: 360 });
    // Nothing more to do: the next sweep sends nothing.
    expect(await sendRenditionRepairs(t.deps)).toBe(0);
  });

  it('serves the master while a damaged rendition is made again, then the new rendition', async () => {
    const before = await capsuleRow();
    const rendition = { container: `user-${before.ownerId}`, blob: before.videoRenditionBlobName ?? '' };
    // Bit rot in the copy, as a fixity check finds it (fixity.int.test.ts finds it for real).
    await t.deps.storage.uploadBuffer(rendition, Buffer.from('bit rot'), 'video/mp4');
    await t.deps.db
      .updateTable('storedBlobs')
      .set({ failedAt: t.clock.now(), failure: 'mismatch' })
      .where('blobName', '=', rendition.blob)
      .execute();
    expect(await served()).toEqual({ blob: before.videoBlobName, contentType: 'video/webm' });
    // The one-time preview plays the master meanwhile (not a 503).
    const preview = await m.client.trpc.capsules.preview.mutate({ id: m.capsuleId });
    expect(new URL(preview.url).pathname.endsWith(before.videoBlobName ?? '-')).toBe(true);

    await sweepAndWait(1);
    const digest = await t.deps.storage.digestBlob(rendition);
    expect(digest?.size).toBeGreaterThan(1000);
    expect((await renditionRecord())?.sha256).toBe(digest?.sha256);
    expect(await served()).toEqual({ blob: rendition.blob, contentType: 'video/mp4' });
  });

  it('keeps playing a video ffmpeg cannot render as uploaded, and stops asking', async () => {
    await forgetRendition();
    refuse = true;
    expect(await sendRenditionRepairs(t.deps)).toBe(1);
    const uploadId = (await capsuleRow()).videoUploadId ?? '';
    await t.until(async () => {
      const upload = await t.deps.db
        .selectFrom('videoUploads')
        .select('renditionRefusedAt')
        .where('id', '=', uploadId)
        .executeTakeFirstOrThrow();
      return upload.renditionRefusedAt !== null;
    }, 'the refusal recorded');
    expect(await sendRenditionRepairs(t.deps)).toBe(0);
    expect((await served()).contentType).toBe('video/webm');
    expect((await capsuleRow()).videoRenditionBlobName).toBeNull();
  });

  it('refuses playback when neither the rendition nor the master is intact', async () => {
    await t.deps.db
      .updateTable('storedBlobs')
      .set({ failedAt: t.clock.now(), failure: 'missing' })
      .where('capsuleId', '=', m.capsuleId)
      .execute();
    const refused = await trpcError(m.client.trpc.capsules.preview.mutate({ id: m.capsuleId }));
    expect(refused.data?.httpStatus).toBe(503);
    // The repair does not copy a master it cannot vouch for.
    expect(await sendRenditionRepairs(t.deps)).toBe(1);
    await t.runJob('capsule.rendition', { capsuleId: m.capsuleId });
    expect((await renditionRecord())?.failedAt).not.toBeNull();
  });
});
