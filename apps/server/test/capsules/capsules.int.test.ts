import { CAPSULE_ACTION_TEXTS, CAPSULE_INFO_TEXTS, CAPSULE_REFUSALS } from '@capsule/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newClient, signIn, type TestClient, trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { addContact, arrangeCapsule, daysAgo, purchase } from '../support/factories.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

type SenderView = Record<string, unknown> & { id: string; x_status: string };

const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(databaseKinds())('My Capsules over REST and tRPC (%s)', (kind) => {
  let t: TestApp;
  let user: TestUser & { id: string };
  let me: TestClient;
  let stranger: TestClient;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    user = await t.createUser();
    me = await signIn(t, user);
    stranger = await signIn(t, await t.createUser());
  });

  const capsuleIds = async (client = me) =>
    (await client.rest<SenderView[]>('GET', '/api/capsules')).body.map((c) => c.id);
  const statusOf = async (id: string) => (await me.trpc.capsules.byId.query({ id })).status;

  /** Capsules of '5 Legacy Capsules' (Milestone Date) assigned a recipient, with a date unless told. */
  async function assigned(count = 1, { withDate = true } = {}) {
    await purchase(t, user.email, '5 Legacy Capsules');
    const contact = await addContact(me);
    const ids = (await capsuleIds()).slice(0, count);
    const milestoneDate = withDate ? { milestoneDate: `${dateIn(30)}T00:00:00.000Z` } : {};
    for (const id of ids) {
      await me.rest('POST', `/api/capsules/${id}/recipient`, { contactId: contact.id, ...milestoneDate });
    }
    return { ids, contact };
  }

  /** A video that passed review, uploaded `days` ago, as the review job leaves it. */
  const stored = (id: string, days: number, status: 'Sent' | 'Needs_Review' = 'Sent') =>
    arrangeCapsule(t, id, { status, uploadDate: daysAgo(t, days), videoBlobName: `videos/${id}.mp4` });

  it('records a purchase: counts, list, subscription and allowance', async () => {
    expect((await me.rest('GET', '/api/capsules/counts')).body).toEqual({
      total: 0,
      needRecipient: 0,
      needUpload: 0,
      sent: 0,
      received: 0,
    });
    await purchase(t, user.email, '5 Legacy Capsules');
    expect((await me.rest('GET', '/api/capsules/counts')).body).toEqual({
      total: 5,
      needRecipient: 5,
      needUpload: 0,
      sent: 0,
      received: 0,
    });
    const list = await me.rest<SenderView[]>('GET', '/api/capsules');
    expect(list.body).toHaveLength(5);
    expect(list.body[0]).toMatchObject({
      x_status: 'Pending_Recipient',
      x_capsule_kind: 'legacy',
      x_delivery_criteria: 'Milestone_Date',
      x_capsule_length: '5_minutes',
      x_capsule_locked: false,
      x_Recipient_Id: false,
      x_studio_recipient_name: null,
    });
    // Capsules made together keep the order they were made in.
    const titles = async (sortby: string) =>
      (await me.rest<SenderView[]>('GET', `/api/capsules?sortby=${sortby}`)).body.map((c) => c.title);
    expect(await titles('oldest')).toEqual([1, 2, 3, 4, 5].map((n) => `Legacy Capsule #${n}`));
    expect(await titles('newest')).toEqual([5, 4, 3, 2, 1].map((n) => `Legacy Capsule #${n}`));
    const subscription = await me.rest('GET', '/api/subscription');
    expect(subscription.body).toMatchObject({
      product_name: '5 Legacy Capsules',
      subscriptionsList: [{ name: '5 Legacy Capsules', pricing: [{ price: 199 }] }],
    });
    expect(await me.trpc.subscriptions.current.query()).toMatchObject({
      productName: '5 Legacy Capsules',
      allowance: 5,
    });
    // A second purchase: the plan is what the user holds, its first word the whole allowance.
    await purchase(t, user.email, '3 Journey Capsules');
    expect((await me.rest('GET', '/api/subscription')).body).toMatchObject({
      product_name: '8 Capsules (3 Journey Capsules, 5 Legacy Capsules)',
    });
    expect(await me.trpc.subscriptions.current.query()).toMatchObject({ allowance: 8 });
    // The stranger sees none of it.
    expect((await stranger.rest('GET', '/api/capsules/counts')).body).toMatchObject({ total: 0 });
    expect(await capsuleIds(stranger)).toEqual([]);
  });

  it('pages 30 capsules 12 at a time and filters by status and type in the database', async () => {
    await purchase(t, user.email, '10 Legacy Capsules', 3);
    const page = async (query: string) => me.rest<SenderView[]>('GET', `/api/capsules${query}`);
    // The spec's client sends no page: it gets the whole list and pages it itself.
    const whole = await page('');
    expect(whole.body).toHaveLength(30);
    expect(whole.headers.get('x-total-count')).toBe('30');
    const first = await page('?page=1');
    expect(first.body).toHaveLength(12);
    expect(first.body).toEqual(whole.body.slice(0, 12));
    expect(first.headers.get('x-total-count')).toBe('30');
    expect((await page('?page=3')).body).toHaveLength(6);
    expect((await page('?page=4')).body).toHaveLength(0);
    const trpcPage = await me.trpc.capsules.list.query({ page: 2 });
    expect(trpcPage).toMatchObject({ total: 30, page: 2, pageSize: 12, pageCount: 3 });
    expect(
      new Set(
        [...first.body, ...(await page('?page=2')).body, ...(await page('?page=3')).body].map((c) => c.id),
      ).size,
    ).toBe(30);

    const contact = await addContact(me);
    const [a, b, c] = first.body;
    for (const capsule of [a, b, c])
      await me.rest('POST', `/api/capsules/${capsule?.id}/recipient`, { contactId: contact.id });
    await me.rest('POST', '/api/capsules/set-milestone', { capsule: a?.id, capsuleType: 'Wedding' });
    await me.rest('POST', '/api/capsules/set-milestone', { capsule: b?.id, capsuleType: 'Graduation' });

    expect((await page('?x_status=Pending_Upload')).headers.get('x-total-count')).toBe('3');
    expect((await page('?x_status=pending_recipient')).headers.get('x-total-count')).toBe('27');
    expect((await page('?type=Wedding')).body.map((x) => x.id)).toEqual([a?.id]);
    expect((await page('?type=Wedding&type=Graduation')).body).toHaveLength(2);
    expect((await page('?x_status=Sent')).body).toEqual([]);
    expect(
      (await me.trpc.capsules.list.query({ status: 'Pending_Upload', types: ['Graduation'] })).capsules.map(
        (x) => x.id,
      ),
    ).toEqual([b?.id]);
    expect((await page('?x_status=Bogus')).status).toBe(400);
    expect((await page('?sortby=sideways')).status).toBe(400);
  });

  it('assigns a recipient once and for ever, copying the contact', async () => {
    await purchase(t, user.email, '1 Legacy Capsule');
    const [id] = await capsuleIds();
    const grace = await addContact(me, 'Grace');
    const other = await addContact(me, 'Ada');

    const assign = await me.rest<SenderView>('POST', `/api/capsules/${id}/recipient`, {
      contactId: grace.id,
      milestoneDate: `${dateIn(30)}T00:00:00.000Z`,
      milestoneMessage: 'For your wedding day',
    });
    expect(assign.status).toBe(200);
    expect(assign.body).toMatchObject({
      x_status: 'Pending_Upload',
      x_Recipient_Id: [grace.id, 'Grace Turing'],
      x_studio_recipient_name: 'Grace Turing',
      x_studio_recipient_email: 'grace@example.test',
      x_studio_delivery_date: dateIn(30),
      x_studio_message: 'For your wedding day',
    });

    const again = await me.rest('POST', `/api/capsules/${id}/recipient`, { contactId: other.id });
    expect(again).toMatchObject({ status: 409, body: { error: CAPSULE_REFUSALS.hasRecipient } });
    const viaTrpc = await trpcError(
      me.trpc.capsules.assignRecipient.mutate({ capsuleId: id ?? '', contactId: other.id }),
    );
    expect(viaTrpc.data?.code).toBe('CONFLICT');
    expect((await me.trpc.capsules.byId.query({ id: id ?? '' })).recipientName).toBe('Grace Turing');

    // Editing or deleting the contact leaves the capsule's own copy alone.
    await me.trpc.contacts.update.mutate({
      id: grace.id,
      contact: {
        firstName: 'Gracie',
        lastName: 'H',
        email: 'new@example.test',
        phone: null,
        relationshipType: null,
        relationshipDetails: null,
        birthday: null,
      },
    });
    await me.trpc.contacts.delete.mutate({ id: grace.id });
    expect(await me.trpc.capsules.byId.query({ id: id ?? '' })).toMatchObject({
      recipientName: 'Grace Turing',
      recipientEmail: 'grace@example.test',
      status: 'Pending_Upload',
      contactId: null,
    });
  });

  it('refuses an assignment without a contact or with a stranger contact, on both surfaces alike', async () => {
    await purchase(t, user.email, '1 Legacy Capsule');
    const [id = ''] = await capsuleIds();
    const theirs = await addContact(stranger, 'Eve');
    expect((await me.rest('POST', `/api/capsules/${id}/recipient`, {})).status).toBe(400);
    expect((await me.rest('POST', `/api/capsules/${id}/recipient`, { contactId: theirs.id })).status).toBe(
      404,
    );
    // One input schema for both surfaces: the same refusal, the same words.
    const rest = await me.rest('POST', `/api/capsules/${id}/recipient`, { contactId: '' });
    const trpc = await trpcError(me.trpc.capsules.assignRecipient.mutate({ capsuleId: id, contactId: '' }));
    expect(rest.body.error).toBe(CAPSULE_ACTION_TEXTS.contactIdRequired);
    expect(trpc.data?.code).toBe('BAD_REQUEST');
    expect(trpc.message).toBe(CAPSULE_ACTION_TEXTS.contactIdRequired);
    expect(await statusOf(id)).toBe('Pending_Recipient');
  });

  it('sets capsule info within the rules: date bounds, category list, criteria, not before a recipient', async () => {
    await purchase(t, user.email, '5 Legacy Capsules');
    const [pendingRecipient = '', id = ''] = await capsuleIds();
    await me.rest('POST', `/api/capsules/${id}/recipient`, { contactId: (await addContact(me)).id });

    const set = (body: Record<string, unknown>) =>
      me.rest<SenderView & { error?: string }>('POST', '/api/capsules/set-milestone', {
        capsule: id,
        ...body,
      });
    expect(
      (await set({ milestoneDate: dateIn(365), capsuleType: 'Graduation', milestoneMessage: 'Proud of you' }))
        .body,
    ).toMatchObject({
      x_studio_delivery_date: dateIn(365),
      x_studio_capsule_type: 'Graduation',
      x_studio_message: 'Proud of you',
    });
    expect((await set({ milestoneDate: dateIn(-2) })).body).toMatchObject({
      error: CAPSULE_INFO_TEXTS.deliveryDateInPast,
    });
    const farFuture = `${new Date().getUTCFullYear() + 1201}-01-01`;
    expect((await set({ milestoneDate: farFuture })).body).toMatchObject({
      error: CAPSULE_INFO_TEXTS.deliveryDateTooFar,
    });
    expect((await set({ capsuleType: 'Birthday' })).body).toMatchObject({
      error: CAPSULE_INFO_TEXTS.categoryInvalid,
    });
    expect((await set({})).body).toMatchObject({ error: CAPSULE_INFO_TEXTS.nothingGiven });
    expect(
      (
        await me.rest('POST', '/api/capsules/set-milestone', {
          capsule: pendingRecipient,
          capsuleType: 'Wake',
        })
      ).status,
    ).toBe(409);

    const error = await trpcError(
      me.trpc.capsules.setInfo.mutate({
        capsuleId: id,
        info: { deliveryDate: dateIn(-2), category: null, message: null },
      }),
    );
    expect(error.message).toBe(CAPSULE_INFO_TEXTS.deliveryDateInPast);
    expect(await me.trpc.capsules.byId.query({ id })).toMatchObject({
      deliveryDate: dateIn(365),
      category: 'Graduation',
    });

    // A date only for Milestone_Date capsules.
    await purchase(t, user.email, '3 Journey Capsules');
    const journey = (await me.trpc.capsules.list.query({ page: 1 })).capsules.find(
      (c) => c.kind === 'journey',
    );
    await me.trpc.capsules.assignRecipient.mutate({
      capsuleId: journey?.id ?? '',
      contactId: (await addContact(me, 'Joy')).id,
    });
    const notMilestone = await me.rest('POST', '/api/capsules/set-milestone', {
      capsule: journey?.id,
      milestoneDate: dateIn(10),
    });
    expect(notMilestone).toMatchObject({
      status: 409,
      body: { error: CAPSULE_INFO_TEXTS.deliveryDateNotAllowed },
    });
    expect(
      (
        await me.rest('POST', '/api/capsules/set-milestone', {
          capsule: journey?.id,
          milestoneMessage: 'Any time',
        })
      ).status,
    ).toBe(200);
  });

  it('locks a stored capsule within 10 days of upload, once, irreversibly', async () => {
    const { ids } = await assigned(4);
    const [fresh = '', day9 = '', day11 = '', noVideo = ''] = ids;
    await stored(fresh, 1);
    // A re-upload refused by the review keeps the video it was to replace: that one is sealed.
    await stored(day9, 9, 'Needs_Review');
    await stored(day11, 11);

    expect((await me.rest<SenderView>('POST', '/api/capsule/lock', { capsuleId: fresh })).body).toMatchObject(
      { x_capsule_locked: true },
    );
    expect(await me.rest('POST', '/api/capsule/lock', { capsuleId: fresh })).toMatchObject({
      status: 409,
      body: { error: CAPSULE_REFUSALS.alreadyLocked },
    });
    expect((await me.trpc.capsules.lock.mutate({ capsuleId: day9 })).locked).toBe(true);
    expect(await me.rest('POST', '/api/capsule/lock', { capsuleId: day11 })).toMatchObject({
      status: 409,
      body: { error: CAPSULE_REFUSALS.windowClosed },
    });
    expect(await me.rest('POST', '/api/capsule/lock', { capsuleId: noVideo })).toMatchObject({
      status: 409,
      body: { error: CAPSULE_REFUSALS.noVideo },
    });
    expect((await me.rest('POST', '/api/capsule/lock', {})).status).toBe(400);

    // Locked: no info change, no video deletion.
    expect(
      (await me.rest('POST', '/api/capsules/set-milestone', { capsule: fresh, milestoneMessage: 'late' }))
        .body,
    ).toEqual({
      error: CAPSULE_REFUSALS.infoFinal,
    });
    expect((await me.rest('DELETE', `/api/capsules/${fresh}/video`)).status).toBe(409);
    expect((await me.trpc.capsules.byId.query({ id: day11 })).locked).toBe(false);
  });

  it('deletes a video within the window (back to Pending_Upload) and refuses it otherwise', async () => {
    const { ids } = await assigned(4);
    const [day9 = '', day11 = '', reviewing = '', noVideo = ''] = ids;
    await arrangeCapsule(t, day9, {
      status: 'Sent',
      uploadDate: daysAgo(t, 9),
      videoBlobName: 'videos/a.mp4',
    });
    await arrangeCapsule(t, day11, { status: 'Sent', uploadDate: daysAgo(t, 11) });
    await arrangeCapsule(t, reviewing, { status: 'Reviewing', uploadDate: daysAgo(t, 0) });

    const deleted = await me.rest<SenderView>('DELETE', `/api/capsules/${day9}/video`);
    expect(deleted.body).toMatchObject({ x_status: 'Pending_Upload', x_Upload_Date: null });
    expect(await me.rest('DELETE', `/api/capsules/${day11}/video`)).toMatchObject({
      status: 409,
      body: { error: CAPSULE_REFUSALS.windowClosed },
    });
    expect(await me.rest('DELETE', `/api/capsules/${reviewing}/video`)).toMatchObject({
      status: 409,
      body: { error: CAPSULE_REFUSALS.busy },
    });
    expect((await trpcError(me.trpc.capsules.deleteVideo.mutate({ capsuleId: noVideo }))).data?.code).toBe(
      'CONFLICT',
    );
    expect(await statusOf(day11)).toBe('Sent');
    expect(await statusOf(reviewing)).toBe('Reviewing');
  });

  it('recovers a capsule marked for deletion to the status it had', async () => {
    const { ids } = await assigned(2);
    const [marked = '', active = ''] = ids;
    await arrangeCapsule(t, marked, {
      status: 'To_Delete',
      statusBeforeDelete: 'Sent',
      uploadDate: daysAgo(t, 40),
    });
    expect(
      (await me.rest('POST', '/api/capsules/set-milestone', { capsule: marked, milestoneMessage: 'x' }))
        .status,
    ).toBe(409);
    expect(
      (await me.rest<SenderView>('POST', '/api/recover-capsule', { capsuleId: marked })).body,
    ).toMatchObject({ x_status: 'Sent' });
    expect(await me.rest('POST', '/api/recover-capsule', { capsuleId: active })).toMatchObject({
      status: 409,
      body: { error: CAPSULE_REFUSALS.notMarkedForDeletion },
    });
    expect((await trpcError(me.trpc.capsules.recover.mutate({ capsuleId: marked }))).data?.code).toBe(
      'CONFLICT',
    );
  });

  it('locks a Milestone Date capsule only with its date, which the lock may carry; a first video refused by review is never sealed', async () => {
    const { ids } = await assigned(4, { withDate: false });
    const [undated = '', viaRest = '', refused = '', other = ''] = ids;
    for (const id of [undated, viaRest, other]) await stored(id, 1);
    await arrangeCapsule(t, refused, { status: 'Needs_Review', uploadDate: daysAgo(t, 1) });

    expect(await me.rest('POST', '/api/capsule/lock', { capsuleId: undated })).toMatchObject({
      status: 409,
      body: { error: CAPSULE_REFUSALS.needsDeliveryDate },
    });
    const refusal = await trpcError(me.trpc.capsules.lock.mutate({ capsuleId: undated }));
    expect([refusal.data?.code, refusal.message]).toEqual(['CONFLICT', CAPSULE_REFUSALS.needsDeliveryDate]);
    expect((await me.trpc.capsules.byId.query({ id: undated })).locked).toBe(false);

    // The Lock dialog's date: set and locked in one call.
    const locked = await me.trpc.capsules.lock.mutate({ capsuleId: undated, deliveryDate: dateIn(40) });
    expect([locked.locked, locked.deliveryDate]).toEqual([true, dateIn(40)]);
    const rest = await me.rest<SenderView>('POST', '/api/capsule/lock', {
      capsuleId: viaRest,
      milestoneDate: `${dateIn(50)}T00:00:00.000Z`,
    });
    expect(rest.body).toMatchObject({ x_capsule_locked: true, x_studio_delivery_date: dateIn(50) });

    // A bad date locks nothing and sets nothing.
    expect(
      (await trpcError(me.trpc.capsules.lock.mutate({ capsuleId: other, deliveryDate: dateIn(-3) }))).message,
    ).toBe(CAPSULE_INFO_TEXTS.deliveryDateInPast);
    expect(await me.trpc.capsules.byId.query({ id: other })).toMatchObject({
      locked: false,
      deliveryDate: null,
    });

    expect(
      await me.rest('POST', '/api/capsule/lock', { capsuleId: refused, deliveryDate: dateIn(40) }),
    ).toMatchObject({
      status: 409,
      body: { error: CAPSULE_REFUSALS.noReviewedVideo },
    });
    expect(await me.trpc.capsules.byId.query({ id: refused })).toMatchObject({
      locked: false,
      deliveryDate: null,
    });
  });

  it('after the lock, only a missing date can still be set, once (capsules locked before the rule)', async () => {
    const { ids } = await assigned(2, { withDate: false });
    const [legacy = '', dated = ''] = ids;
    await stored(legacy, 3);
    // Locked without a date, as the lock allowed before it asked for one.
    await arrangeCapsule(t, legacy, { lockedAt: daysAgo(t, 1) });
    expect(
      await me.rest('POST', '/api/capsules/set-milestone', {
        capsule: legacy,
        milestoneDate: dateIn(20),
        milestoneMessage: 'A new message',
      }),
    ).toMatchObject({ status: 409, body: { error: CAPSULE_REFUSALS.onlyMissingDate } });
    const set = await me.trpc.capsules.setInfo.mutate({
      capsuleId: legacy,
      info: { deliveryDate: dateIn(20), category: null, message: null },
    });
    expect([set.locked, set.deliveryDate]).toEqual([true, dateIn(20)]);
    expect(
      await me.rest('POST', '/api/capsules/set-milestone', { capsule: legacy, milestoneDate: dateIn(25) }),
    ).toMatchObject({ status: 409, body: { error: CAPSULE_REFUSALS.infoFinal } });
    expect((await me.trpc.capsules.byId.query({ id: legacy })).deliveryDate).toBe(dateIn(20));

    await stored(dated, 3);
    await me.trpc.capsules.lock.mutate({ capsuleId: dated, deliveryDate: dateIn(30) });
    expect(
      await me.rest('POST', '/api/capsules/set-milestone', { capsule: dated, capsuleType: 'Wedding' }),
    ).toMatchObject({ status: 409, body: { error: CAPSULE_REFUSALS.infoFinal } });
  });

  it('lets exactly one of 20 concurrent lock requests win', async () => {
    const { ids } = await assigned(1);
    const id = ids[0] ?? '';
    await stored(id, 2);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => me.rest('POST', '/api/capsule/lock', { capsuleId: id })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
  });

  it('lets exactly one of 20 concurrent assignments win, with its own contact', async () => {
    await purchase(t, user.email, '1 Legacy Capsule');
    const [id = ''] = await capsuleIds();
    const contacts = await Promise.all(Array.from({ length: 20 }, (_, i) => addContact(me, `Racer${i}`)));
    const answers = await Promise.all(
      contacts.map((c) => me.rest<SenderView>('POST', `/api/capsules/${id}/recipient`, { contactId: c.id })),
    );
    const winners = answers.filter((a) => a.status === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const stored = await me.trpc.capsules.byId.query({ id });
    expect(stored.recipientName).toBe(winners[0]?.body.x_studio_recipient_name);
  });

  it("answers 404 on every path for another user's capsule, and changes nothing", async () => {
    const { ids } = await assigned(1);
    const id = ids[0] ?? '';
    await stored(id, 1);
    const theirContact = await addContact(stranger);
    for (const [method, path, body] of [
      ['GET', `/api/capsules/${id}`, undefined],
      ['POST', `/api/capsules/${id}/recipient`, { contactId: theirContact.id }],
      ['POST', '/api/capsules/set-milestone', { capsule: id, milestoneMessage: 'mine now' }],
      ['POST', '/api/capsule/lock', { capsuleId: id }],
      ['DELETE', `/api/capsules/${id}/video`, undefined],
      ['POST', '/api/recover-capsule', { capsuleId: id }],
      ['GET', '/api/capsules/not-a-uuid', undefined],
    ] as const) {
      expect((await stranger.rest(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    for (const call of [
      () => stranger.trpc.capsules.byId.query({ id }),
      () =>
        stranger.trpc.capsules.assignRecipient.mutate({
          capsuleId: id,
          contactId: theirContact.id,
        }),
      () =>
        stranger.trpc.capsules.setInfo.mutate({
          capsuleId: id,
          info: { deliveryDate: null, category: 'Wake', message: null },
        }),
      () => stranger.trpc.capsules.lock.mutate({ capsuleId: id }),
      () => stranger.trpc.capsules.deleteVideo.mutate({ capsuleId: id }),
      () => stranger.trpc.capsules.recover.mutate({ capsuleId: id }),
    ]) {
      expect((await trpcError(call())).data?.code).toBe('NOT_FOUND');
    }
    expect(await me.trpc.capsules.byId.query({ id })).toMatchObject({
      status: 'Sent',
      locked: false,
      category: null,
    });
  });

  it('answers 401 signed out', async () => {
    const anonymous = newClient(t);
    for (const path of ['/api/capsules', '/api/capsules/counts', '/api/subscription']) {
      expect((await anonymous.rest('GET', path)).status).toBe(401);
    }
  });
});
