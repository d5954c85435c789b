import { affiliateApplicationSchema } from '@capsule/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { systemClock } from '../../src/lib/clock.js';
import {
  applyAsAffiliate,
  approveHeldReferrals,
  recordReferralForPurchase,
} from '../../src/modules/affiliates/index.js';
import { recordPurchase } from '../../src/modules/commerce/index.js';
import { createUser } from '../../src/modules/users/index.js';
import { type CliDatabase, cliDatabase, requireBuiltCli, runAdminCli } from '../support/admin-cli.js';
import { testEnv } from '../support/test-env.js';

/**
 * The operators' affiliate commands as they run them (the built CLI, a child process), on the
 * real PostgreSQL when DATABASE_URL is set (a scratch database), else on a PGlite data folder.
 * What no command does (a member applying, a purchase with a code) is arranged in-process on
 * the same database between commands, through the services the portal uses.
 */
describe('admin CLI: the affiliate programme', () => {
  let place: CliDatabase;
  beforeAll(async () => {
    requireBuiltCli();
    place = await cliDatabase(testEnv.databaseUrl ? 'postgres' : 'pglite', 'capsule_cli_aff');
  });
  afterAll(async () => place?.drop());

  const admin = (...args: string[]) => runAdminCli(place.env, args);

  /** The same database in this process, while no command runs (PGlite allows one process). */
  async function onDatabase<T>(
    work: (deps: Parameters<typeof applyAsAffiliate>[0]) => Promise<T>,
  ): Promise<T> {
    const config = loadConfig({ NODE_ENV: 'development', ...place.env, DEMO_USER: 'off' });
    const database = await place.open();
    try {
      return await work({ db: database.db, clock: systemClock, config });
    } finally {
      await database.close();
    }
  }

  it('lists, approves, pays within what is owed, refuses more, and blocks', async () => {
    // Two accounts, and Ada's application (the Affiliate page), made in-process on the
    // migrated database: only the operators' own commands go through the CLI (each start costs
    // seconds on a busy machine).
    const code = await onDatabase(async (deps) => {
      await migrateToLatest(deps.db);
      const ada = await createUser(deps.db, {
        email: 'ada@example.test',
        password: 'long enough pw',
        fullName: 'Ada Lovelace',
      });
      const buyer = await createUser(deps.db, {
        email: 'buyer@example.test',
        password: 'long enough pw',
        fullName: 'Grace Hopper',
      });
      await applyAsAffiliate(
        deps,
        ada.id,
        affiliateApplicationSchema.parse({
          paymentMethod: 'paypal',
          paymentDetails: { email: 'ada@example.test' },
        }),
      );
      const row = await deps.db.selectFrom('affiliates').select('code').executeTakeFirstOrThrow();
      return { code: row.code, buyerId: buyer.id };
    });
    const listed = await admin('affiliate:list');
    expect(listed.stdout).toMatch(
      new RegExp(`${code.code}\\s+pending\\s+10%\\s+ada@example\\.test\\s+0 referrals`),
    );

    const approved = await admin('affiliate:approve', '--code', code.code.toLowerCase());
    expect(approved.code).toBe(0);
    expect(approved.stdout).toMatch(`Affiliate ${code.code}: pending -> approved`);

    await onDatabase(async (deps) => {
      const { paymentId } = await recordPurchase(deps, {
        email: 'buyer@example.test',
        packageName: '5 Legacy Capsules',
        quantity: 1,
      });
      await deps.db.transaction().execute((trx) =>
        recordReferralForPurchase(trx, {
          paymentId,
          buyerUserId: code.buyerId,
          amountCents: 19_900,
          currency: 'CAD',
          referralCode: code.code,
          source: 'checkout',
          at: new Date(Date.now() - 31 * 86_400_000),
        }),
      );
      expect(await approveHeldReferrals(deps)).toBe(1);
    });
    expect((await admin('affiliate:list')).stdout).toMatch(
      /1 referrals\s+pending 0\.00\s+earned 19\.90\s+paid 0\.00\s+owed 19\.90/,
    );

    const tooMuch = await admin(
      'affiliate:payout',
      '--code',
      code.code,
      '--amount',
      '19.91',
      '--method',
      'paypal',
    );
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.stderr).toMatch(
      `Refused: CA$19.91 is more than ${code.code} is owed; only CA$19.90 is owed`,
    );

    const badMethod = await admin(
      'affiliate:payout',
      '--code',
      code.code,
      '--amount',
      '1',
      '--method',
      'cash',
    );
    expect(badMethod.code).toBe(2);
    expect(badMethod.stderr).toMatch(/The method must be one of bank_transfer, paypal, stripe, crypto/);

    const paid = await admin(
      'affiliate:payout',
      '--code',
      code.code,
      '--amount',
      '12.50',
      '--method',
      'paypal',
      '--transaction',
      'PAYPAL-9XY',
    );
    expect(paid.code).toBe(0);
    expect(paid.stdout).toMatch(
      /Paid \w+ CAD 12\.50 by paypal .*; 0 commissions now paid; still owed CAD 7\.40/,
    );
    expect((await admin('affiliate:list')).stdout).toMatch(/earned 19\.90\s+paid 12\.50\s+owed 7\.40/);

    expect((await admin('affiliate:block', '--code', code.code)).stdout).toMatch('approved -> blocked');
  }, 900_000);
});
