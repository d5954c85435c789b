import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestVideo } from '../support/test-videos.js';
import { mailAbout, memberWithCapsule, sendFile, startFor } from '../support/uploads.js';
import { QUICK_RETRY_JOBS, REVIEW_WORKER_SCRIPT } from './review-worker-child.js';

// A worker killed while it makes a rendition (docs/server-rules.md, 'Video upload'): the web
// process only sends jobs; a worker process takes the review and is killed with SIGKILL, ffmpeg
// with it, half-way through the rendition. Nothing half-made is served or recorded meanwhile;
// another worker retries the review once the dead one's lease ran out, and the capsule ends
// Stored with a whole rendition whose recorded hash is that of its bytes, mailed once.
// PostgreSQL only: the workers are separate processes on a shared database.

const kinds = databaseKinds().filter((kind) => kind === 'postgres');

/** A worker process running every job handler; resolves once it takes jobs. */
async function startWorker(t: TestApp): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      'tsx',
      REVIEW_WORKER_SCRIPT,
      t.databaseUrl as string,
      t.blobs.connectionString,
      t.mail.smtpUrl,
    ],
    // Its own process group: the kill takes ffmpeg too, as a container's end would.
    { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], detached: true },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const [message] = (await Promise.race([once(child, 'message'), once(child, 'exit')])) as [
    { type: string; message?: string } | undefined,
  ];
  if (message?.type !== 'ready') throw new Error(`The worker did not start: ${message?.message ?? stderr}`);
  return child;
}

async function killGroup(child: ChildProcess) {
  const exited = once(child, 'exit');
  process.kill(-(child.pid as number), 'SIGKILL');
  await exited;
}

describe.skipIf(kinds.length === 0)('a worker killed mid-rendition', { timeout: 180_000 }, () => {
  let t: TestApp;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    t = await startTestApp('postgres', {}, { runJobs: false, catalogue: QUICK_RETRY_JOBS });
  });
  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null) await killGroup(w).catch(() => undefined);
    await t?.close();
  });

  it('serves nothing half-made, and another worker makes the whole rendition', async () => {
    const m = await memberWithCapsule(t);
    // Long and large enough that ffmpeg takes seconds: the kill lands while it runs.
    const video = await makeTestVideo({ seconds: 24, format: 'mp4', width: 1280, height: 720 });
    const slot = await startFor(m.client, m.capsuleId, { ...video, durationSeconds: 24 });
    await sendFile(slot, video.bytes);

    const first = await startWorker(t);
    workers.push(first);
    await m.client.trpc.capsules.upload.complete.mutate({ capsuleId: m.capsuleId, uploadId: slot.uploadId });
    // The card shows the rendition under way: then the worker dies, ffmpeg with it.
    await t.until(
      async () => {
        const card = await m.client.trpc.capsules.byId.query({ id: m.capsuleId });
        return (card.processingPercent ?? 0) >= 5;
      },
      'the rendition under way',
      60_000,
    );
    const percentAtKill = (await m.client.trpc.capsules.byId.query({ id: m.capsuleId })).processingPercent;
    await killGroup(first);
    expect(percentAtKill).toBeLessThan(100);

    // Meanwhile: still Reviewing, no rendition referenced or recorded, nothing to preview.
    const during = await m.client.trpc.capsules.byId.query({ id: m.capsuleId });
    expect(during.status).toBe('Reviewing');
    const row = await t.deps.db
      .selectFrom('capsules')
      .select(['videoBlobName', 'videoRenditionBlobName'])
      .where('id', '=', m.capsuleId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ videoBlobName: null, videoRenditionBlobName: null });
    const recorded = () =>
      t.deps.db
        .selectFrom('storedBlobs')
        .select(['kind', 'blobName', 'sha256', 'container'])
        .where('capsuleId', '=', m.capsuleId)
        .execute();
    expect(await recorded()).toEqual([]);
    const refused = await trpcError(m.client.trpc.capsules.preview.mutate({ id: m.capsuleId }));
    expect(refused.data?.httpStatus).toBe(409);

    // Another worker takes the review once the dead one's lease has run out.
    workers.push(await startWorker(t));
    await t.until(
      async () => (await m.client.trpc.capsules.byId.query({ id: m.capsuleId })).status !== 'Reviewing',
      'the retried review',
      120_000,
    );
    const done = await m.client.trpc.capsules.byId.query({ id: m.capsuleId });
    expect(done).toMatchObject({ status: 'Sent', processingPercent: null });
    const rendition = (await recorded()).find((blob) => blob.kind === 'rendition');
    const digest =
      rendition &&
      (await t.deps.storage.digestBlob({ container: rendition.container, blob: rendition.blobName }));
    expect(digest?.sha256).toBe(rendition?.sha256);
    const details = await m.client.trpc.capsules.byId.query({ id: m.capsuleId });
    expect(details.videoFacts?.playback).toMatchObject({ codec: 'h264', width: 1280, height: 720 });
    expect(details.videoFacts?.playback?.durationSeconds).toBeCloseTo(24, 0);
    await mailAbout(t, m.user.email, /your video is stored/);
    expect(
      t.mail.mailsTo(m.user.email).filter((mail) => /your video is stored/.test(mail.subject)),
    ).toHaveLength(1);
  });
});
