import { CONTACT_TEXTS } from '@capsule/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newClient, signIn, type TestClient, trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const validForm = {
  firstName: 'Grace',
  lastName: 'Hopper',
  x_studio_email: 'grace@example.test',
  phone: '+1 (555) 010-2030',
  x_studio_relationship_type: 'Family',
  x_relationship_details: 'Grandparent',
  birthday: '1906-12-09',
};

const validInput = {
  firstName: 'Alan',
  lastName: 'Turing',
  email: 'alan@example.test',
  phone: null,
  relationshipType: 'Friend' as const,
  relationshipDetails: 'Best-Friend',
  birthday: '1912-06-23',
};

const tomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

describe.each(databaseKinds())('contacts over REST and tRPC (%s)', (kind) => {
  let t: TestApp;
  let me: TestClient;
  let stranger: TestClient;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    me = await signIn(t, await t.createUser());
    stranger = await signIn(t, await t.createUser());
  });

  const contactCount = async (client: TestClient) => (await client.trpc.contacts.list.query()).length;

  it('creates a contact from the form payload and lists it in the server form', async () => {
    const created = await me.rest('POST', '/api/contacts', validForm);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      x_name: 'Grace Hopper',
      x_studio_email: 'grace@example.test',
      x_studio_partner_phone: '+1 (555) 010-2030',
      x_studio_relationship_type: 'Family',
      x_relationship_details: 'Grandparent',
      x_studio_birthday: '1906-12-09',
    });
    const list = await me.rest<unknown[]>('GET', '/api/contacts');
    expect(list.body).toEqual([created.body]);
    expect(await stranger.rest('GET', '/api/contacts')).toMatchObject({ status: 200, body: [] });
  });

  const badPayloads: Array<[string, Record<string, unknown>, string]> = [
    ['no first name', { firstName: '  ' }, CONTACT_TEXTS.firstNameRequired],
    ['no last name', { lastName: '' }, CONTACT_TEXTS.lastNameRequired],
    ['a bad e-mail', { x_studio_email: 'grace@' }, CONTACT_TEXTS.invalidEmail],
    ['a 6-character phone', { phone: '123456' }, CONTACT_TEXTS.invalidPhone],
    ['a 21-character phone', { phone: '1'.repeat(21) }, CONTACT_TEXTS.invalidPhone],
    ['letters in the phone', { phone: '555-CALL-NOW' }, CONTACT_TEXTS.invalidPhone],
    ['an unknown type', { x_studio_relationship_type: 'Enemy' }, CONTACT_TEXTS.relationshipTypeInvalid],
    ['details of another type', { x_relationship_details: 'Best-Friend' }, CONTACT_TEXTS.detailsNotForType],
    ['a birthday in the future', { birthday: tomorrow() }, CONTACT_TEXTS.birthdayInFuture],
    ['a birthday before 1900', { birthday: '1899-12-31' }, CONTACT_TEXTS.birthdayTooEarly],
    ['an impossible birthday', { birthday: '2001-02-30' }, CONTACT_TEXTS.birthdayInvalid],
  ];

  it.each(badPayloads)(
    'refuses %s with the message, over REST and tRPC, writing nothing',
    async (_, change, message) => {
      const rest = await me.rest('POST', '/api/contacts', { ...validForm, ...change });
      expect(rest.status).toBe(400);
      expect(rest.body.error).toBe(message);
      // The same message stands under its field, for a form to place it.
      expect(Object.values(rest.body.fields as Record<string, string>)).toContain(message);

      const input = {
        ...validInput,
        relationshipType: 'Family',
        relationshipDetails: 'Grandparent',
        ...(change.firstName !== undefined ? { firstName: change.firstName } : {}),
        ...(change.lastName !== undefined ? { lastName: change.lastName } : {}),
        ...(change.x_studio_email !== undefined ? { email: change.x_studio_email } : {}),
        ...(change.phone !== undefined ? { phone: change.phone } : {}),
        ...(change.x_studio_relationship_type !== undefined
          ? { relationshipType: change.x_studio_relationship_type }
          : {}),
        ...(change.x_relationship_details !== undefined
          ? { relationshipDetails: change.x_relationship_details }
          : {}),
        ...(change.birthday !== undefined ? { birthday: change.birthday } : {}),
      };
      // biome-ignore lint/suspicious/noExplicitAny: deliberately invalid input
      const error = await trpcError(me.trpc.contacts.create.mutate(input as any));
      expect(error.data?.code).toBe('BAD_REQUEST');
      expect(error.message).toBe(message);
      expect(await contactCount(me)).toBe(0);
    },
  );

  it('accepts the edges: a 7- and a 20-character phone, 1900-01-01, no optional fields', async () => {
    for (const phone of ['5550100', '+1 (555) 010-2030 45']) {
      expect((await me.rest('POST', '/api/contacts', { ...validForm, phone })).status).toBe(201);
    }
    expect((await me.rest('POST', '/api/contacts', { ...validForm, birthday: '1900-01-01' })).status).toBe(
      201,
    );
    const bare = await me.trpc.contacts.create.mutate({
      firstName: 'Only',
      lastName: 'Names',
      email: 'only@example.test',
      phone: '',
      relationshipType: '',
      relationshipDetails: '',
      birthday: '',
    });
    expect(bare).toMatchObject({
      phone: null,
      relationshipType: null,
      relationshipDetails: null,
      birthday: null,
    });
    expect(await contactCount(me)).toBe(4);
  });

  it('edits a contact over REST and tRPC; a bad edit changes nothing', async () => {
    const { body } = await me.rest<{ id: string }>('POST', '/api/contacts', validForm);
    const edited = await me.rest('PATCH', `/api/contacts/${body.id}`, {
      ...validForm,
      lastName: 'Hopper-Murray',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: body.id, x_name: 'Grace Hopper-Murray' });

    const bad = await me.rest('PATCH', `/api/contacts/${body.id}`, { ...validForm, x_studio_email: 'nope' });
    expect(bad).toMatchObject({ status: 400, body: { error: CONTACT_TEXTS.invalidEmail } });

    const viaTrpc = await me.trpc.contacts.update.mutate({
      id: body.id,
      contact: { ...validInput, relationshipType: 'Colleague', relationshipDetails: 'Mentor' },
    });
    expect(viaTrpc).toMatchObject({ id: body.id, fullName: 'Alan Turing', relationshipType: 'Colleague' });
    expect(await me.trpc.contacts.byId.query({ id: body.id })).toMatchObject({
      relationshipDetails: 'Mentor',
    });
  });

  it('deletes with the id, and answers 400 without one', async () => {
    const { body } = await me.rest<{ id: string }>('POST', '/api/contacts', validForm);
    const noId = await me.rest('DELETE', '/api/delete-user-contact', {});
    expect(noId).toMatchObject({
      status: 400,
      body: { error: 'Choose the contact to delete: the request must carry its id.' },
    });
    expect(await contactCount(me)).toBe(1);

    expect(await me.rest('DELETE', '/api/delete-user-contact', { id: body.id })).toMatchObject({
      status: 200,
    });
    expect(await contactCount(me)).toBe(0);

    const other = await me.trpc.contacts.create.mutate(validInput);
    expect(await me.trpc.contacts.delete.mutate({ id: other.id })).toEqual({ id: other.id });
    expect(await contactCount(me)).toBe(0);
  });

  it('searches by name, first part, last part or e-mail, in any case', async () => {
    await me.trpc.contacts.create.mutate(validInput);
    await me.trpc.contacts.create.mutate({
      ...validInput,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@analytical.test',
    });
    const names = async (search: string) =>
      (await me.trpc.contacts.list.query({ search })).map((c) => c.fullName);
    expect(await names('alan turing')).toEqual(['Alan Turing']);
    expect(await names('LOVE')).toEqual(['Ada Lovelace']);
    expect(await names('ANALYTICAL.test')).toEqual(['Ada Lovelace']);
    expect(await names('a')).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(await names('%')).toEqual([]);
    const rest = await me.rest<Array<{ x_name: string }>>('GET', '/api/contacts?search=tur');
    expect(rest.body.map((c) => c.x_name)).toEqual(['Alan Turing']);
  });

  it("answers 404 on every path for another user's contact, and changes nothing", async () => {
    const theirs = await stranger.trpc.contacts.create.mutate(validInput);
    expect((await me.rest('PATCH', `/api/contacts/${theirs.id}`, validForm)).status).toBe(404);
    expect((await me.rest('DELETE', '/api/delete-user-contact', { id: theirs.id })).status).toBe(404);
    expect((await me.rest('PATCH', '/api/contacts/not-a-uuid', validForm)).status).toBe(404);
    for (const call of [
      () => me.trpc.contacts.byId.query({ id: theirs.id }),
      () => me.trpc.contacts.update.mutate({ id: theirs.id, contact: validInput }),
      () => me.trpc.contacts.delete.mutate({ id: theirs.id }),
      () =>
        me.trpc.contacts.groups.create.mutate({
          name: 'Mine',
          relationshipType: 'Friend',
          contactIds: [theirs.id],
        }),
    ]) {
      expect((await trpcError(call())).data?.code).toBe('NOT_FOUND');
    }
    expect(await stranger.trpc.contacts.byId.query({ id: theirs.id })).toMatchObject({
      fullName: 'Alan Turing',
    });
    expect(await me.trpc.contacts.groups.list.query()).toEqual([]);
  });

  it('keeps groups: create, rename, add and remove members, delete; scoped to the owner', async () => {
    const alan = await me.trpc.contacts.create.mutate(validInput);
    const ada = await me.trpc.contacts.create.mutate({
      ...validInput,
      firstName: 'Ada',
      email: 'ada@example.test',
    });
    const sister = await me.trpc.contacts.create.mutate({
      ...validInput,
      firstName: 'Mary',
      relationshipType: 'Family',
      relationshipDetails: 'Sibling',
    });

    const group = await me.trpc.contacts.groups.create.mutate({
      name: 'Book club',
      relationshipType: 'Friend',
      contactIds: [alan.id],
    });
    expect(group).toMatchObject({ name: 'Book club', relationshipType: 'Friend', memberIds: [alan.id] });

    const duplicate = await trpcError(
      me.trpc.contacts.groups.create.mutate({ name: 'book CLUB', relationshipType: 'Friend' }),
    );
    expect(duplicate.data?.code).toBe('CONFLICT');
    const blank = await trpcError(
      me.trpc.contacts.groups.create.mutate({ name: '  ', relationshipType: 'Friend' }),
    );
    expect(blank.message).toBe('Group name is required');

    expect(await me.trpc.contacts.groups.rename.mutate({ id: group.id, name: 'Readers' })).toMatchObject({
      name: 'Readers',
    });
    expect(
      (await me.trpc.contacts.groups.addMembers.mutate({ groupId: group.id, contactIds: [ada.id] }))
        .memberIds,
    ).toEqual([alan.id, ada.id]);
    const wrongType = await trpcError(
      me.trpc.contacts.groups.addMembers.mutate({ groupId: group.id, contactIds: [sister.id] }),
    );
    expect(wrongType.data?.code).toBe('BAD_REQUEST');

    expect(
      (await me.trpc.contacts.groups.removeMember.mutate({ groupId: group.id, contactId: alan.id }))
        .memberIds,
    ).toEqual([ada.id]);
    // A contact that changes type leaves groups of the old type.
    await me.trpc.contacts.update.mutate({
      id: ada.id,
      contact: { ...validInput, relationshipType: 'Colleague', relationshipDetails: 'Client' },
    });
    expect((await me.trpc.contacts.groups.list.query({ relationshipType: 'Friend' }))[0]?.memberIds).toEqual(
      [],
    );

    for (const call of [
      () => stranger.trpc.contacts.groups.rename.mutate({ id: group.id, name: 'Hijacked' }),
      () => stranger.trpc.contacts.groups.delete.mutate({ id: group.id }),
      () => stranger.trpc.contacts.groups.addMembers.mutate({ groupId: group.id, contactIds: [alan.id] }),
      () => stranger.trpc.contacts.groups.removeMember.mutate({ groupId: group.id, contactId: alan.id }),
    ]) {
      expect((await trpcError(call())).data?.code).toBe('NOT_FOUND');
    }
    expect(await stranger.trpc.contacts.groups.list.query()).toEqual([]);

    expect(await me.trpc.contacts.groups.delete.mutate({ id: group.id })).toEqual({ id: group.id });
    expect(await me.trpc.contacts.groups.list.query()).toEqual([]);
    expect(await contactCount(me)).toBe(3);
  });

  it('answers 401 signed out and 403 before the terms', async () => {
    const anonymous = newClient(t);
    expect((await anonymous.rest('GET', '/api/contacts')).status).toBe(401);
    expect((await anonymous.rest('POST', '/api/contacts', validForm)).status).toBe(401);
    const noTerms = await signIn(t, await t.createUser(), { acceptTerms: false });
    expect((await noTerms.rest('GET', '/api/contacts')).status).toBe(403);
  });
});
