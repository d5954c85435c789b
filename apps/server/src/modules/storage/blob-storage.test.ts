import { BlobServiceClient } from '@azure/storage-blob';
import { describe, expect, it } from 'vitest';
import { thumbnailBlob, videoBlob } from './blob-names.js';
import { type BlobStorageOptions, createBlobStorage } from './blob-storage.js';
import { sasOptions } from './sas.js';

// Signing needs no network: what a production (https) account's SAS looks like.
const KEY = Buffer.alloc(64, 7).toString('base64');
const AZURE = `DefaultEndpointsProtocol=https;AccountName=capsules;AccountKey=${KEY};EndpointSuffix=core.windows.net`;
const now = new Date('2030-01-01T12:00:00Z');
const ref = videoBlob({
  ownerId: '7f1c2a9e-3b4d-4e5f-8a6b-1c2d3e4f5a6b',
  capsuleId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  uploadId: 'd4c3b2a1-f6e5-4b7a-9c8d-0e1f2a3b4c5d',
});

// Every test runs with the cache of aligned URLs on and off (the kept shim 'sas-cache', turned
// off by KEPT_SHIMS_OFF; docs/decisions/028-library-first.md): the URLs must not depend on it.
const CACHE = [
  { cache: 'on', keepAlignedGrants: true },
  { cache: 'off', keepAlignedGrants: false },
];

