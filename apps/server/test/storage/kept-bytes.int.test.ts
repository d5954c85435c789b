import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listWaitingDocuments, reviewDocument } from '../../src/modules/capsules/index.js';
import { signIn } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { type Person, receivedCapsule } from '../support/received.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestImage, makeTestVideo, type TestFile } from '../support/test-videos.js';
import { type Member, memberWithCapsule, reviewed, sendFile } from '../support/uploads.js';

// Reviewed means final (docs/decisions/027-reviewed-bytes-fixity-backups.md). An attacker holds
// every SAS the product ever gave them for a capsule's video (the upload's, its renewal, the
// legacy single-PUT one) and for a document (the dialog's and the legacy call's), all still
// within their 30 minutes. After completion, after review and after lock they break the lease
// and PUT other bytes, PUT plainly, and aim the SAS at the kept copy's name. What is served and
// the hash recorded at review never change.

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const EVIL_TEXT = Buffer.from('not a video: whatever the attacker likes\n');
const EVIL_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
);

/** What one attack with one SAS got from storage (recorded, for the reader of a failure). */
interface Attempt {
  breakLease: number;
  putAfterBreak: number;
  plainPut: number;
  keptName: number;
}

/** The lease-break sequence of the issue, a plain PUT, and the same SAS aimed at the kept copy. */
async function attack(sasUrl: string, bytes: Buffer, contentType: string): Promise<Attempt> {
  const lease = new URL(sasUrl);
  lease.searchParams.set('comp', 'lease');
  const breakLease = await fetch(lease, {
    method: 'PUT',
    headers: { 'x-ms-lease-action': 'break', 'x-ms-lease-break-period': '0', 'x-ms-version': '2025-01-05' },
  });
  const put = () =>
    fetch(sasUrl, {
      method: 'PUT',
      headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': contentType },
      body: new Uint8Array(bytes),
    });
  const putAfterBreak = await put();
  const plainPut = await put();
  const kept = new URL(sasUrl);
  kept.pathname = `${kept.pathname}.kept`;
  const keptName = await fetch(kept, {
    method: 'PUT',
    headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': contentType },
    body: new Uint8Array(bytes),
  });
  return {
    breakLease: breakLease.status,
    putAfterBreak: putAfterBreak.status,
    plainPut: plainPut.status,
    keptName: keptName.status,
  };
}

