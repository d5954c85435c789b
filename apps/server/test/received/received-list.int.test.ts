import { RECEIVED_INPUT_TEXTS } from '@capsule/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signIn, type TestClient, trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { daysAgo } from '../support/factories.js';
import { type Person, type ReceivedOptions, receivedCapsule } from '../support/received.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The Received Capsules page's list: filtered by type and status, sorted by the four
// release conditions, paged and counted by the database; the stat cards count every capsule the
// user received; the sender's name comes from the sender's account. tRPC and the spec's REST call.

describe.each(databaseKinds())('received capsules: the list (%s)', (kind) => {
  let t: TestApp;
  let ann: Person;
  let bob: Person;
  let recipient: Person;
  let client: TestClient;
  /** The arranged capsules by letter, a oldest received … f newest. */
  let ids: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f', string>;

  beforeAll(async () => {
    t = await startTestApp(kind);
  }, 120_000);
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    ann = await t.createUser({ fullName: 'Ann Sender' });
    bob = await t.createUser({ fullName: 'Bob Sender' });
    recipient = await t.createUser({ fullName: 'Rita Recipient' });
    const arrange = (from: Person, daysBack: number, options: ReceivedOptions) =>
      receivedCapsule(t, from, recipient, { ...options, receivedAt: daysAgo(t, daysBack) });
    ids = {
      a: await arrange(ann, 5, { criteria: 'View_Any_Time', category: 'Graduation' }),
      b: await arrange(ann, 4, {
        criteria: 'Milestone_Date',
        category: 'Wedding',
        deliveryDate: '2099-01-01',
      }),
      c: await arrange(ann, 3, {
        criteria: 'Milestone_Date',
        category: 'Graduation',
        deliveryDate: '2030-06-01',
      }),
      d: await arrange(ann, 2, {
        criteria: 'Milestone_Date',
        category: 'First Born',
        deliveryDate: '2020-01-01',
      }),
      e: await arrange(bob, 1, { criteria: 'Premium_Verification', category: 'Wedding' }),
      f: await arrange(bob, 0, { criteria: 'Document_Validation', documentStatus: 'Verified' }),
    };
    // Someone else's: never in this recipient's list or counts.
    await receivedCapsule(t, ann, await t.createUser(), {
      criteria: 'View_Any_Time',
      category: 'Graduation',
    });
    client = await signIn(t, recipient);
  });

  const list = async (input: Parameters<TestClient['trpc']['receivedCapsules']['list']['query']>[0]) => {
    const page = await client.trpc.receivedCapsules.list.query(input);
    const letter = (id: string) => Object.entries(ids).find(([, v]) => v === id)?.[0];
    return { ...page, letters: page.items.map((i) => letter(i.id)).join('') };
  };

  it('sorts by the four release conditions and counts every capsule received', async () => {
    const all = await list({});
    expect([all.letters, all.total, all.page, all.limit]).toEqual(['fedcba', 6, 1, 12]);
    expect(all.counts).toEqual({ total: 6, viewAnyTime: 1, milestoneDate: 3, documentValidation: 2 });
    // Milestone Date: Milestone_Date capsules, soonest delivery date first.
    expect((await list({ sort: 'milestone' })).letters).toBe('dcb');
    // Releasable: what may be watched now (the release rule), newest first.
    const releasable = await list({ sort: 'releasable' });
    expect(releasable.letters).toBe('fda');
    expect(releasable.items.every((i) => i.canView)).toBe(true);
    expect(all.items.filter((i) => i.canView).length).toBe(releasable.total);
    // Verification Needed: document capsules whose document is not Verified.
    const verification = await list({ sort: 'verification' });
    expect([verification.letters, verification.total]).toEqual(['e', 1]);
    expect(verification.items[0]).toMatchObject({ canSubmitDocuments: true, documentStatus: null });
    // The counts do not follow the filter.
    expect(verification.counts).toEqual(all.counts);
  });

  it('filters by type and status, alone or with a sort; the sender is named from their account', async () => {
    expect((await list({ type: 'Graduation' })).letters).toBe('ca');
    expect((await list({ type: 'graduation', sort: 'milestone' })).letters).toBe('c');
    const none = await list({ type: 'Honeymoon' });
    expect([none.letters, none.total, none.counts.total]).toEqual(['', 0, 6]);
    expect((await list({ status: 'Sent' })).total).toBe(6);
    expect((await list({ status: 'Pending_Upload' })).total).toBe(0);
    const [e] = (await list({ sort: 'verification' })).items;
    expect(e?.sender).toEqual({ id: bob.id, name: 'Bob Sender', email: bob.email });
    expect(e?.recipientName).toBe('Rita Recipient');
  });

  it('pages in the database: a page past the end still knows the total', async () => {
    expect((await list({ limit: 2, page: 2 })).letters).toBe('dc');
    const past = await list({ limit: 2, page: 4 });
    expect([past.letters, past.total]).toEqual(['', 6]);
    for (const bad of [{ limit: 49 }, { limit: 0 }, { page: 0 }]) {
      const error = await trpcError(client.trpc.receivedCapsules.list.query(bad));
      expect(error.data?.httpStatus).toBe(400);
    }
  });

  it("GET /api/received-capsules answers the spec's fields, sortby labels and counts", async () => {
    const answer = await client.rest<{
      capsules: Array<Record<string, unknown>>;
      counts: Record<string, number>;
      total: number;
      page: number;
      limit: number;
    }>('GET', '/api/received-capsules?sortby=Verification%20Needed');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      counts: { total: 6, viewAnyTime: 1, milestoneDate: 3, documentValidation: 2 },
      total: 1,
      page: 1,
      limit: 12,
    });
    expect(answer.body.capsules).toEqual([
      expect.objectContaining({
        id: ids.e,
        x_status: 'Sent',
        x_studio_capsule_type: 'Wedding',
        x_studio_recipient_name: 'Rita Recipient',
        x_studio_recipient_email: recipient.email,
        x_delivery_criteria: 'Premium_Verification',
        x_Document_Verification_Status: null,
        x_storage_blob_name: `capsule-${ids.e}`,
        x_Contact_User_Id: bob.id,
        x_Contact_User_Name: 'Bob Sender',
        videoUrl: null,
        // Sealed until its document is verified: not a frame of it.
        videoThumbnailUrl: null,
        x_can_view: false,
        x_can_submit_documents: true,
      }),
    ]);
    const byType = await client.rest<{ capsules: Array<{ id: string }> }>(
      'GET',
      '/api/received-capsules?type=Graduation&sortby=Milestone%20Date&x_status=Sent',
    );
    expect(byType.body.capsules.map((c) => c.id)).toEqual([ids.c]);
    const paged = await client.rest<{ capsules: Array<{ id: string }>; total: number }>(
      'GET',
      '/api/received-capsules?sortby=default&page=2&limit=4',
    );
    expect([paged.body.capsules.map((c) => c.id), paged.body.total]).toEqual([[ids.b, ids.a], 6]);

    for (const [query, error] of [
      ['sortby=newest', RECEIVED_INPUT_TEXTS.unknownSort],
      ['type=Bar%20Mitzvah', RECEIVED_INPUT_TEXTS.unknownType],
      ['limit=49', RECEIVED_INPUT_TEXTS.limit],
      ['page=0', RECEIVED_INPUT_TEXTS.page],
    ]) {
      expect(await client.rest('GET', `/api/received-capsules?${query}`)).toMatchObject({
        status: 400,
        body: { error },
      });
    }
  });

  it("GET /api/received-capsules/{id} answers one; the first opening is the video's, recorded once", async () => {
    const first = await client.rest<Record<string, unknown>>('GET', `/api/received-capsules/${ids.a}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: ids.a,
      x_studio_capsule_type: 'Graduation',
      x_delivery_criteria: 'View_Any_Time',
      x_Contact_User_Name: 'Ann Sender',
      x_can_view: true,
      opened_at: null,
    });
    expect((await client.rest('POST', '/api/get-secure-url', { id: ids.a })).status).toBe(200);
    const opened = await client.rest<Record<string, unknown>>('GET', `/api/received-capsules/${ids.a}`);
    expect(opened.body.opened_at).toEqual(expect.any(String));
    t.clock.advanceMinutes(3);
    await client.rest('POST', '/api/get-secure-url', { id: ids.a });
    const again = await client.rest<Record<string, unknown>>('GET', `/api/received-capsules/${ids.a}`);
    expect(again.body.opened_at).toBe(opened.body.opened_at);
    // The list does not open anything.
    expect((await list({ sort: 'milestone' })).items.every((i) => i.openedAt === null)).toBe(true);
  });

  it('a sealed capsule shows no frame of its video, on tRPC and REST; an open one does', async () => {
    const items = (await list({})).items;
    const thumbnailOf = (id: string) => items.find((i) => i.id === id)?.thumbnailUrl;
    // b, c: dated in the future; e: its document not verified. a, d, f are open.
    for (const sealed of [ids.b, ids.c, ids.e]) {
      expect(thumbnailOf(sealed)).toBeNull();
      expect((await client.trpc.receivedCapsules.byId.query({ id: sealed })).thumbnailUrl).toBeNull();
      const rest = await client.rest<Record<string, unknown>>('GET', `/api/received-capsules/${sealed}`);
      expect([rest.body.videoThumbnailUrl, rest.body.videoUrl]).toEqual([null, null]);
    }
    const restList = await client.rest<{ capsules: Array<Record<string, unknown>> }>(
      'GET',
      '/api/received-capsules',
    );
    const sealedInRest = restList.body.capsules.filter((c) => [ids.b, ids.c, ids.e].includes(c.id as string));
    expect(sealedInRest.map((c) => c.videoThumbnailUrl)).toEqual([null, null, null]);
    for (const open of [ids.a, ids.d, ids.f]) {
      const thumbnail = await fetch(thumbnailOf(open) ?? '');
      expect([thumbnail.status, thumbnail.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    }
  });

  it("the dashboard's Received tile counts them, for the recipient only", async () => {
    expect((await client.trpc.capsules.counts.query()).received).toBe(6);
    expect((await client.rest('GET', '/api/capsules/counts')).body).toMatchObject({ received: 6 });
    const annClient = await signIn(t, ann);
    expect((await annClient.trpc.capsules.counts.query()).received).toBe(0);
  });

  it('twelve to a page by default', async () => {
    for (let i = 0; i < 7; i++) await receivedCapsule(t, ann, recipient, { criteria: 'View_Any_Time' });
    const first = await list({});
    const second = await list({ page: 2 });
    expect([first.items.length, second.items.length, first.total]).toEqual([12, 1, 13]);
    expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(13);
  });
});