describe.each(CACHE)('sas-cache $cache', ({ keepAlignedGrants }) => {
  const storageOf = (options: BlobStorageOptions) => createBlobStorage({ ...options, keepAlignedGrants });

  describe('SAS URLs of an https account', () => {
    const storage = storageOf({ connectionString: AZURE, clock: { now: () => now } });

    it('are https-only, for one blob, read-only, short, and start a little early', async () => {
      const { url, expiresOn } = await storage.readSas(ref, {
        contentDisposition: 'inline; filename="v.mp4"',
      });
      const sas = new URL(url);
      expect(sas.origin).toBe('https://capsules.blob.core.windows.net');
      expect(decodeURIComponent(sas.pathname)).toBe(`/${ref.container}/${ref.blob}`);
      expect(
        Object.fromEntries(['sp', 'sr', 'spr', 'st', 'se', 'rscd'].map((k) => [k, sas.searchParams.get(k)])),
      ).toEqual({
        sp: 'r',
        sr: 'b',
        spr: 'https',
        st: '2030-01-01T11:55:00Z',
        se: '2030-01-01T12:10:00Z',
        rscd: 'inline; filename="v.mp4"',
      });
      expect(expiresOn).toEqual(new Date('2030-01-01T12:10:00Z'));
    });

    it('live no longer than a day, whatever the caller asks', async () => {
      await expect(storage.readSas(ref, { minutes: 24 * 60 + 1 })).rejects.toThrow(/SAS lives/);
      await expect(storage.readSas(ref, { minutes: 0 })).rejects.toThrow(/SAS lives/);
    });

    it('need the account key: a connection string holding only a SAS is refused at start', () => {
      const sasOnly =
        'BlobEndpoint=https://capsules.blob.core.windows.net;SharedAccessSignature=sv=2024-01-01&sig=x';
      expect(() => storageOf({ connectionString: sasOnly })).toThrow(/AccountKey/);
    });
  });

  describe("SAS URLs are the SDK's", () => {
    // blob-storage.ts signs through BlobClient.generateSasUrl, and may answer an aligned URL again
    // from its cache: either way the URL must be exactly what the SDK answers for the same names
    // and options, over https and over the emulator's http, whatever the name holds.
    const EMULATOR =
      'DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;' +
      `AccountKey=${KEY};BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;`;
    const refs = [
      ref,
      thumbnailBlob({
        ownerId: '7f1c2a9e-3b4d-4e5f-8a6b-1c2d3e4f5a6b',
        capsuleId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        uploadId: 'd4c3b2a1-f6e5-4b7a-9c8d-0e1f2a3b4c5d',
      }),
      // Not a name blob-names.ts makes, but one needing every kind of encoding.
      { container: ref.container, blob: 'a b/ü\'(x)!*~#?%2e+&=;@:$,[]{}|^`"<>é😀.jpg' },
    ];
    const cases = [
      { access: 'read' as const, options: { minutes: 10, alignMinutes: 10, contentType: 'image/jpeg' } },
      { access: 'read' as const, options: { contentDisposition: `inline; filename="it's a (1).mp4"` } },
      { access: 'upload' as const, options: { minutes: 30 } },
    ];

    for (const [account, connectionString] of [
      ['https account', AZURE],
      ['emulator', EMULATOR],
    ] as const) {
      it(`equal the SDK's generateSasUrl (${account})`, async () => {
        const storage = storageOf({ connectionString, clock: { now: () => now } });
        const service = BlobServiceClient.fromConnectionString(connectionString);
        const https = connectionString === AZURE;
        for (const r of refs) {
          // Each case twice: with the cache on, the aligned one is answered from it the second time.
          for (const { access, options } of [...cases, ...cases]) {
            const ours =
              access === 'read'
                ? await storage.readSas(r, options)
                : await storage.uploadSas(r, { ...options, ensureContainer: false });
            const sdk = await service
              .getContainerClient(r.container)
              .getBlockBlobClient(r.blob)
              .generateSasUrl(sasOptions({ access, now, https, ...options }));
            expect(ours.url).toBe(sdk);
          }
        }
      });
    }
  });

  describe('aligned read SAS URLs (the lists’ thumbnails)', () => {
    // Signed once per window and then answered again (blob-storage.ts): what comes back must be
    // what signing afresh at that moment gives, and a new window, another blob or other options
    // must never get a URL kept for something else.
    const THUMBNAIL = { minutes: 10, alignMinutes: 10, contentType: 'image/jpeg' };
    const other = { container: ref.container, blob: `${ref.blob}.other` };

    it('are the same URL all through a window and a new one in the next, as signed afresh', async () => {
      let at = new Date('2030-01-01T12:01:00Z');
      const storage = storageOf({ connectionString: AZURE, clock: { now: () => at } });
      const signFresh = (moment: Date) =>
        storageOf({ connectionString: AZURE, clock: { now: () => moment } }).readSas(ref, THUMBNAIL);

      const first = await storage.readSas(ref, THUMBNAIL);
      at = new Date('2030-01-01T12:09:59Z');
      const later = await storage.readSas(ref, THUMBNAIL);
      expect(later).toEqual(first);
      expect(later).toEqual(await signFresh(at));
      expect(new URL(later.url).searchParams.get('se')).toBe('2030-01-01T12:20:00Z');

      at = new Date('2030-01-01T12:10:00Z');
      const next = await storage.readSas(ref, THUMBNAIL);
      expect(next.url).not.toBe(first.url);
      expect(next).toEqual(await signFresh(at));
      expect(new URL(next.url).searchParams.get('se')).toBe('2030-01-01T12:30:00Z');
    });

    it('are never another blob’s, nor signed for other options', async () => {
      const storage = storageOf({ connectionString: AZURE, clock: { now: () => now } });
      const mine = await storage.readSas(ref, THUMBNAIL);
      const theirs = await storage.readSas(other, THUMBNAIL);
      expect(decodeURIComponent(new URL(theirs.url).pathname)).toBe(`/${other.container}/${other.blob}`);
      expect(theirs.url).not.toBe(mine.url);

      const asPng = await storage.readSas(ref, { ...THUMBNAIL, contentType: 'image/png' });
      expect(new URL(asPng.url).searchParams.get('rsct')).toBe('image/png');
      const longer = await storage.readSas(ref, { ...THUMBNAIL, minutes: 20 });
      expect(new URL(longer.url).searchParams.get('se')).toBe('2030-01-01T12:30:00Z');
      const attached = await storage.readSas(ref, { ...THUMBNAIL, contentDisposition: 'attachment' });
      expect(new URL(attached.url).searchParams.get('rscd')).toBe('attachment');
      expect(new URL(mine.url).searchParams.get('rscd')).toBeNull();
      expect(new URL(mine.url).searchParams.get('rsct')).toBe('image/jpeg');
    });

    it('hand each caller its own expiry date, which it may change without harm to the next', async () => {
      const storage = storageOf({ connectionString: AZURE, clock: { now: () => now } });
      const first = await storage.readSas(ref, THUMBNAIL);
      first.expiresOn.setFullYear(2000);
      expect((await storage.readSas(ref, THUMBNAIL)).expiresOn).toEqual(new Date('2030-01-01T12:20:00Z'));
    });
  });
});

describe('the sas-cache on and off', () => {
  it('give byte-identical URLs for the same blob, options and window, whatever the moment in it', async () => {
    let at = new Date('2030-01-01T12:00:00Z');
    const clock = { now: () => at };
    const on = createBlobStorage({ connectionString: AZURE, clock });
    const off = createBlobStorage({ connectionString: AZURE, clock, keepAlignedGrants: false });
    const thumbnail = { minutes: 10, alignMinutes: 10, contentType: 'image/jpeg' };
    const refs = [ref, { container: ref.container, blob: `${ref.blob}.jpg` }];
    const seen = new Set<string>();
    // Through two windows and back into the first: each answer of one equals the other's.
    for (const moment of ['12:00:00', '12:04:59', '12:09:59.999', '12:10:00', '12:19:00', '12:03:00']) {
      at = new Date(`2030-01-01T${moment}Z`);
      for (const r of refs) {
        for (const options of [thumbnail, { ...thumbnail, contentType: 'image/png' }]) {
          const [a, b] = [await on.readSas(r, options), await off.readSas(r, options)];
          expect(b.url).toBe(a.url);
          expect(b.expiresOn).toEqual(a.expiresOn);
          seen.add(a.url);
        }
      }
    }
    // Two blobs, two content types, two windows.
    expect(seen.size).toBe(8);
  });
});
