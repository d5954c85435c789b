import { BlobServiceClient, type CorsRule } from '@azure/storage-blob';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserOrigins } from '../../src/lib/origins.js';
import { corsRule } from '../../src/modules/storage/cors.js';
import { newUploadId, videoBlob } from '../../src/modules/storage/index.js';
import { startTestBlobStorage, type TestBlobStorage } from '../support/blob-storage.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { memberWithCapsule, startFor } from '../support/uploads.js';

// The portal's CORS rule on a real Azurite: merged beside every other rule (two development
// portals on one emulator keep each other's), and put back when it was removed: at start, and
// when the upload dialog renews its SAS after a block got no answer.

const preflight = (url: string, origin: string) =>
  fetch(url, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'PUT',
      'Access-Control-Request-Headers': 'x-ms-blob-type,x-ms-version,content-type',
    },
  });

const OTHER_RULE: CorsRule = {
  allowedOrigins: 'https://ops.example',
  allowedMethods: 'GET',
  allowedHeaders: '*',
  exposedHeaders: '*',
  maxAgeInSeconds: 60,
};

describe('two portals on one blob emulator', () => {
  let t: TestBlobStorage;
  let service: BlobServiceClient;
  const rules = async () => (await service.getProperties()).cors ?? [];

  beforeAll(async () => {
    t = await startTestBlobStorage();
    service = BlobServiceClient.fromConnectionString(t.connectionString);
  });
  afterAll(async () => t?.stop());

  it("keep each other's rule and both can upload from the browser; a removed rule comes back", async () => {
    await service.setProperties({ cors: [OTHER_RULE] });
    const dev = { isProduction: false };
    const first = browserOrigins({ ...dev, publicUrl: 'http://localhost:3000' });
    const second = browserOrigins({ ...dev, publicUrl: 'http://localhost:3100' });
    // They share the Vite dev server's origins.
    expect(first.filter((origin) => second.includes(origin))).toContain('http://localhost:5173');

    await t.storage.ensureCors(first);
    await t.storage.ensureCors(second);
    await t.storage.ensureCors(first);
    expect(await rules()).toEqual([OTHER_RULE, corsRule(first), corsRule(second)]);

    const { url } = await t.storage.uploadSas(
      videoBlob({ ownerId: crypto.randomUUID(), capsuleId: crypto.randomUUID(), uploadId: newUploadId() }),
    );
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3100', 'http://localhost:5173']) {
      const answer = await preflight(url, origin);
      expect([origin, answer.status]).toEqual([origin, 200]);
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
    }

    // Someone removes the first portal's rule: its browsers are refused, the others' are not.
    await service.setProperties({ cors: [OTHER_RULE, corsRule(second)] });
    expect((await preflight(url, 'http://localhost:3000')).status).toBe(403);
    await t.storage.ensureCors(first);
    expect(await rules()).toEqual([OTHER_RULE, corsRule(second), corsRule(first)]);
    expect((await preflight(url, 'http://localhost:3000')).status).toBe(200);
  });
});

describe('the upload dialog renewing its SAS', () => {
  // A public address of this file's own, so that no other test's portal writes its rule.
  const publicUrl = 'http://localhost:3917';
  let t: TestApp;
  let service: BlobServiceClient;
  const ours = corsRule(browserOrigins({ publicUrl, isProduction: false }));

  beforeAll(async () => {
    t = await startTestApp('pglite', { publicUrl });
    service = BlobServiceClient.fromConnectionString(t.blobs.connectionString);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => t.reset());

  it("puts the portal's CORS rule back when it was removed, keeping every other rule", async () => {
    const member = await memberWithCapsule(t);
    const slot = await startFor(member.client, member.capsuleId, {
      bytes: Buffer.alloc(1024, 1),
      contentType: 'video/mp4',
    });
    const withoutOurs = (rules: CorsRule[]) =>
      rules.filter((rule) => rule.allowedOrigins !== ours.allowedOrigins);
    const current = (await service.getProperties()).cors ?? [];
    await service.setProperties({ cors: [...withoutOurs(current), OTHER_RULE].slice(-4) });
    expect((await preflight(slot.sasUrl, publicUrl)).status).toBe(403);

    const renewed = await member.client.trpc.capsules.upload.renew.mutate({
      capsuleId: member.capsuleId,
      uploadId: slot.uploadId,
    });
    const after = (await service.getProperties()).cors ?? [];
    expect(after).toContainEqual(ours);
    expect(after).toContainEqual(OTHER_RULE);
    expect(after.filter((rule) => rule.allowedOrigins === ours.allowedOrigins)).toHaveLength(1);
    const answer = await preflight(renewed.sasUrl, publicUrl);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(publicUrl);
  });
});
