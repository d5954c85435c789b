import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  getMyAffiliate,
  recordAffiliatePayout,
  setAffiliateStatus,
} from '../../src/modules/affiliates/index.js';
import { databaseKinds } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { approvedAffiliate, referralRows, referredPurchase, refund } from './affiliate-fixtures.js';

// The holding period with the test clock (the daily sweep, run as the job queue runs it), and
// refunds reversing a commission before approval, after approval and after it was paid.
describe.each(databaseKinds())('holding period and reversals (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => t.reset());

  const sweep = () => t.runJob('affiliates.approve-referrals', {});
  const statuses = async () => (await referralRows(t)).map((r) => r.status);
  const totals = async (userId: string) => (await getMyAffiliate(t.deps, userId))?.totals;

  it('keeps a commission pending for the 30-day holding period, then the sweep approves it', async () => {
    const { code, user } = await approvedAffiliate(t);
    const buyer = await t.createUser();
    await referredPurchase(t, buyer, { referralCode: code, amountCents: 19_900 });
    expect((await getMyAffiliate(t.deps, user.id))?.holdingDays).toBe(30);

    t.clock.advanceDays(30);
    t.clock.advanceMinutes(-1);
    await sweep();
    expect(await statuses()).toEqual(['pending']);
    expect(await totals(user.id)).toMatchObject({ pendingCents: 1_990, earnedCents: 0, owedCents: 0 });

    t.clock.advanceMinutes(2);
    await sweep();
    expect(await statuses()).toEqual(['converted']);
    expect(await totals(user.id)).toMatchObject({ pendingCents: 0, earnedCents: 1_990, owedCents: 1_990 });
    // Running again changes nothing.
    await sweep();
    expect(await statuses()).toEqual(['converted']);
  });

  it('holds a blocked affiliate’s referrals while blocked', async () => {
    const { code, user } = await approvedAffiliate(t);
    const buyer = await t.createUser();
    await referredPurchase(t, buyer, { referralCode: code });
    await setAffiliateStatus(t.deps, code, 'blocked');
    t.clock.advanceDays(31);
    await sweep();
    expect(await statuses()).toEqual(['pending']);
    expect(await totals(user.id)).toMatchObject({ earnedCents: 0, owedCents: 0 });
    await setAffiliateStatus(t.deps, code, 'approved');
    await sweep();
    expect(await statuses()).toEqual(['converted']);
  });

  it('reverses a refunded commission before approval: it never earns', async () => {
    const { code, user } = await approvedAffiliate(t);
    const buyer = await t.createUser();
    const { paymentId } = await referredPurchase(t, buyer, { referralCode: code });
    await refund(t, paymentId);
    expect(await statuses()).toEqual(['cancelled']);
    t.clock.advanceDays(31);
    await sweep();
    expect(await statuses()).toEqual(['cancelled']);
    expect(await totals(user.id)).toMatchObject({ pendingCents: 0, earnedCents: 0, owedCents: 0 });
  });

  it('reverses an approved commission: no longer owed', async () => {
    const { code, user } = await approvedAffiliate(t);
    const buyer = await t.createUser();
    const kept = await referredPurchase(t, buyer, { referralCode: code, amountCents: 10_000 });
    const refunded = await referredPurchase(t, buyer, { referralCode: code, amountCents: 19_900 });
    t.clock.advanceDays(31);
    await sweep();
    expect(await totals(user.id)).toMatchObject({ earnedCents: 2_990, owedCents: 2_990 });

    await refund(t, refunded.paymentId, 'dispute');
    expect(await totals(user.id)).toMatchObject({ earnedCents: 1_000, owedCents: 1_000, clawbackCents: 0 });
    const rows = await referralRows(t);
    expect(rows.find((r) => r.purchaseId === refunded.paymentId)?.status).toBe('cancelled');
    expect(rows.find((r) => r.purchaseId === kept.paymentId)?.status).toBe('converted');
    // The refund's event replayed: nothing more changes.
    await refund(t, refunded.paymentId);
    expect(await totals(user.id)).toMatchObject({ earnedCents: 1_000, owedCents: 1_000 });
  });

  it('records a commission reversed after payout as owed back, made up by later commissions', async () => {
    const { code, user } = await approvedAffiliate(t);
    const buyer = await t.createUser();
    const first = await referredPurchase(t, buyer, { referralCode: code, amountCents: 19_900 });
    t.clock.advanceDays(31);
    await sweep();
    await recordAffiliatePayout(t.deps, { code, amount: '19.90', method: 'paypal', transactionId: 'PP-1' });
    expect(await statuses()).toEqual(['paid']);

    await refund(t, first.paymentId);
    expect(await referralRows(t)).toMatchObject([{ status: 'cancelled', clawbackCents: 1_990 }]);
    expect(await totals(user.id)).toMatchObject({
      earnedCents: 0,
      paidOutCents: 1_990,
      owedCents: -1_990,
      clawbackCents: 1_990,
    });
    // Nothing can be paid while the affiliate owes money back.
    await expect(recordAffiliatePayout(t.deps, { code, amount: '0.01', method: 'paypal' })).rejects.toThrow(
      /nothing is owed \(CA\$19\.90 is owed back\)/,
    );

    // Two later commissions of 19.90 each: the first makes up the debt (settled by the earlier
    // payout, so marked paid), the second is owed.
    await referredPurchase(t, buyer, { referralCode: code, amountCents: 19_900 });
    t.clock.advanceMinutes(1);
    await referredPurchase(t, buyer, { referralCode: code, amountCents: 19_901 });
    t.clock.advanceDays(31);
    await sweep();
    expect(await totals(user.id)).toMatchObject({
      earnedCents: 3_980,
      paidOutCents: 1_990,
      owedCents: 1_990,
    });
    // Oldest first: the 199.00 purchase came a minute before the 199.01 one.
    const after = (await referralRows(t)).map((r) => `${r.purchaseAmountCents} ${r.status}`);
    expect(after.sort()).toEqual(['19900 cancelled', '19900 paid', '19901 converted']);
  });
});
