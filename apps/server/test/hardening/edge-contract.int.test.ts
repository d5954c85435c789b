import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/database.js';
import { ERROR_TEXTS } from '../../src/errors.js';
import { UNSAFE_INPUT_TEXTS } from '../../src/lib/safe-input.js';
import { rawRequest, signIn, trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { addContact, purchase } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The edges of the HTTP contract: errors Fastify makes itself, the flood guard's answer, the
// forwarded-address rule, session tokens, text PostgreSQL cannot store, a database that is away.

const SECURITY_HEADERS = ['content-security-policy', 'x-content-type-options', 'x-frame-options'];
/**
 * Tests that start an app of their own: a fresh database, an Azurite and the job queue take
 * well over ten seconds on a loaded machine, which the default 30 s would cut short.
 */
const APP_START_TIMEOUT_MS = 90_000;

function expectErrorAnswer(answer: { text: string; headers: Headers }, message: string) {
  expect(JSON.parse(answer.text)).toEqual({ error: message });
  for (const name of SECURITY_HEADERS) expect(answer.headers.get(name), name).toBeTruthy();
}

describe.each(databaseKinds())('the edge contract (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => t.reset());

  describe("Fastify's own refusals answer like every other error", () => {
    it('a malformed percent-encoding in the path: 400, no echo of the address', async () => {
      const answer = await rawRequest(t, 'GET', '/api/capsules/%E0%A4%A');
      expect(answer.status).toBe(400);
      expectErrorAnswer(answer, ERROR_TEXTS.badUrl);
      expect(answer.text).not.toContain('%E0');
    });

    it('an over-long path parameter: 414', async () => {
      const answer = await rawRequest(t, 'GET', `/api/capsules/${'x'.repeat(6000)}`);
      expect(answer.status).toBe(414);
      expectErrorAnswer(answer, ERROR_TEXTS.urlTooLong);
    });

    it('a body over 1 MB: 413', async () => {
      const answer = await rawRequest(t, 'POST', '/api/login', {
        body: JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(1_100_000) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.status).toBe(413);
      expectErrorAnswer(answer, ERROR_TEXTS.tooLarge);
    });

    it('bad JSON and a prototype key: 400; a form body: 415', async () => {
      const json = { 'content-type': 'application/json' };
      const bad = await rawRequest(t, 'POST', '/api/login', { body: '{"email":', headers: json });
      expect(bad.status).toBe(400);
      expectErrorAnswer(bad, ERROR_TEXTS.badJson);
      const proto = await rawRequest(t, 'POST', '/api/login', {
        body: '{"__proto__":{"x":1}}',
        headers: json,
      });
      expect(proto.status).toBe(400);
      expectErrorAnswer(proto, ERROR_TEXTS.badJson);
      const form = await rawRequest(t, 'POST', '/api/login', {
        body: 'email=a&password=b',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.status).toBe(415);
      expectErrorAnswer(form, ERROR_TEXTS.mediaType);
    });

    it('an unknown API path: 404 without the address', async () => {
      const answer = await rawRequest(t, 'GET', '/api/no-such-thing-<script>');
      expect(answer.status).toBe(404);
      expectErrorAnswer(answer, ERROR_TEXTS.notFound);
    });
  });

  describe('text PostgreSQL cannot store is refused before the database', () => {
    it('a NUL byte in a contact name, the search, the profile and a group name: 400 on REST and tRPC', async () => {
      const user = await t.createUser();
      const c = await signIn(t, user);
      const before = await t.deps.db.selectFrom('contacts').select('id').execute();

      const post = await c.rest('POST', '/api/contacts', {
        firstName: 'Ad\u0000a',
        lastName: 'Lovelace',
        x_studio_email: 'ada@example.test',
      });
      expect(post).toMatchObject({ status: 400, body: { error: UNSAFE_INPUT_TEXTS.nul } });
      const search = await c.rest('GET', '/api/contacts?search=a%00b');
      expect(search).toMatchObject({ status: 400, body: { error: UNSAFE_INPUT_TEXTS.nul } });
      const profile = await c.rest('PATCH', '/api/users/', { fullName: 'Ada\u0000' });
      expect(profile).toMatchObject({ status: 400, body: { error: UNSAFE_INPUT_TEXTS.nul } });

      const group = await trpcError(
        c.trpc.contacts.groups.create.mutate({ name: 'Cousins\u0000', relationshipType: 'Family' }),
      );
      expect(group.data?.code).toBe('BAD_REQUEST');
      expect(group.message).toBe(UNSAFE_INPUT_TEXTS.nul);
      const list = await trpcError(c.trpc.contacts.list.query({ search: '\u0000' }));
      expect(list.message).toBe(UNSAFE_INPUT_TEXTS.nul);

      expect(await t.deps.db.selectFrom('contacts').select('id').execute()).toEqual(before);
    });

    it('a lone surrogate is refused rather than stored altered', async () => {
      const user = await t.createUser();
      const c = await signIn(t, user);
      const answer = await rawRequest(t, 'POST', '/api/contacts', {
        body: '{"firstName":"Ada\\ud800","lastName":"L","x_studio_email":"ada@example.test"}',
        headers: { 'content-type': 'application/json', cookie: `capsule_session=${await c.sessionCookie()}` },
      });
      expect(answer.status).toBe(400);
      expectErrorAnswer(answer, UNSAFE_INPUT_TEXTS.surrogate);
    });

    it('a REST validation error keeps its per-field messages', async () => {
      const user = await t.createUser();
      const c = await signIn(t, user);
      const answer = await c.rest('POST', '/api/contacts', { lastName: 'Lovelace', x_studio_email: 'nope' });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error: expect.any(String),
        fields: { firstName: expect.any(String) },
      });
    });
  });

  describe('session tokens', () => {
    async function tokenFor(t: TestApp, sessionId: string, withExp: boolean) {
      const jwt = new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('capsule-portal')
        .setAudience('capsule-portal')
        .setIssuedAt();
      if (withExp) jwt.setExpirationTime('1h');
      return jwt.sign(t.deps.keys.jwtKey);
    }

    it('a token without exp is refused even though its session row is alive', async () => {
      const user = await t.createUser();
      await signIn(t, user);
      const { id } = await t.deps.db.selectFrom('sessions').select('id').executeTakeFirstOrThrow();
      const status = async (token: string) =>
        JSON.parse(
          (
            await rawRequest(t, 'GET', '/api/login-status', {
              headers: { cookie: `capsule_session=${token}` },
            })
          ).text,
        );

      expect(await status(await tokenFor(t, id, true))).toMatchObject({ loggedIn: true });
      expect(await status(await tokenFor(t, id, false))).toMatchObject({ loggedIn: false });
    });
  });

  describe('injected dependencies', () => {
    const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

    it("tRPC's date rules follow the app's clock, as REST's do", async () => {
      // The app's clock is three days ahead of the machine's: tomorrow (machine) is past (app),
      // and a birthday the day after tomorrow (machine) is no longer in the future (app).
      t.clock.advanceMinutes(3 * 24 * 60);
      const user = await t.createUser();
      const c = await signIn(t, user);
      await purchase(t, user.email);
      const contact = await addContact(c);
      const { capsules } = await c.trpc.capsules.list.query({});
      const capsule = capsules.find((x) => x.deliveryCriteria === 'Milestone_Date') ?? capsules[0];
      await c.trpc.capsules.assignRecipient.mutate({
        capsuleId: String(capsule?.id),
        contactId: contact.id,
      });

      const past = await trpcError(
        c.trpc.capsules.setInfo.mutate({
          capsuleId: String(capsule?.id),
          info: { deliveryDate: dayIn(1), category: null, message: null },
        }),
      );
      expect(past.data?.code).toBe('BAD_REQUEST');
      const born = await c.trpc.contacts.create.mutate({
        firstName: 'Early',
        lastName: 'Bird',
        email: 'early@example.test',
        phone: null,
        relationshipType: 'Family',
        relationshipDetails: 'Sibling',
        birthday: dayIn(2),
      });
      expect(born.birthday).toBe(dayIn(2));
    });
  });

  describe('the REST contract of spec section 7', () => {
    it('GET /api/capsules takes the spec sortby values: default lists all, a status lists that status', async () => {
      const user = await t.createUser();
      const c = await signIn(t, user);
      await purchase(t, user.email);
      const contact = await addContact(c);
      const [first] = (await c.rest<Array<{ id: string }>>('GET', '/api/capsules')).body;
      await c.rest('POST', `/api/capsules/${first?.id}/recipient`, { contactId: contact.id });

      const all = await c.rest<unknown[]>('GET', '/api/capsules?sortby=default');
      expect(all.status).toBe(200);
      expect(all.body).toHaveLength(5);
      for (const status of ['Pending_Recipient', 'Pending_Upload', 'Reviewing', 'Sent', 'To_Delete']) {
        const answer = await c.rest<Array<{ x_status: string }>>('GET', `/api/capsules?sortby=${status}`);
        expect(answer.status, status).toBe(200);
        expect(answer.body.every((capsule) => capsule.x_status === status)).toBe(true);
        expect(answer.body.length).toBe({ Pending_Recipient: 4, Pending_Upload: 1 }[status] ?? 0);
      }
      expect((await c.rest('GET', '/api/capsules?sortby=oldest')).status).toBe(200);
      expect((await c.rest('GET', '/api/capsules?sortby=sideways')).status).toBe(400);
    });

    it('PATCH /api/users/ takes the documented payload: fullName, email, contactId', async () => {
      const user = await t.createUser({ fullName: 'Ada Lovelace' });
      const c = await signIn(t, user);
      await c.rest('PATCH', '/api/users/', { fullName: 'Ada Lovelace', phoneNumber: '+44 20 7946 0958' });

      const answer = await c.rest('PATCH', '/api/users/', {
        fullName: 'Ada King',
        email: user.email.toUpperCase(),
        contactId: 42,
      });
      expect(answer.status).toBe(200);
      // The phone was not sent, so it is kept.
      expect(answer.body).toMatchObject({ fullName: 'Ada King', phoneNumber: '+44 20 7946 0958' });

      const badPhone = await c.rest('PATCH', '/api/users/', { fullName: 'Ada', phoneNumber: 'call me' });
      expect(badPhone).toMatchObject({ status: 400, body: { error: 'Invalid phone number' } });
      const otherEmail = await c.rest('PATCH', '/api/users/', {
        fullName: 'Ada',
        email: 'other@example.test',
      });
      expect(otherEmail.status).toBe(400);
      expect(otherEmail.body.error).toMatch(/cannot be changed/);
      const other = await trpcError(
        c.trpc.auth.updateProfile.mutate({ fullName: 'Ada', email: 'x@example.test' }),
      );
      expect(other.data?.code).toBe('BAD_REQUEST');

      const row = await t.deps.db
        .selectFrom('users')
        .select(['fullName', 'email'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ fullName: 'Ada King', email: user.email });
    });
  });
});

