import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { devPriceId, ensureDevPackages } from '../../src/dev/seed-packages.js';
import { databaseKinds } from '../support/databases.js';
import { checkoutCompletedEvent, postStripeEvent, TEST_STRIPE_SECRET } from '../support/stripe-events.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// A checkout that does not name its package (a payment link's: no price in the metadata, no
// line items in the event) has its line items read from the provider's API with
// STRIPE_SECRET_KEY. The API here is a small fake on a local port (STRIPE_API_URL), answering
// the request the official package really sends; nothing reaches the provider.

interface FakeApi {
  server: Server;
  url: string;
  requests: Array<{ method: string; path: string; authorization: string | undefined }>;
  mode: 'ok' | 'fail';
}

async function startFakeStripeApi(): Promise<FakeApi> {
  const fake = { requests: [], mode: 'ok' } as unknown as FakeApi;
  fake.server = createServer((request: IncomingMessage, response) => {
    const path = request.url ?? '';
    fake.requests.push({ method: request.method ?? '', path, authorization: request.headers.authorization });
    response.setHeader('content-type', 'application/json');
    const match = /^\/v1\/checkout\/sessions\/([^/]+)\/line_items/.exec(path);
    if (fake.mode === 'fail' || !match) {
      response.statusCode = 500;
      response.end(JSON.stringify({ error: { type: 'api_error', message: 'The fake is failing' } }));
      return;
    }
    response.end(
      JSON.stringify({
        object: 'list',
        url: `/v1/checkout/sessions/${match[1]}/line_items`,
        has_more: false,
        data: [
          {
            id: 'li_test_1',
            object: 'item',
            quantity: 2,
            amount_total: 19_800,
            currency: 'cad',
            description: '3 Journey Capsules',
            price: { id: devPriceId('3 Journey Capsules'), object: 'price', unit_amount: 9_900 },
          },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}

describe.each(databaseKinds())('checkout line items from the provider API (%s)', (kind) => {
  let t: TestApp;
  let api: FakeApi;

  beforeAll(async () => {
    api = await startFakeStripeApi();
    t = await startTestApp(kind, {
      stripeWebhookSecret: TEST_STRIPE_SECRET,
      stripeSecretKey: 'sk_test_fake_key',
      stripeApiUrl: api.url,
    });
  }, 90_000);
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => api?.server.close(() => resolve()));
  });
  beforeEach(async () => {
    await t.reset();
    await ensureDevPackages(t.deps.db);
    api.requests.length = 0;
    api.mode = 'ok';
  });

  const capsuleKinds = async (userId: string) =>
    (await t.deps.db.selectFrom('capsules').select('kind').where('ownerId', '=', userId).execute()).map(
      (c) => c.kind,
    );

  it('asks the API for the line items of a checkout that names no package', async () => {
    const buyer = await t.createUser();
    const event = checkoutCompletedEvent({
      email: buyer.email,
      priceId: 'unused',
      priceIn: 'none',
      amountCents: 19_800,
      at: t.clock.now(),
    });
    const sessionId = (event.data.object as { id: string }).id;

    expect((await postStripeEvent(t.baseUrl, event, t.clock.now())).status).toBe(200);
    expect(await capsuleKinds(buyer.id)).toEqual(Array(6).fill('journey'));
    expect(api.requests).toEqual([
      {
        method: 'GET',
        path: `/v1/checkout/sessions/${sessionId}/line_items?limit=100`,
        authorization: 'Bearer sk_test_fake_key',
      },
    ]);

    // A replay is answered from the event table: no second call.
    await postStripeEvent(t.baseUrl, event, t.clock.now());
    expect(api.requests).toHaveLength(1);
  });

  it('an API failure answers 500 with nothing written, so the provider retries; the retry records it', async () => {
    const buyer = await t.createUser();
    const event = checkoutCompletedEvent({
      email: buyer.email,
      priceId: 'unused',
      priceIn: 'none',
      amountCents: 19_800,
      at: t.clock.now(),
    });
    api.mode = 'fail';
    const failed = await postStripeEvent(t.baseUrl, event, t.clock.now());
    expect(failed.status).toBe(500);
    expect(await capsuleKinds(buyer.id)).toEqual([]);
    expect(await t.deps.db.selectFrom('stripeEvents').select('id').execute()).toEqual([]);

    api.mode = 'ok';
    expect((await postStripeEvent(t.baseUrl, event, t.clock.now())).status).toBe(200);
    expect(await capsuleKinds(buyer.id)).toHaveLength(6);
  }, 60_000);

  it('a checkout that names its package in the metadata makes no API call', async () => {
    const buyer = await t.createUser();
    await postStripeEvent(
      t.baseUrl,
      checkoutCompletedEvent({
        email: buyer.email,
        priceId: devPriceId('5 Legacy Capsules'),
        amountCents: 19_900,
      }),
      t.clock.now(),
    );
    expect(await capsuleKinds(buyer.id)).toHaveLength(5);
    expect(api.requests).toEqual([]);
  });
});
