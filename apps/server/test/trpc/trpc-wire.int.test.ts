import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRequest, signIn } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The wire the web client relies on, through tRPC's own Fastify adapter as the app mounts it:
// batched GETs, JSON mutations, the error formatter's shape and codes, the app's hooks (request
// guard, security headers) on /trpc, and cookies a procedure sets through the reply.

/** The dashboard's first batch, as httpBatchLink sends it. */
const DASHBOARD_BATCH = 'capsules.counts,subscriptions.current,capsules.list';
const batchUrl = (paths: string, inputs: Record<string, unknown>) =>
  `/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;

describe.each(databaseKinds())('tRPC on the wire (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => t.reset());

  it('answers the dashboard batch by GET, one result per call, as JSON with the app headers', async () => {
    const user = await t.createUser();
    const client = await signIn(t, user);
    const cookie = await client.jar.getCookieString(t.baseUrl);
    const answer = await rawRequest(t, 'GET', batchUrl(DASHBOARD_BATCH, { 2: {} }), { headers: { cookie } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const body = JSON.parse(answer.text) as Array<{ result?: { data: unknown } }>;
    expect(body).toHaveLength(3);
    for (const entry of body) expect(entry.result).toHaveProperty('data');
  });

  it('a signed-out call: 401 with the formatted error shape', async () => {
    const answer = await rawRequest(t, 'GET', batchUrl(DASHBOARD_BATCH, { 2: {} }));
    expect(answer.status).toBe(401);
    const body = JSON.parse(answer.text) as Array<{
      error: { message: string; code: number; data: Record<string, unknown> };
    }>;
    expect(body).toHaveLength(3);
    for (const entry of body) {
      expect(entry.error.data.code).toBe('UNAUTHORIZED');
      expect(entry.error.data.httpStatus).toBe(401);
      expect(entry.error.data).not.toHaveProperty('stack');
    }
  });

  it('an input error carries the field messages; a mutation by GET is refused (405)', async () => {
    const bad = await rawRequest(t, 'POST', '/trpc/auth.login', {
      body: JSON.stringify({ email: 'not-an-address', password: '' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    const { error } = JSON.parse(bad.text) as { error: { message: string; data: Record<string, unknown> } };
    expect(error.data.code).toBe('BAD_REQUEST');
    expect(error.data.fieldErrors).toBeTypeOf('object');
    expect(error.message).not.toMatch(/^\[/);

    const byGet = await rawRequest(t, 'GET', '/trpc/auth.login');
    expect(byGet.status).toBe(405);
  });

  it('the request guard applies to /trpc: a cross-site write and a form body are refused', async () => {
    const crossSite = await rawRequest(t, 'POST', '/trpc/auth.login', {
      body: JSON.stringify({ email: 'a@example.test', password: 'x' }),
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    const form = await rawRequest(t, 'POST', '/trpc/auth.login', {
      body: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
  });

  it('a procedure sets its cookie through the reply (the session after sign-in)', async () => {
    const user = await t.createUser();
    const login = await rawRequest(t, 'POST', '/trpc/auth.login', {
      body: JSON.stringify({ email: user.email, password: user.password }),
      headers: { 'content-type': 'application/json' },
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('set-cookie')).toMatch(/capsule_session=/);
  });
});