describe('the flood guard and forwarded addresses', () => {
  const kind = databaseKinds()[0] ?? 'pglite';

  async function flood(t: TestApp, count: number, forwardedFor: (i: number) => string | undefined) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const xff = forwardedFor(i);
      const answer = await rawRequest(t, 'GET', '/api/login-status', {
        headers: xff ? { 'x-forwarded-for': xff } : {},
      });
      statuses.push(answer.status);
    }
    return statuses;
  }

  it(
    'by default a spoofed X-Forwarded-For is ignored: a fresh one per request does not escape the limit',
    async () => {
      const t = await startTestApp(kind, { apiRateLimit: 3 });
      try {
        const statuses = await flood(t, 5, (i) => `203.0.113.${i}`);
        expect(statuses).toEqual([200, 200, 200, 429, 429]);

        const refused = await rawRequest(t, 'GET', '/api/login-status');
        expect(refused.status).toBe(429);
        const seconds = Number(refused.headers.get('retry-after'));
        expect(seconds).toBeGreaterThan(0);
        expectErrorAnswer(refused, `Too many requests, try again in ${seconds} seconds`);

        const trpc = await rawRequest(t, 'GET', '/trpc/auth.status');
        expect(trpc.status).toBe(429);
        expect(trpc.headers.get('retry-after')).toBeTruthy();
        expect(JSON.parse(trpc.text).error).toMatch(/^Too many requests, try again in \d+ seconds$/);
      } finally {
        await t.close();
      }
    },
    APP_START_TIMEOUT_MS,
  );

  it(
    'from a trusted proxy, X-Forwarded-For names the client: each client has its own limit',
    async () => {
      const t = await startTestApp(kind, { apiRateLimit: 3, trustProxy: ['127.0.0.1'] });
      try {
        expect(await flood(t, 5, (i) => `203.0.113.${i}`)).toEqual([200, 200, 200, 200, 200]);
        expect(await flood(t, 4, () => '198.51.100.7')).toEqual([200, 200, 200, 429]);
      } finally {
        await t.close();
      }
    },
    APP_START_TIMEOUT_MS,
  );

  it(
    'a hop count trusts that many proxies',
    async () => {
      const t = await startTestApp(kind, { apiRateLimit: 2, trustProxy: 1 });
      try {
        // The proxy next to us appended the client it saw: that one is trusted, earlier ones are not.
        expect(await flood(t, 3, (i) => `10.9.9.${i}, 198.51.100.8`)).toEqual([200, 200, 429]);
        expect(await flood(t, 2, () => '198.51.100.9')).toEqual([200, 200]);
      } finally {
        await t.close();
      }
    },
    APP_START_TIMEOUT_MS,
  );
});

