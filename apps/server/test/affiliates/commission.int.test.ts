import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  getMyAffiliate,
  recordReferralForPurchase,
  setAffiliateStatus,
} from '../../src/modules/affiliates/index.js';
import { databaseKinds } from '../support/databases.js';
import { purchase } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { applicant, approvedAffiliate, referralRows, referredPurchase } from './affiliate-fixtures.js';

// The purchase side of the contract (recordReferralForPurchase): who earns, how much, and
// that a purchase makes at most one referral however often its event arrives.
describe.each(databaseKinds())('affiliate commissions (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => t.reset());

  it('records commission = rate x amount in integer cents, rounded half up, pending', async () => {
    const { code, user } = await approvedAffiliate(t);
    const buyer = await t.createUser();
    const first = await referredPurchase(t, buyer, { referralCode: code, amountCents: 19_900 });
    expect(first.outcome).toEqual({ referralId: expect.any(String) });
    // 10% of 19.95 is 1.995: the half cent goes up.
    await referredPurchase(t, buyer, { referralCode: code.toLowerCase(), amountCents: 1_995 });
    // 10% of 19.94 is 1.994: down.
    await referredPurchase(t, buyer, { referralCode: ` ${code} `, amountCents: 1_994 });
    expect((await referralRows(t)).map((r) => [r.purchaseAmountCents, r.commissionCents, r.status])).toEqual([
      [19_900, 1_990, 'pending'],
      [1_995, 200, 'pending'],
      [1_994, 199, 'pending'],
    ]);

    // A rate other than the default: 7.25% of 3.33 is 0.241425, so 24 cents.
    await sql`update affiliates set commission_rate = 0.0725 where code = ${code}`.execute(t.deps.db);
    await referredPurchase(t, buyer, { referralCode: code, amountCents: 333 });
    expect((await referralRows(t)).at(-1)?.commissionCents).toBe(24);

    const me = await getMyAffiliate(t.deps, user.id);
    expect(me?.totals).toEqual({
      referrals: 4,
      pendingCents: 1_990 + 200 + 199 + 24,
      earnedCents: 0,
      paidOutCents: 0,
      owedCents: 0,
      clawbackCents: 0,
    });
  });

  it('pays no commission to a pending or blocked affiliate, to the buyer themself, or for an unknown code', async () => {
    const pending = await applicant(t);
    const blocked = await approvedAffiliate(t);
    await setAffiliateStatus(t.deps, blocked.code, 'blocked');
    const approved = await approvedAffiliate(t);
    const buyer = await t.createUser();

    expect((await referredPurchase(t, buyer, { referralCode: pending.code })).outcome).toEqual({
      skipped: 'affiliate_not_approved',
    });
    expect((await referredPurchase(t, buyer, { referralCode: blocked.code })).outcome).toEqual({
      skipped: 'affiliate_not_approved',
    });
    expect((await referredPurchase(t, approved.user, { referralCode: approved.code })).outcome).toEqual({
      skipped: 'self_referral',
    });
    expect((await referredPurchase(t, buyer, { referralCode: 'NOSUCHCODE' })).outcome).toEqual({
      skipped: 'unknown_code',
    });
    expect((await referredPurchase(t, buyer, { referralCode: "x' or 1=1 --" })).outcome).toEqual({
      skipped: 'unknown_code',
    });
    expect(
      (await referredPurchase(t, buyer, { referralCode: approved.code, currency: 'usd' })).outcome,
    ).toEqual({
      skipped: 'currency_not_supported',
    });
    expect(await referralRows(t)).toEqual([]);

    // Approving the pending one later does not reach back: only purchases from then on earn.
    await setAffiliateStatus(t.deps, pending.code, 'approved');
    expect((await referredPurchase(t, buyer, { referralCode: pending.code })).outcome).toHaveProperty(
      'referralId',
    );
    expect(await referralRows(t)).toHaveLength(1);
  });

  it('makes one referral per purchase when the event is replayed, one after another or all at once', async () => {
    const { code } = await approvedAffiliate(t);
    const buyer = await t.createUser();
    const { paymentId } = await purchase(t, buyer.email);
    const record = () =>
      t.deps.db.transaction().execute((trx) =>
        recordReferralForPurchase(trx, {
          paymentId,
          buyerUserId: buyer.id,
          amountCents: 19_900,
          currency: 'CAD',
          referralCode: code,
          source: 'checkout',
          at: t.clock.now(),
        }),
      );

    const first = await record();
    const replays = [];
    for (let i = 0; i < 10; i += 1) replays.push(await record());
    const parallel = await Promise.all(Array.from({ length: 10 }, record));
    expect(first).toHaveProperty('referralId');
    expect([...replays, ...parallel]).toEqual(Array(20).fill({ skipped: 'already_recorded' }));
    expect(await referralRows(t)).toHaveLength(1);

    // A fresh purchase raced by 10 copies of its event: exactly one wins.
    const second = await purchase(t, buyer.email);
    const racing = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.deps.db.transaction().execute((trx) =>
          recordReferralForPurchase(trx, {
            paymentId: second.paymentId,
            buyerUserId: buyer.id,
            amountCents: 5_000,
            currency: 'cad',
            referralCode: code,
            source: 'link',
            at: t.clock.now(),
          }),
        ),
      ),
    );
    expect(racing.filter((r) => 'referralId' in r)).toHaveLength(1);
    expect(await referralRows(t)).toHaveLength(2);
  });

  it('writes nothing when the purchase transaction rolls back', async () => {
    const { code } = await approvedAffiliate(t);
    const buyer = await t.createUser();
    const { paymentId } = await purchase(t, buyer.email);
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await recordReferralForPurchase(trx, {
          paymentId,
          buyerUserId: buyer.id,
          amountCents: 19_900,
          currency: 'CAD',
          referralCode: code,
          source: 'checkout',
          at: t.clock.now(),
        });
        throw new Error('the purchase failed after the referral');
      }),
    ).rejects.toThrow('the purchase failed');
    expect(await referralRows(t)).toEqual([]);
  });
});
