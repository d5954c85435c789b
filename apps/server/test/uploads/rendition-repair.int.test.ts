import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
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
  /** When set, every probe fails as a passing fault would (the job fails and is retried). */
  let stall = false;
  const media: MediaTools = {
    ...systemMediaTools,
    async probeVideo(url) {
      if (stall) throw new Error('storage timed out');
      return systemMediaTools.probeVideo(url);
    },
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
    stall = false;
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
    // The repair does not copy a master it cannot vouch for: the sweep does not ask, and the
    // job, were it sent, leaves it alone.
    expect(await sendRenditionRepairs(t.deps)).toBe(0);
    await t.runJob('capsule.rendition', { capsuleId: m.capsuleId });
    expect((await renditionRecord())?.failedAt).not.toBeNull();
  });

  /**
   * `n` more capsules of the member, each with its own accepted upload and a recorded master
   * (failed when `masterFailed`), none with a rendition: copies of the fixture's rows, made in
   * SQL because hundreds of real uploads would take minutes.
   */
  async function cloneCapsules(n: number, masterFailed: boolean): Promise<string[]> {
    const db = t.deps.db;
    const columns = async (table: string, skip: string[]) =>
      (
        await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(
          db,
        )
      ).rows
        .map((r) => r.name)
        .filter((name) => !skip.includes(name));
    const list = (names: string[]) => sql.join(names.map((name) => sql.ref(name)));
    const source = await capsuleRow();
    const capsuleColumns = await columns('capsules', [
      'id',
      'seq',
      'video_blob_name',
      'video_upload_id',
      'video_rendition_blob_name',
      'video_rendition_sha256',
    ]);
    const uploadColumns = await columns('video_uploads', [
      'id',
      'capsule_id',
      'blob_name',
      'rendition_blob_name',
      'rendition_asked_at',
    ]);
    const ids: string[] = [];
    for (let i = 0; i < n; i += 1) {
      const capsuleId = randomUUID();
      const uploadId = randomUUID();
      const master = `clone-${i}.mp4`;
      await sql`insert into capsules (id, video_blob_name, ${list(capsuleColumns)})
        select ${capsuleId}, ${master}, ${list(capsuleColumns)} from capsules where id = ${m.capsuleId}`.execute(
        db,
      );
      await sql`insert into video_uploads (id, capsule_id, blob_name, ${list(uploadColumns)})
        select ${uploadId}, ${capsuleId}, ${`clone-upload-${i}`}, ${list(uploadColumns)}
        from video_uploads where id = ${source.videoUploadId}`.execute(db);
      await db.updateTable('capsules').set({ videoUploadId: uploadId }).where('id', '=', capsuleId).execute();
      await db
        .insertInto('storedBlobs')
        .values({
          kind: 'video',
          container: `user-${source.ownerId}`,
          blobName: master,
          sha256: 'a'.repeat(64),
          size: 1000,
          uploadId,
          capsuleId,
          recordedAt: t.clock.now(),
          checkedAt: t.clock.now(),
          failedAt: masterFailed ? t.clock.now() : null,
          failure: masterFailed ? 'missing' : null,
        })
        .execute();
      ids.push(capsuleId);
    }
    return ids;
  }
  const askedAt = async (capsuleIds: string[]) =>
    t.deps.db
      .selectFrom('videoUploads')
      .select(['capsuleId', 'renditionAskedAt'])
      .where('capsuleId', 'in', capsuleIds)
      .execute();

  it('is not kept from a video by more damaged masters than a sweep takes', async () => {
    await forgetRendition();
    // More than one sweep's worth of videos whose master a fixity check found missing.
    await cloneCapsules(201, true);
    await sweepAndWait(1);
    expect((await served()).contentType).toBe('video/mp4');
  });

  it('takes turns: videos whose jobs keep failing do not fill every sweep', async () => {
    await forgetRendition();
    stall = true;
    const clones = await cloneCapsules(200, false);
    const everyone = [m.capsuleId, ...clones];
    // 201 videos to ask about, 200 per sweep: one is left for the next.
    expect(await sendRenditionRepairs(t.deps)).toBe(200);
    const left = (await askedAt(everyone)).filter((row) => row.renditionAskedAt === null);
    expect(left).toHaveLength(1);
    // Their jobs failed (storage "timed out"): all 201 still need a rendition, and the next sweep
    // asks first about the one not asked yet.
    expect(await sendRenditionRepairs(t.deps)).toBe(200);
    const leftId = left[0]?.capsuleId ?? '';
    expect((await askedAt([leftId]))[0]?.renditionAskedAt).not.toBeNull();
  });
});
