import { describe, expect, it } from 'vitest';
import { videoBlob } from './blob-names.js';
import { createBlobStorage } from './blob-storage.js';

// Signing needs no network: what a production (https) account's SAS looks like.
const KEY = Buffer.alloc(64, 7).toString('base64');
const AZURE = `DefaultEndpointsProtocol=https;AccountName=capsules;AccountKey=${KEY};EndpointSuffix=core.windows.net`;
const now = new Date('2030-01-01T12:00:00Z');
const ref = videoBlob({
  ownerId: '7f1c2a9e-3b4d-4e5f-8a6b-1c2d3e4f5a6b',
  capsuleId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  uploadId: 'd4c3b2a1-f6e5-4b7a-9c8d-0e1f2a3b4c5d',
});

describe('SAS URLs of an https account', () => {
  const storage = createBlobStorage({ connectionString: AZURE, clock: { now: () => now } });

  it('are https-only, for one blob, read-only, short, and start a little early', async () => {
    const { url, expiresOn } = await storage.readSas(ref, { contentDisposition: 'inline; filename="v.mp4"' });
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
    expect(() => createBlobStorage({ connectionString: sasOnly })).toThrow(/AccountKey/);
  });
});
