import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  getMyAffiliate,
  recordAffiliatePayout,
  setAffiliateStatus,
} from '../../src/modules/affiliates/index.js';
import { databaseKinds } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { approvedAffiliate, payoutCount, referralRows, referredPurchase } from './affiliate-fixtures.js';

// affiliate:payout's rules (the service the CLI calls): never more than is owed, not even by
// two operators at once; approved commissions marked paid oldest first; amounts exact in cents.
describe.each(databaseKinds())('affiliate payouts (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => t.reset());

  /** An approved affiliate with approved commissions of these purchase amounts (10% each). */
  async function affiliateOwed(...amountsCents: number[]) {
    const affiliate = await approvedAffiliate(t);
    const buyer = await t.createUser();
    for (const amountCents of amountsCents) {
      await referredPurchase(t, buyer, { referralCode: affiliate.code, amountCents });
      t.clock.advanceMinutes(1);
    }
    t.clock.advanceDays(31);
    await t.runJob('affiliates.approve-referrals', {});
    return affiliate;
  }
  const owed = async (userId: string) => (await getMyAffiliate(t.deps, userId))?.totals.owedCents;
  const pay = (code: string, amount: string, transactionId?: string) =>
    recordAffiliatePayout(t.deps, { code, amount, method: 'bank_transfer', transactionId });

  it('refuses more than is owed and writes nothing; pays exactly what is owed', async () => {
    const { code, user } = await affiliateOwed(10_000, 5_000); // 10.00 + 5.00 owed
    await expect(pay(code, '15.01')).rejects.toThrow(
      `Refused: CA$15.01 is more than ${code} is owed; only CA$15.00 is owed`,
    );
    expect(await payoutCount(t)).toBe(0);
    expect((await referralRows(t)).map((r) => r.status)).toEqual(['converted', 'converted']);

    const paid = await pay(code, '15.00', 'WIRE-7');
    expect(paid).toMatchObject({
      amountCents: 1_500,
      settledReferrals: 2,
      owedBeforeCents: 1_500,
      owedAfterCents: 0,
    });
    expect(await owed(user.id)).toBe(0);
    expect(
      (await referralRows(t)).every((r) => r.status === 'paid' && r.affiliatePaymentId === paid.payoutId),
    ).toBe(true);
    await expect(pay(code, '0.01')).rejects.toThrow('only CA$0.00 is owed');
  });

  it('marks commissions paid oldest first; one only partly covered stays approved', async () => {
    const { code, user } = await affiliateOwed(10_000, 20_000, 30_000); // 10, 20, 30 owed
    await pay(code, '25.00');
    expect((await referralRows(t)).map((r) => [r.commissionCents, r.status])).toEqual([
      [1_000, 'paid'],
      [2_000, 'converted'], // 15.00 of its 20.00 covered so far
      [3_000, 'converted'],
    ]);
    expect(await owed(user.id)).toBe(3_500);
    await pay(code, '5.00');
    expect((await referralRows(t)).map((r) => r.status)).toEqual(['paid', 'paid', 'converted']);
    expect(await owed(user.id)).toBe(3_000);
  });

  it('lets only one of two payouts at once through when together they would pay too much', async () => {
    const { code, user } = await affiliateOwed(10_000); // 10.00 owed
    const results = await Promise.allSettled([pay(code, '10.00', 'TX-A'), pay(code, '10.00', 'TX-B')]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(String(refused.reason)).toMatch(/only CA\$0\.00 is owed/);
    expect(await payoutCount(t)).toBe(1);
    expect(await owed(user.id)).toBe(0);

    // Five operators paying 3.00 each against 10.00 owed: three get through, never more.
    const second = await affiliateOwed(10_000);
    const five = await Promise.allSettled(Array.from({ length: 5 }, () => pay(second.code, '3.00')));
    expect(five.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await owed(second.user.id)).toBe(100);
  });

  it('parses amounts exactly and refuses bad ones, unknown codes, unpaid statuses and a repeated transaction', async () => {
    const { code } = await affiliateOwed(100_000); // 100.00 owed
    for (const bad of ['0', '-5', '12.345', '1,000.00', '1e2', 'ten']) {
      await expect(pay(code, bad), bad).rejects.toThrow(
        /The amount must be more than 0 with at most two decimals/,
      );
    }
    await expect(pay('NOSUCH1', '1.00')).rejects.toThrow('No affiliate with the code NOSUCH1');
    await expect(
      recordAffiliatePayout(t.deps, { code, amount: '1.00', method: 'cheque' as never }),
    ).rejects.toThrow(/The method must be one of bank_transfer, paypal, stripe, crypto/);
    expect(await payoutCount(t)).toBe(0);

    // 0.29 is 28.999999999999996 as a float times 100; here it is 29 cents.
    expect((await pay(code.toLowerCase(), '0.29', 'T-1')).amountCents).toBe(29);
    await expect(pay(code, '1.00', 'T-1')).rejects.toThrow(
      'Transaction T-1 was already recorded as a payout',
    );
    expect(await payoutCount(t)).toBe(1);

    await setAffiliateStatus(t.deps, code, 'blocked');
    await expect(pay(code, '1.00')).rejects.toThrow(
      `Affiliate ${code} is blocked: only an approved affiliate is paid`,
    );
    expect(await payoutCount(t)).toBe(1);
  });
});