describe.each(databaseKinds())('reviewed bytes no SAS can change (%s)', (kind) => {
  let t: TestApp;
  let mp4: TestFile;
  let png: TestFile;

  beforeAll(async () => {
    [t, mp4, png] = await Promise.all([
      startTestApp(kind),
      makeTestVideo({ seconds: 2, format: 'mp4' }),
      makeTestImage('png'),
    ]);
  }, 120_000);
  afterAll(async () => t?.close());
  beforeEach(async () => t.reset());

  const blobBytes = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

  it('a video: every SAS ever issued for it, after completion, review and lock, changes nothing served or recorded', async () => {
    const m: Member = await memberWithCapsule(t);
    const slot = await m.client.trpc.capsules.upload.start.mutate({
      capsuleId: m.capsuleId,
      fileName: 'video.mp4',
      fileSize: mp4.bytes.length,
      contentType: mp4.contentType,
      durationSeconds: 2,
      notify: { enabled: true, timing: 'on_lock' },
    });
    const renewed = await m.client.trpc.capsules.upload.renew.mutate({
      capsuleId: m.capsuleId,
      uploadId: slot.uploadId,
    });
    // The legacy client's call resumes the same upload with a SAS of its own.
    const legacy = await m.client.rest<{ sasUrl: string; uploadId: string }>('POST', '/api/get-sas-url', {
      capsuleId: m.capsuleId,
      capsuleType: 'Wedding',
      contactId: 'c-1',
      recipientName: 'Alan Turing',
      recipientEmail: 'alan@example.test',
    });
    expect(legacy.status).toBe(200);
    expect(legacy.body.uploadId).toBe(slot.uploadId);
    const everySas = [slot.sasUrl, renewed.sasUrl, legacy.body.sasUrl];

    await sendFile(slot, mp4.bytes);
    await m.client.trpc.capsules.upload.complete.mutate({ capsuleId: m.capsuleId, uploadId: slot.uploadId });
    const upload = await t.deps.db
      .selectFrom('videoUploads')
      .selectAll()
      .where('id', '=', slot.uploadId)
      .executeTakeFirstOrThrow();
    const kept = { container: upload.blobContainer, blob: upload.storedBlobName ?? '' };
    expect(kept.blob).toBe(`${upload.blobName}.kept`);

    const attempts: Record<string, Attempt[]> = {};
    const attackAll = async (stage: string) => {
      attempts[stage] = [];
      for (const sas of everySas) attempts[stage].push(await attack(sas, EVIL_TEXT, 'video/mp4'));
      // No SAS reaches the kept copy's name: storage refuses the signature for another blob.
      for (const a of attempts[stage]) expect(a.keptName, JSON.stringify(attempts)).toBe(403);
    };
    const keptDigest = async () => (await t.deps.storage.digestBlob(kept))?.sha256;
    const recorded = async () =>
      t.deps.db
        .selectFrom('storedBlobs')
        .select(['sha256', 'size'])
        .where('container', '=', kept.container)
        .where('blobName', '=', kept.blob)
        .executeTakeFirst();

    await attackAll('after completion');
    // The SAS did reach the blob it names: the attack is real, and the kept copy is untouched.
    expect(
      attempts['after completion']?.some((a) => a.plainPut === 201),
      JSON.stringify(attempts),
    ).toBe(true);
    expect(await keptDigest()).toBe(sha256(mp4.bytes));

    const stored = await reviewed(t, m.client, m.capsuleId);
    expect(stored.status).toBe('Sent');
    expect(await recorded()).toMatchObject({ sha256: sha256(mp4.bytes) });
    const capsuleRow = () =>
      t.deps.db
        .selectFrom('capsules')
        .select(['videoBlobName'])
        .where('id', '=', m.capsuleId)
        .executeTakeFirstOrThrow();
    expect((await capsuleRow()).videoBlobName).toBe(kept.blob);

    await attackAll('after review');
    expect(await keptDigest()).toBe(sha256(mp4.bytes));
    expect(await recorded()).toMatchObject({ sha256: sha256(mp4.bytes) });

    await m.client.trpc.capsules.lock.mutate({ capsuleId: m.capsuleId });
    await attackAll('after lock');
    expect(await keptDigest()).toBe(sha256(mp4.bytes));
    expect(await recorded()).toMatchObject({ sha256: sha256(mp4.bytes) });
    expect((await capsuleRow()).videoBlobName).toBe(kept.blob);
    // And what the product hands out plays the playback copy made from the reviewed bytes, byte
    // for byte as recorded at review (no SAS reaches its name either).
    const preview = await m.client.trpc.capsules.preview.mutate({ id: m.capsuleId });
    const copy = await t.deps.db
      .selectFrom('capsules')
      .select(['videoRenditionSha256'])
      .where('id', '=', m.capsuleId)
      .executeTakeFirstOrThrow();
    expect(sha256(await blobBytes(preview.url))).toBe(copy.videoRenditionSha256);
    // The sender sees the fingerprint of those bytes.
    const details = await m.client.trpc.capsules.byId.query({ id: m.capsuleId });
    expect(details.videoFingerprint).toBe(sha256(mp4.bytes));
  });

  it('a document: every SAS ever issued for it, after completion and after the verdict, changes nothing the operator sees or the hash', async () => {
    const sender: Person = await t.createUser({ fullName: 'Sam Sender' });
    const recipient: Person = await t.createUser({ fullName: 'Rita Recipient' });
    const capsuleId = await receivedCapsule(t, sender, recipient, { criteria: 'Premium_Verification' });
    const client = await signIn(t, recipient);
    // The dialog's slot, then the legacy call's (which replaces it: only the newest completes).
    const first = await client.trpc.receivedCapsules.document.start.mutate({
      capsuleId,
      fileName: 'licence.png',
      contentType: 'image/png',
      size: png.bytes.length,
    });
    const legacy = await client.rest<{ sasUrl: string; blobName: string }>(
      'POST',
      '/api/get-document-sas-url',
      {
        capsuleId,
      },
    );
    expect(legacy.status).toBe(200);
    const everySas = [first.sasUrl, legacy.body.sasUrl];
    const put = await fetch(legacy.body.sasUrl, {
      method: 'PUT',
      headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'image/png' },
      body: new Uint8Array(png.bytes),
    });
    expect(put.status).toBe(201);
    await client.trpc.receivedCapsules.document.complete.mutate({
      capsuleId,
      blobName: legacy.body.blobName,
    });

    const keptRow = async () =>
      t.deps.db
        .selectFrom('storedBlobs')
        .select(['container', 'blobName', 'sha256'])
        .where('kind', '=', 'document')
        .executeTakeFirstOrThrow();
    const row = await keptRow();
    expect(row.sha256).toBe(sha256(png.bytes));
    expect(row.blobName).toBe(`${legacy.body.blobName}.kept`);

    const attempts: Attempt[] = [];
    for (const sas of everySas) attempts.push(await attack(sas, EVIL_SVG, 'image/svg+xml'));
    for (const a of attempts) expect(a.keptName, JSON.stringify(attempts)).toBe(403);
    expect(
      attempts.some((a) => a.plainPut === 201),
      JSON.stringify(attempts),
    ).toBe(true);

    // The operator's link serves the PNG that was checked, never the SVG.
    const [waiting] = await listWaitingDocuments(t.deps);
    expect(waiting?.link).toEqual(expect.any(String));
    expect((await blobBytes(waiting?.link ?? '')).equals(png.bytes)).toBe(true);

    await reviewDocument(
      t.deps,
      capsuleId,
      { status: 'Verified' },
      { operator: 'Test Operator', objectionDays: 0 },
    );
    for (const sas of everySas) await attack(sas, EVIL_SVG, 'image/svg+xml');
    expect(await keptRow()).toEqual(row);
    const digest = await t.deps.storage.digestBlob({ container: row.container, blob: row.blobName });
    expect(digest?.sha256).toBe(sha256(png.bytes));
  });
});
