import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  BlobSASPermissions,
  BlobServiceClient,
  BlockBlobClient,
  type RestError,
  StorageSharedKeyCredential,
} from '@azure/storage-blob';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type CapsuleUpload,
  detectImageType,
  detectVideoContainer,
  keptBlob,
  MAGIC_BYTES,
  newUploadId,
  renditionBlob,
  thumbnailBlob,
  userContainerName,
  videoBlob,
} from '../../src/modules/storage/index.js';
import { startTestBlobStorage, type TestBlobStorage } from '../support/blob-storage.js';
import { TestClock } from '../support/test-app.js';
import { makeTestImage, makeTestVideo } from '../support/test-videos.js';

// The storage module against a real Azurite: per-user containers, SAS URLs that allow exactly
// one thing on exactly one blob, the block upload a browser does, and the magic-byte checks.

const blockId = (i: number) => Buffer.from(`block-${String(i).padStart(6, '0')}`).toString('base64');

// How storage refuses: a valid signature without the permission, or no valid signature for
// this blob at this time (a SAS for another blob, an expired one).
const NOT_PERMITTED = '403 AuthorizationPermissionMismatch';
const NOT_SIGNED_FOR = '403 AuthorizationFailure';

/** What storage answered to a refused call: status and error code. */
async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    return `${(error as RestError).statusCode} ${(error as RestError).code}`;
  }
  throw new Error('Storage accepted a call it should have refused');
}

