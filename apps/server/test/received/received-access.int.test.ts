import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newClient, signIn, type TestClient, trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { type Person, receivedCapsule, receivedRow } from '../support/received.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Only the recipient reaches a received capsule (docs/server-rules.md, 'Authorisation'): its sender and
// any other member get exactly what a missing capsule gets (404, 'Capsule not found') on every
// received path, tRPC and REST, and change nothing; a signed-out caller gets 401.

const NOT_FOUND = 'Capsule not found';
const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(databaseKinds())('received capsules: who may reach them (%s)', (kind) => {
  let t: TestApp;
  let sender: Person;
  let recipient: Person;
  let capsuleId: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
  }, 120_000);
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    sender = await t.createUser();
    recipient = await t.createUser();
    // Open to its recipient (View_Any_Time) and needing a document (Premium_Verification)
    // would each let a refusal hide behind another; the document calls get one of each.
    capsuleId = await receivedCapsule(t, sender, recipient, { criteria: 'Premium_Verification' });
  });

  /** Every received call a client can make on one capsule, tRPC and REST. */
  function everyCall(c: TestClient, id: string) {
    const trpc: Array<[string, () => Promise<unknown>]> = [
      ['byId', () => c.trpc.receivedCapsules.byId.query({ id })],
      ['secureUrl', () => c.trpc.receivedCapsules.secureUrl.mutate({ id })],
      ['played', () => c.trpc.receivedCapsules.played.mutate({ id })],
      [
        'document.start',
        () =>
          c.trpc.receivedCapsules.document.start.mutate({
            capsuleId: id,
            fileName: 'passport.png',
            contentType: 'image/png',
            size: 1000,
          }),
      ],
      [
        'document.complete',
        () =>
          c.trpc.receivedCapsules.document.complete.mutate({ capsuleId: id, blobName: `${id}/documents/x` }),
      ],
    ];
    const rest: Array<[string, string, unknown?]> = [
      ['GET', `/api/received-capsules/${id}`],
      ['POST', '/api/get-secure-url', { id }],
      ['POST', '/api/get-document-sas-url', { capsuleId: id, blobName: 'video' }],
      [
        'POST',
        '/api/notify-document-upload-complete',
        { data: { capsuleId: id, blobName: 'video' }, metadata: {} },
      ],
    ];
    return { trpc, rest };
  }

  async function expectNothingChanged() {
    const row = await receivedRow(t, capsuleId);
    expect([row.viewedAt, row.playedAt, row.documentVerificationStatus]).toEqual([null, null, null]);
    expect(await t.deps.db.selectFrom('documentUploads').select('id').execute()).toEqual([]);
  }

  it.each(['the sender', 'another member'] as const)(
    '%s gets 404 on every received path, tRPC and REST, and changes nothing',
    async (who) => {
      const c = await signIn(t, who === 'the sender' ? sender : await t.createUser());
      const { trpc, rest } = everyCall(c, capsuleId);
      for (const [name, call] of trpc) {
        const error = await trpcError(call());
        expect([name, error.data?.httpStatus, error.message]).toEqual([name, 404, NOT_FOUND]);
      }
      for (const [method, path, body] of rest) {
        const answer = await c.rest(method, path, body);
        expect([method, path, answer.status, answer.body]).toEqual([method, path, 404, { error: NOT_FOUND }]);
      }
      // Their list does not show it either.
      expect((await c.trpc.receivedCapsules.list.query({})).total).toBe(0);
      const list = await c.rest<{ capsules: unknown[]; counts: { total: number } }>(
        'GET',
        '/api/received-capsules',
      );
      expect([list.status, list.body.capsules, list.body.counts.total]).toEqual([200, [], 0]);
      await expectNothingChanged();
    },
  );

  it('a missing or malformed id is a 404 like someone else’s, for the recipient too', async () => {
    const c = await signIn(t, recipient);
    for (const id of [MISSING, 'not-an-id']) {
      const { trpc, rest } = everyCall(c, id);
      for (const [name, call] of trpc) {
        expect([name, (await trpcError(call())).data?.httpStatus]).toEqual([name, 404]);
      }
      for (const [method, path, body] of rest) {
        expect([path, (await c.rest(method, path, body)).status]).toEqual([path, 404]);
      }
    }
    await expectNothingChanged();
  });

  it('signed out: 401 on every received path, the list included', async () => {
    const c = newClient(t);
    const { trpc, rest } = everyCall(c, capsuleId);
    for (const [name, call] of [...trpc, ['list', () => c.trpc.receivedCapsules.list.query({})] as const]) {
      expect([name, (await trpcError(call())).data?.httpStatus]).toEqual([name, 401]);
    }
    for (const [method, path, body] of [...rest, ['GET', '/api/received-capsules'] as const]) {
      const answer = await c.rest(method, path, body);
      expect([path, answer.status, typeof answer.body.error]).toEqual([path, 401, 'string']);
    }
    await expectNothingChanged();
  });

  it('the recipient reaches every one of them', async () => {
    const c = await signIn(t, recipient);
    expect((await c.trpc.receivedCapsules.byId.query({ id: capsuleId })).id).toBe(capsuleId);
    expect((await c.rest('GET', `/api/received-capsules/${capsuleId}`)).status).toBe(200);
    // Closed (no document yet): 403 with the reason, not a 404.
    expect(
      (await trpcError(c.trpc.receivedCapsules.secureUrl.mutate({ id: capsuleId }))).data?.httpStatus,
    ).toBe(403);
    expect((await c.rest('POST', '/api/get-document-sas-url', { capsuleId })).status).toBe(200);
  });
});