describe('a database that is away', () => {
  it(
    'answers 503 with a clean body on REST and tRPC; liveness stays up, readiness goes down',
    async () => {
      const kind = databaseKinds()[0] ?? 'pglite';
      const t = await startTestApp(kind);
      // Nothing listens on port 1: every connection is refused, as while the server restarts.
      const gone = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' });
      const app = await buildApp({ ...t.deps, db: gone.db }, { serveWeb: false, logger: false });
      try {
        const live = await app.inject({ method: 'GET', url: '/healthz' });
        expect(live.statusCode).toBe(200);
        const ready = await app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({ error: ERROR_TEXTS.unavailable });

        const login = await app.inject({
          method: 'POST',
          url: '/api/login',
          headers: { 'content-type': 'application/json' },
          payload: { email: 'a@example.test', password: 'x' },
        });
        expect(login.statusCode).toBe(503);
        expect(login.json()).toEqual({ error: ERROR_TEXTS.unavailable });
        expect(login.headers['retry-after']).toBe('5');

        const trpc = await app.inject({
          method: 'POST',
          url: '/trpc/auth.login',
          headers: { 'content-type': 'application/json' },
          payload: { email: 'a@example.test', password: 'x' },
        });
        expect(trpc.statusCode).toBe(503);
        expect(trpc.body).toContain(ERROR_TEXTS.unavailable);
        expect(trpc.body).not.toMatch(/ECONNREFUSED|connect|stack/i);
      } finally {
        await app.close();
        await gone.close();
        await t.close();
      }
    },
    APP_START_TIMEOUT_MS,
  );
});
