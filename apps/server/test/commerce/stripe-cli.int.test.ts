import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devPriceId, ensureDevPackages } from '../../src/dev/seed-packages.js';
import { databaseKinds } from '../support/databases.js';
import { checkoutCompletedEvent, TEST_STRIPE_SECRET } from '../support/stripe-events.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { testEnv } from '../support/test-env.js';

const run = promisify(execFile);
const ADMIN = fileURLToPath(new URL('../../dist/cli/admin.js', import.meta.url));

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
    if (!existsSync(ADMIN)) throw new Error('apps/server/dist is missing: run `npm run build` first');
    t = await startTestApp(kind, { stripeWebhookSecret: TEST_STRIPE_SECRET });
    await ensureDevPackages(t.deps.db);
  }, 90_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function admin(secret: string | null, ...args: string[]) {
    const env = {
      PATH: testEnv.path,
      DATA_DIR: dir,
      NODE_ENV: 'development',
      ...(secret ? { STRIPE_WEBHOOK_SECRET: secret } : {}),
    };
    try {
      const { stdout, stderr } = await run(process.execPath, [ADMIN, ...args], { env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }

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
