import { CAPSULE_REFUSALS } from '@capsule/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signIn, trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestVideo, type TestFile } from '../support/test-videos.js';
import { type Member, memberWithCapsule, startFor, uploadAndReview } from '../support/uploads.js';

// The one-time preview (spec section 4): only the owner, only a stored capsule not yet
// previewed, used up atomically so two tabs cannot both play it; a short read URL that plays.

describe.each(databaseKinds())('one-time preview (%s)', (kind) => {
  let t: TestApp;
  let mp4: TestFile;
  let m: Member;

  beforeAll(async () => {
    [t, mp4] = await Promise.all([startTestApp(kind), makeTestVideo({ seconds: 2, format: 'mp4' })]);
  }, 90_000);
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    m = await memberWithCapsule(t);
  });

  it('is refused before the video is stored', async () => {
    const error = await trpcError(m.client.trpc.capsules.preview.mutate({ id: m.capsuleId }));
    expect([error.data?.httpStatus, error.message]).toEqual([409, CAPSULE_REFUSALS.notStored]);
    await startFor(m.client, m.capsuleId, mp4);
    expect((await trpcError(m.client.trpc.capsules.preview.mutate({ id: m.capsuleId }))).message).toBe(
      CAPSULE_REFUSALS.notStored,
    );
    expect((await m.client.trpc.capsules.byId.query({ id: m.capsuleId })).previewViewed).toBe(false);
  });

  it('plays once: of two tabs asking at once exactly one gets a URL, and it plays the video', async () => {
    await uploadAndReview(t, m, mp4);
    const stranger = await signIn(t, await t.createUser());
    expect(
      (await trpcError(stranger.trpc.capsules.preview.mutate({ id: m.capsuleId }))).data?.httpStatus,
    ).toBe(404);
    const strangerRest = await stranger.rest('POST', '/api/get-secure-url-preview', { id: m.capsuleId });
    expect(strangerRest).toMatchObject({ status: 404, body: { error: 'Capsule not found' } });

    // Two tabs of one browser share the session: three calls at once, two over tRPC, one over REST.
    const answers = await Promise.allSettled([
      m.client.trpc.capsules.preview.mutate({ id: m.capsuleId }),
      m.client.trpc.capsules.preview.mutate({ id: m.capsuleId }),
      m.client.rest('POST', '/api/get-secure-url-preview', { id: m.capsuleId }),
    ]);
    const urls = [
      ...answers.flatMap((a) => (a.status === 'fulfilled' && 'url' in a.value ? [a.value.url] : [])),
      ...answers.flatMap((a) =>
        a.status === 'fulfilled' && 'status' in a.value && a.value.status === 200 ? [a.value.body.url] : [],
      ),
    ];
    expect(urls).toHaveLength(1);
    const refusals = answers.map((a) =>
      a.status === 'rejected'
        ? String(a.reason)
        : 'status' in a.value && a.value.status !== 200
          ? `${a.value.status} ${a.value.body.error}`
          : 'url',
    );
    expect(refusals.filter((r) => r.includes(CAPSULE_REFUSALS.previewUsed))).toHaveLength(2);

    const url = new URL(String(urls[0]));
    expect(url.searchParams.get('sp')).toBe('r');
    expect(Date.parse(String(url.searchParams.get('se'))) - Date.now()).toBeLessThanOrEqual(16 * 60_000);
    const ranged = await fetch(url, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-type')).toBe('video/mp4');
    // What plays is the playback rendition made at review, not the file as uploaded.
    const stored = await t.deps.db
      .selectFrom('capsules')
      .select(['ownerId', 'videoRenditionBlobName'])
      .where('id', '=', m.capsuleId)
      .executeTakeFirstOrThrow();
    if (!stored.videoRenditionBlobName) throw new Error('the accepted video has no rendition');
    const rendition = await t.deps.storage.readFirstBytes(
      { container: `user-${stored.ownerId}`, blob: stored.videoRenditionBlobName },
      100,
    );
    const served = Buffer.from(await ranged.arrayBuffer());
    expect(served.equals(rendition)).toBe(true);
    expect(served.equals(mp4.bytes.subarray(0, 100))).toBe(false);

    expect((await m.client.trpc.capsules.byId.query({ id: m.capsuleId })).previewViewed).toBe(true);
    const again = await m.client.rest('POST', '/api/get-secure-url-preview', { id: m.capsuleId });
    expect(again).toMatchObject({ status: 409, body: { error: CAPSULE_REFUSALS.previewUsed } });
  });

  it('a replaced video brings a new preview of its own', async () => {
    await uploadAndReview(t, m, mp4);
    await m.client.trpc.capsules.preview.mutate({ id: m.capsuleId });
    await uploadAndReview(t, m, mp4);
    const grant = await m.client.trpc.capsules.preview.mutate({ id: m.capsuleId });
    expect(grant.url).toMatch(/^http/);
  });
});
