import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { FIRST_PAGE_ELEMENT_ID, type FirstPage } from '../../src/first-page/contract.js';
import { newClient, signIn, type TestClient } from '../support/client.js';
import { arrangeCapsule, purchase } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// A signed-in page opened directly is rendered by the server with its first data
// (src/first-page); the built web client and its server build come from `npm test`'s build step. What a visitor must never get: another user's data, a page for a session that may
// not see it, a page a cache could keep, or markup a capsule's text could break out of.

/** The web's query cache as TanStack Query dehydrates it: what the page's data travels as. */
interface Dehydrated {
  queries: Array<{ queryKey: [string[], unknown?]; state: { data: unknown } }>;
}

/** Each dehydrated query as its procedure path ('capsules.list') and its answer. */
const answersOf = (page: FirstPage<Dehydrated>) =>
  page.state.queries.map((query) => ({ path: query.queryKey[0].join('.'), value: query.state.data }));

const PAYLOAD = new RegExp(`<script type="application/json" id="${FIRST_PAGE_ELEMENT_ID}">([^<]*)</script>`);

describe('signed-in pages rendered by the server', () => {
  let t: TestApp;
  let web: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    web = await buildApp(t.deps, { serveWeb: true, logger: false });
  });
  afterAll(async () => {
    await web?.close();
    await t?.close();
  });
  beforeEach(async () => {
    await t.reset();
  });

  async function cookieOf(client: TestClient): Promise<string> {
    const value = await client.sessionCookie();
    const key = (await client.jar.getCookies(t.baseUrl)).find((c) => c.key.endsWith('capsule_session'))?.key;
    if (!value || !key) throw new Error('no session cookie');
    return `${key}=${value}`;
  }
  const open = (url: string, cookie?: string) =>
    web.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const payloadOf = (html: string): FirstPage<Dehydrated> => {
    const json = PAYLOAD.exec(html)?.[1];
    if (!json) throw new Error('the page carries no first-page data');
    return JSON.parse(json) as FirstPage<Dehydrated>;
  };

  async function signedInWithCapsules(name: string) {
    const user = await t.createUser({ fullName: name });
    await purchase(t, user.email, '3 Journey Capsules');
    const client = await signIn(t, user);
    return { user, client, cookie: await cookieOf(client) };
  }

  it('draws the dashboard with the user’s own capsules, counts and plan, and is never cached', async () => {
    const ann = await signedInWithCapsules('Ann Lee');
    const bob = await signedInWithCapsules('Bob Stone');
    const [bobsCapsule] = (await bob.client.trpc.capsules.list.query({ page: 1 })).capsules;
    if (!bobsCapsule) throw new Error('Bob has no capsule');
    await arrangeCapsule(t, bobsCapsule.id, { title: 'Bob’s private capsule' });

    const page = await open('/dashboard', ann.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers.vary).toBe('cookie');

    const own = await ann.client.trpc.capsules.list.query({ status: null, types: [], page: 1 });
    expect(own.capsules).toHaveLength(3);
    const root = page.body.slice(
      page.body.indexOf('<div id="root">'),
      page.body.indexOf(`id="${FIRST_PAGE_ELEMENT_ID}"`),
    );
    for (const capsule of own.capsules) expect(root).toContain(capsule.title);
    expect(root).toContain('Ann');
    expect(page.body).not.toContain('Bob’s private capsule');
    expect(page.body).not.toContain(bobsCapsule.id);

    // The data the browser takes the page over with: the same answers its own calls would get.
    const data = payloadOf(page.body);
    expect(data.status).toMatchObject({ loggedIn: true, hasReadTerms: true });
    const answers = new Map(answersOf(data).map((answer) => [answer.path, answer.value]));
    expect([...answers.keys()].sort()).toEqual(['capsules.counts', 'capsules.list', 'subscriptions.current']);
    expect(answers.get('capsules.list')).toEqual(own);
    expect(answers.get('capsules.counts')).toEqual(await ann.client.trpc.capsules.counts.query());
    // The signed-in app's styles are in the head: the page is drawn styled before any script.
    expect(page.body).toMatch(
      /<link rel="stylesheet" crossorigin href="\/assets\/signed-in-[^"]+\.css">[\s\S]*<\/head>/,
    );
  });

  it('leaves every page to the browser for a visitor who may not see it yet', async () => {
    const user = await t.createUser();
    // Signed out, and a cookie that is no session.
    for (const cookie of [undefined, 'capsule_session=forged.value']) {
      const page = await open('/dashboard', cookie);
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).not.toContain(FIRST_PAGE_ELEMENT_ID);
    }
    // Password given, code not yet: the guard sends this visitor to the code screen.
    const halfway = newClient(t);
    await halfway.trpc.auth.login.mutate({ email: user.email, password: user.password });
    expect((await open('/dashboard', await cookieOf(halfway))).body).not.toContain(FIRST_PAGE_ELEMENT_ID);
    // Signed in with the code, terms not accepted: the guard sends this visitor to the terms.
    const noTerms = await signIn(t, user, { acceptTerms: false });
    expect((await open('/dashboard', await cookieOf(noTerms))).body).not.toContain(FIRST_PAGE_ELEMENT_ID);
  });

  it('stops at once when the session ends, and leaves filtered addresses to the browser', async () => {
    const ann = await signedInWithCapsules('Ann Lee');
    expect((await open('/dashboard', ann.cookie)).body).toContain(FIRST_PAGE_ELEMENT_ID);
    expect((await open('/dashboard?status=Processed', ann.cookie)).body).not.toContain(FIRST_PAGE_ELEMENT_ID);

    await ann.client.trpc.auth.logout.mutate();
    const after = await open('/dashboard', ann.cookie);
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toContain(FIRST_PAGE_ELEMENT_ID);
    expect(after.headers['cache-control']).toBe('no-cache');
  });

  it('keeps a capsule’s text inside the page’s markup and data, whatever it holds', async () => {
    const ann = await signedInWithCapsules('Ann Lee');
    const [capsule] = (await ann.client.trpc.capsules.list.query({ page: 1 })).capsules;
    if (!capsule) throw new Error('no capsule');
    const hostile = '</script><script>alert(1)</script><!-- \u2028';
    await arrangeCapsule(t, capsule.id, { title: hostile });

    const page = await open('/dashboard', ann.cookie);
    expect(page.body).not.toContain('<script>alert(1)');
    // One script element of data, and it parses back to the exact title.
    const list = answersOf(payloadOf(page.body)).find((answer) => answer.path === 'capsules.list')?.value as {
      capsules: Array<{ title: string }>;
    };
    expect(list.capsules.map((c) => c.title)).toContain(hostile);
    expect(page.body).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('counts page renders against the request limit, as API calls are', async () => {
    const ann = await signedInWithCapsules('Ann Lee');
    const limited = await buildApp(
      { ...t.deps, config: { ...t.deps.config, apiRateLimit: 1 } },
      {
        serveWeb: true,
        logger: false,
      },
    );
    try {
      const statuses: number[] = [];
      // Any spelling of the page's address counts: the route matched, not the text.
      for (const url of ['/dashboard/', '/%64ashboard', '/dashboard']) {
        statuses.push(
          (await limited.inject({ method: 'GET', url, headers: { cookie: ann.cookie } })).statusCode,
        );
      }
      expect(statuses).toEqual([200, 429, 429]);
      // Other pages of the app are static files, not limited.
      expect((await limited.inject({ method: 'GET', url: '/settings' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('does not render for a HEAD request', async () => {
    const ann = await signedInWithCapsules('Ann Lee');
    const head = await web.inject({ method: 'HEAD', url: '/dashboard', headers: { cookie: ann.cookie } });
    expect(head.headers['cache-control']).not.toBe('private, no-store');
    expect(head.body).toBe('');
  });

  it('draws Received Capsules too', async () => {
    const ann = await signedInWithCapsules('Ann Lee');
    const page = await open('/received-capsules', ann.cookie);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(answersOf(payloadOf(page.body)).map((answer) => answer.path)).toEqual(['receivedCapsules.list']);
  });
});