describe('blob storage on Azurite', () => {
  const clock = new TestClock();
  let t: TestBlobStorage;
  let upload: CapsuleUpload;

  beforeAll(async () => {
    t = await startTestBlobStorage(clock);
  });
  afterAll(async () => t?.stop());
  beforeEach(() => {
    clock.reset();
    upload = { ownerId: randomUUID(), capsuleId: randomUUID(), uploadId: newUploadId() };
  });

  it('keeps each user in a container of their own, created on first use and again without harm', async () => {
    const ref = videoBlob(upload);
    expect(ref.container).toBe(userContainerName(upload.ownerId));
    expect(ref.blob).toBe(`${upload.ownerId}/capsules/${upload.capsuleId}/${upload.uploadId}/video`);
    const service = BlobServiceClient.fromConnectionString(t.connectionString);
    expect(await service.getContainerClient(ref.container).exists()).toBe(false);

    await t.storage.uploadSas(ref);
    await t.storage.uploadSas(ref);
    await Promise.all([t.storage.ensureContainer(ref.container), t.storage.ensureContainer(ref.container)]);
    expect(await service.getContainerClient(ref.container).exists()).toBe(true);

    const other = videoBlob({ ...upload, ownerId: randomUUID() });
    expect(other.container).not.toBe(ref.container);
    expect(() => userContainerName('../other')).toThrow();
    expect(() => videoBlob({ ...upload, capsuleId: '../../x' })).toThrow();
  });

  it('takes a block upload from the SDK with nothing but the upload SAS, and tells which blocks it holds', async () => {
    const ref = videoBlob(upload);
    const { url, expiresOn } = await t.storage.uploadSas(ref);
    const sas = new URL(url);
    expect(sas.searchParams.get('sp')).toBe('cw');
    expect(sas.searchParams.get('sr')).toBe('b');
    expect(sas.searchParams.get('spr')).toBe('https,http'); // the emulator is plain http
    expect(expiresOn.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000 + 1000);

    const uploader = new BlockBlobClient(url);
    const blocks = [randomBytes(1000), randomBytes(2000), randomBytes(3000)];
    expect(await t.storage.listUncommittedBlocks(ref)).toEqual([]);
    for (const [i, block] of blocks.entries()) await uploader.stageBlock(blockId(i), block, block.length);

    const staged = await t.storage.listUncommittedBlocks(ref);
    expect(staged).toEqual(blocks.map((b, i) => ({ name: blockId(i), size: b.length })));
    expect(await t.storage.blobProperties(ref)).toEqual({ exists: false });

    await uploader.commitBlockList(blocks.map((_, i) => blockId(i)));
    expect(await t.storage.listUncommittedBlocks(ref)).toEqual([]);
    const props = await t.storage.blobProperties(ref);
    expect(props).toMatchObject({ exists: true, size: 6000 });
    expect((await t.storage.readFirstBytes(ref, 10)).equals(blocks[0]!.subarray(0, 10))).toBe(true);

    // The upload SAS reads nothing, not even what it wrote.
    expect(await refusal(uploader.download())).toBe(NOT_PERMITTED);
  });

  it('issues cw, because a create-only SAS cannot stage a block', async () => {
    const ref = videoBlob(upload);
    await t.storage.ensureContainer(ref.container);
    const service = BlobServiceClient.fromConnectionString(t.connectionString);
    const signer = service.getContainerClient(ref.container).getBlockBlobClient(ref.blob);
    expect(signer.credential).toBeInstanceOf(StorageSharedKeyCredential);
    const createOnly = await signer.generateSasUrl({
      permissions: BlobSASPermissions.parse('c'),
      expiresOn: new Date(Date.now() + 600_000),
    });
    const withCreateOnly = new BlockBlobClient(createOnly);
    expect(await refusal(withCreateOnly.stageBlock(blockId(0), 'abc', 3))).toBe(NOT_PERMITTED);
    await withCreateOnly.upload('one single Put Blob is all c allows', 35);
    expect(new URL((await t.storage.uploadSas(ref)).url).searchParams.get('sp')).toBe('cw');
  });

  it('refuses an expired upload SAS', async () => {
    const ref = videoBlob(upload);
    clock.advanceMinutes(-120); // issued two hours ago, lived thirty minutes
    const { url } = await t.storage.uploadSas(ref);
    expect(await refusal(new BlockBlobClient(url).stageBlock(blockId(0), 'abc', 3))).toBe(NOT_SIGNED_FOR);
    expect(await t.storage.listUncommittedBlocks(ref)).toEqual([]);
    clock.reset();
    await new BlockBlobClient((await t.storage.uploadSas(ref)).url).stageBlock(blockId(0), 'abc', 3);
  });

  it('a read SAS reads its blob and cannot write it', async () => {
    const ref = videoBlob(upload);
    await t.storage.uploadBuffer(ref, Buffer.from('the video'), 'video/mp4');
    const { url } = await t.storage.readSas(ref, { contentDisposition: 'inline; filename="capsule.mp4"' });
    expect(new URL(url).searchParams.get('sp')).toBe('r');

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('inline; filename="capsule.mp4"');
    expect(await response.text()).toBe('the video');

    const reader = new BlockBlobClient(url);
    expect(await refusal(reader.upload('replaced', 8))).toBe(NOT_PERMITTED);
    expect(await refusal(reader.stageBlock(blockId(0), 'abc', 3))).toBe(NOT_PERMITTED);
    expect(await refusal(reader.delete())).toBe(NOT_PERMITTED);
    expect((await t.storage.readFirstBytes(ref, 100)).toString()).toBe('the video');
  });

  it('refuses a read SAS whose signature or any signed field was altered', async () => {
    const ref = videoBlob(upload);
    await t.storage.uploadBuffer(ref, Buffer.from('the video'), 'video/mp4');
    const { url } = await t.storage.readSas(ref, { contentDisposition: 'inline; filename="capsule.mp4"' });
    expect((await fetch(url)).status).toBe(200);
    const altered = (name: string, value: string) => {
      const tampered = new URL(url);
      tampered.searchParams.set(name, value);
      return tampered.toString();
    };
    const signature = Buffer.from(new URL(url).searchParams.get('sig') ?? '', 'base64');
    signature[0] = (signature[0] ?? 0) ^ 1;
    const cases = {
      signature: altered('sig', signature.toString('base64')),
      permissions: altered('sp', 'rw'),
      expiry: altered('se', '2099-01-01T00:00:00Z'),
      start: altered('st', '2000-01-01T00:00:00Z'),
      'content disposition': altered('rscd', 'attachment; filename="other.exe"'),
    };
    for (const [what, tampered] of Object.entries(cases)) {
      const response = await fetch(tampered);
      expect(`${response.status} ${response.headers.get('x-ms-error-code')}`, what).toBe(NOT_SIGNED_FOR);
    }
  });

  it('a SAS for one blob opens no other: not a sibling, not another capsule, not another container', async () => {
    const ref = videoBlob(upload);
    const { url } = await t.storage.uploadSas(ref);
    const elsewhere = (blobPath: string) => {
      const moved = new URL(url);
      moved.pathname = moved.pathname.replace(encodeURI(ref.blob), blobPath);
      expect(moved.pathname).not.toBe(new URL(url).pathname);
      return new BlockBlobClient(moved.toString());
    };
    const sibling = thumbnailBlob(upload).blob;
    const otherCapsule = videoBlob({ ...upload, capsuleId: randomUUID() }).blob;
    for (const target of [elsewhere(sibling), elsewhere(otherCapsule)]) {
      expect(await refusal(target.upload('x', 1))).toBe(NOT_SIGNED_FOR);
      expect(await refusal(target.stageBlock(blockId(0), 'abc', 3))).toBe(NOT_SIGNED_FOR);
    }
    const otherUser = new URL(url);
    otherUser.pathname = otherUser.pathname.replace(ref.container, userContainerName(randomUUID()));
    expect(await refusal(new BlockBlobClient(otherUser.toString()).upload('x', 1))).toBe(NOT_SIGNED_FOR);
    expect(await t.storage.blobProperties(thumbnailBlob(upload))).toEqual({ exists: false });
  });

  it('reads properties, the first bytes by range, and deletes blobs and whole containers', async () => {
    const ref = videoBlob(upload);
    expect(await t.storage.blobProperties(ref)).toEqual({ exists: false });
    expect(await t.storage.deleteBlob(ref)).toBe(false);

    await t.storage.uploadBuffer(ref, Buffer.alloc(0), 'video/mp4');
    expect(await t.storage.blobProperties(ref)).toMatchObject({ exists: true, size: 0 });
    expect((await t.storage.readFirstBytes(ref, MAGIC_BYTES)).length).toBe(0);

    const big = randomBytes(5 * 1024 * 1024);
    await t.storage.uploadBuffer(ref, big, 'video/mp4');
    const head = await t.storage.readFirstBytes(ref, MAGIC_BYTES);
    expect(head.equals(big.subarray(0, MAGIC_BYTES))).toBe(true);
    expect(await t.storage.blobProperties(ref)).toMatchObject({ size: big.length, contentType: 'video/mp4' });

    expect(await t.storage.deleteBlob(ref)).toBe(true);
    expect(await t.storage.blobProperties(ref)).toEqual({ exists: false });

    await t.storage.uploadBuffer(thumbnailBlob(upload), Buffer.from('jpeg'), 'image/jpeg');
    expect(await t.storage.deleteContainer(ref.container)).toBe(true);
    expect(await t.storage.blobProperties(thumbnailBlob(upload))).toEqual({ exists: false });
    expect(await t.storage.deleteContainer(ref.container)).toBe(false);
  });

  it('seals a committed blob: the upload SAS can no longer change it, and deleting unseals it', async () => {
    const ref = videoBlob(upload);
    const uploader = new BlockBlobClient((await t.storage.uploadSas(ref)).url);
    await uploader.stageBlock(blockId(0), 'staged only', 11);
    expect(await t.storage.sealBlob(ref, upload.uploadId)).toBe('missing');

    await uploader.commitBlockList([blockId(0)]);
    expect(await t.storage.sealBlob(ref, upload.uploadId)).toBe('sealed');
    expect(await t.storage.sealBlob(ref, upload.uploadId)).toBe('sealed'); // the same lease again
    for (const write of [
      () => uploader.upload('swapped after the check', 23),
      () => uploader.stageBlock(blockId(1), 'more', 4),
      () => uploader.commitBlockList([blockId(0)]),
    ]) {
      expect(await refusal(write())).toBe('412 LeaseIdMissing');
    }
    expect((await t.storage.readFirstBytes(ref, 100)).toString()).toBe('staged only');

    expect(await t.storage.deleteBlob(ref)).toBe(true);
    expect(await t.storage.blobProperties(ref)).toEqual({ exists: false });
  });

  it('signs aligned read URLs: the same URL all through a window, valid long enough from any moment in it', async () => {
    const ref = thumbnailBlob(upload);
    const first = await t.storage.readSas(ref, { minutes: 10, alignMinutes: 10 });
    const later = await t.storage.readSas(ref, { minutes: 10, alignMinutes: 10 });
    expect(later.url).toBe(first.url);
    const windowStart = Math.floor(Date.now() / 600_000) * 600_000;
    expect(first.expiresOn.getTime()).toBe(windowStart + 20 * 60_000);
    clock.advanceMinutes(10);
    expect((await t.storage.readSas(ref, { minutes: 10, alignMinutes: 10 })).url).not.toBe(first.url);
  });

  it('lets a browser on our origin PUT blocks and GET videos (CORS), and sets it once', async () => {
    const origin = 'http://localhost:5173';
    await t.storage.ensureCors([origin]);
    const service = BlobServiceClient.fromConnectionString(t.connectionString);
    const first = (await service.getProperties()).cors;
    await t.storage.ensureCors([origin]);
    expect((await service.getProperties()).cors).toEqual(first);
    expect(first).toHaveLength(1);

    const ref = videoBlob(upload);
    const { url } = await t.storage.uploadSas(ref);
    const preflight = (from: string, method: string, headers: string) =>
      fetch(url, {
        method: 'OPTIONS',
        headers: {
          Origin: from,
          'Access-Control-Request-Method': method,
          'Access-Control-Request-Headers': headers,
        },
      });
    const put = await preflight(
      origin,
      'PUT',
      'x-ms-blob-type,x-ms-meta-capsuleid,x-ms-version,content-type',
    );
    expect(put.status).toBe(200);
    expect(put.headers.get('access-control-allow-origin')).toBe(origin);
    expect((await preflight(origin, 'GET', 'range')).status).toBe(200);
    expect((await preflight('https://evil.example', 'PUT', 'x-ms-blob-type')).status).toBe(403);
    expect((await preflight(origin, 'DELETE', 'x-ms-version')).status).toBe(403);
  });

  it('knows videos and images by their first bytes, on real files', async () => {
    const mp4 = await makeTestVideo({ seconds: 1, format: 'mp4' });
    const webm = await makeTestVideo({ seconds: 1, format: 'webm' });
    const mov = await makeTestVideo({ seconds: 1, format: 'mov' });
    for (const [video, expected] of [
      [mp4, 'mp4'],
      [webm, 'webm'],
      [mov, 'mov'],
    ] as const) {
      const ref = videoBlob({ ...upload, uploadId: newUploadId() });
      await t.storage.uploadBuffer(ref, video.bytes, video.contentType);
      expect(detectVideoContainer(await t.storage.readFirstBytes(ref, MAGIC_BYTES))).toBe(expected);
    }
    expect(detectVideoContainer(Buffer.from('just some text, renamed to video.mp4\n'))).toBeNull();
    expect(detectVideoContainer(Buffer.alloc(0))).toBeNull();
    expect(detectImageType(mp4.bytes)).toBeNull();

    for (const type of ['png', 'jpeg', 'webp'] as const) {
      const image = await makeTestImage(type);
      expect(detectImageType(image.bytes)).toBe(type);
      expect(detectVideoContainer(image.bytes)).toBeNull();
    }
    expect(detectImageType(Buffer.from('GIF89a'))).toBeNull();
  });

  it('copies a blob inside storage and hashes a blob end to end', async () => {
    const written = videoBlob({ ...upload, uploadId: newUploadId() });
    const kept = keptBlob(written);
    expect(await t.storage.copyBlob(written, kept)).toBe('missing');
    const bytes = randomBytes(300_000);
    await t.storage.uploadBuffer(written, bytes, 'video/mp4');
    expect(await t.storage.copyBlob(written, kept)).toBe('copied');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(await t.storage.digestBlob(kept)).toEqual({ sha256, size: bytes.length });
    // The copy is its own blob: what later happens to the written one does not reach it.
    await t.storage.uploadBuffer(written, Buffer.from('other'), 'video/mp4');
    expect((await t.storage.digestBlob(kept))?.sha256).toBe(sha256);
    expect(await t.storage.digestBlob(videoBlob({ ...upload, uploadId: newUploadId() }))).toBeUndefined();
  });

  it('uploads a file over several blocks, answering the hash of the bytes sent, which storage then holds', async () => {
    // Past two 8 MiB blocks with a ragged end: the blocks' order and the tail both count.
    const bytes = randomBytes(17 * 1024 * 1024 + 12_345);
    const folder = mkdtempSync(path.join(tmpdir(), 'capsule-upload-file-'));
    const file = path.join(folder, 'rendition.mp4');
    writeFileSync(file, bytes);
    try {
      const ref = renditionBlob(upload);
      const sent = await t.storage.uploadFile(ref, file, 'video/mp4');
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      expect(sent).toEqual({ sha256, size: bytes.length });
      expect(await t.storage.digestBlob(ref)).toEqual(sent);
      expect(await t.storage.blobProperties(ref)).toMatchObject({ exists: true, contentType: 'video/mp4' });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('turns blob soft delete on for the days asked, once, and keeps the CORS rules it set', async () => {
    await t.storage.ensureCors(['https://portal.example']);
    expect(await t.storage.ensureDeleteRetention(30)).toEqual({ enabled: true, days: 30 });
    // Already on for at least as long: left alone (an operator's longer setting is kept).
    expect(await t.storage.ensureDeleteRetention(7)).toEqual({ enabled: true, days: 30 });
    const service = BlobServiceClient.fromConnectionString(t.connectionString);
    const properties = await service.getProperties();
    expect(properties.deleteRetentionPolicy).toMatchObject({ enabled: true, days: 30 });
    expect(properties.cors?.map((rule) => rule.allowedOrigins)).toContain('https://portal.example');
  });
});
