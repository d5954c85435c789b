import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devPriceId, ensureDevPackages } from '../../src/dev/seed-packages.js';
import { requireBuiltCli, runAdminCli } from '../support/admin-cli.js';
import { databaseKinds } from '../support/databases.js';
import { checkoutCompletedEvent, TEST_STRIPE_SECRET } from '../support/stripe-events.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * `npm run admin -- stripe:event --file event.json --url U` as operators run it (the built CLI,
 * a child process): it signs the file with the provider's test header and the configured secret
 * and posts it to a running portal, whose webhook verifies it for real. The CLI opens no
 * database: the portal's PGlite folder would be in use.
 */
describe.each(databaseKinds())('admin CLI stripe:event (%s)', (kind) => {
  let t: TestApp;
  const dir = mkdtempSync(path.join(tmpdir(), 'capsule-stripe-cli-'));

  beforeAll(async () => {
    requireBuiltCli();
    t = await startTestApp(kind, { stripeWebhookSecret: TEST_STRIPE_SECRET });
    await ensureDevPackages(t.deps.db);
  }, 90_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const admin = (secret: string | null, ...args: string[]) =>
    runAdminCli({ DATA_DIR: dir, STRIPE_WEBHOOK_SECRET: secret ?? undefined }, args);

  it('signs the file, posts it, and the portal records the purchase', async () => {
    const buyer = await t.createUser();
    const file = path.join(dir, 'event.json');
    writeFileSync(
      file,
      JSON.stringify(
        checkoutCompletedEvent({
          email: buyer.email,
          priceId: devPriceId('3 Journey Capsules'),
          amountCents: 9_900,
        }),
        null,
        2,
      ),
    );

    const sent = await admin(TEST_STRIPE_SECRET, 'stripe:event', '--file', file, '--url', t.baseUrl);
    expect(sent.code).toBe(0);
    expect(sent.stdout).toContain('200 {"received":true,"duplicate":false}');
    const capsules = await t.deps.db
      .selectFrom('capsules')
      .select('kind')
      .where('ownerId', '=', buyer.id)
      .execute();
    expect(capsules.map((c) => c.kind)).toEqual(['journey', 'journey', 'journey']);

    // Signed with another secret: the portal refuses it and the CLI says so.
    const wrong = await admin('whsec_not_the_portals', 'stripe:event', '--file', file, '--url', t.baseUrl);
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toContain('400 {"error":"The event signature could not be verified."}');
    expect(wrong.stderr).toContain('The portal refused the event (400)');

    const unset = await admin(null, 'stripe:event', '--file', file, '--url', t.baseUrl);
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain('STRIPE_WEBHOOK_SECRET is not set');
  }, 120_000);
});
