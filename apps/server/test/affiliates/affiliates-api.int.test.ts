import { AFFILIATE_TEXTS } from '@capsule/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordAffiliatePayout, setAffiliateStatus } from '../../src/modules/affiliates/index.js';
import { newClient, signIn, type TestClient, trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { PAYPAL_APPLICATION, referredPurchase } from './affiliate-fixtures.js';

// tRPC `affiliates` as the Affiliate page calls it: apply, see the status, the code and link
// once approved, the referrals and payouts a page at a time; one's own programme only.
describe.each(databaseKinds())('affiliates over tRPC (%s)', (kind) => {
  let t: TestApp;
  let me: TestClient;
  let meId: string;
  let meUser: Awaited<ReturnType<TestApp['createUser']>>;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    meUser = await t.createUser({ fullName: 'Margaret Hamilton' });
    meId = meUser.id;
    me = await signIn(t, meUser);
  });

  it('applies: pending with no code shown, the rate from the table default; a second application is refused', async () => {
    expect(await me.trpc.affiliates.me.query()).toBeNull();
    expect((await trpcError(me.trpc.affiliates.referrals.query({ page: 1 }))).data?.code).toBe('NOT_FOUND');

    const applied = await me.trpc.affiliates.submitApplication.mutate(PAYPAL_APPLICATION);
    expect(applied).toEqual({
      status: 'pending',
      appliedAt: expect.any(String),
      code: null,
      referralLink: null,
      commissionRate: '0.1000',
      currency: 'CAD',
      holdingDays: 30,
      paymentMethod: 'paypal',
      paymentSummary: 'payouts@stories.example',
      totals: {
        referrals: 0,
        pendingCents: 0,
        earnedCents: 0,
        paidOutCents: 0,
        owedCents: 0,
        clawbackCents: 0,
      },
    });
    const stored = await t.deps.db
      .selectFrom('affiliates')
      .select(['code', 'status', 'instagramHandle', 'paymentDetails'])
      .execute();
    expect(stored).toEqual([
      {
        code: expect.stringMatching(/^MARGAR[2-9A-HJKMNP-Z]{4}$/),
        status: 'pending',
        instagramHandle: 'family.stories',
        paymentDetails: { email: 'payouts@stories.example' },
      },
    ]);

    const again = await trpcError(me.trpc.affiliates.submitApplication.mutate(PAYPAL_APPLICATION));
    expect(again.data?.code).toBe('CONFLICT');
    expect(again.message).toBe(AFFILIATE_TEXTS.alreadyApplied);
  });

  it('refuses a bad application field by field and stores nothing', async () => {
    const error = await trpcError(
      me.trpc.affiliates.submitApplication.mutate({
        ...PAYPAL_APPLICATION,
        websiteUrl: 'javascript:alert(1)',
        paymentMethod: 'crypto',
        paymentDetails: { network: 'ethereum', walletAddress: 'not-a-wallet' },
      }),
    );
    expect(error.data?.code).toBe('BAD_REQUEST');
    expect((error.data as { fieldErrors?: Record<string, string> }).fieldErrors).toEqual({
      websiteUrl: AFFILIATE_TEXTS.websiteInvalid,
      'paymentDetails.walletAddress': AFFILIATE_TEXTS.walletAddressInvalid,
    });
    const noMethod = await trpcError(
      me.trpc.affiliates.submitApplication.mutate({
        ...PAYPAL_APPLICATION,
        paymentMethod: 'cheque' as never,
      }),
    );
    expect(noMethod.message).toBe(AFFILIATE_TEXTS.paymentMethodRequired);
    expect(await me.trpc.affiliates.me.query()).toBeNull();
  });

  it('makes one application of two sent at once', async () => {
    const results = await Promise.allSettled([
      me.trpc.affiliates.submitApplication.mutate(PAYPAL_APPLICATION),
      me.trpc.affiliates.submitApplication.mutate(PAYPAL_APPLICATION),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await t.deps.db.selectFrom('affiliates').select('id').execute()).toHaveLength(1);
  });

  it('shows the code, the link and the totals once approved; referrals and payouts a page at a time', async () => {
    await me.trpc.affiliates.submitApplication.mutate(PAYPAL_APPLICATION);
    const { code } = await t.deps.db
      .selectFrom('affiliates')
      .select('code')
      .where('userId', '=', meId)
      .executeTakeFirstOrThrow();
    await setAffiliateStatus(t.deps, code, 'approved');
    const approved = await me.trpc.affiliates.me.query();
    expect(approved).toMatchObject({ status: 'approved', code });
    expect(approved?.referralLink).toBe(`${t.deps.config.publicUrl}/?ref=${code}`);

    const buyer = await t.createUser();
    for (let i = 1; i <= 12; i += 1) {
      await referredPurchase(t, buyer, { referralCode: code, amountCents: i * 1_000 });
      t.clock.advanceMinutes(1);
    }
    const first = await me.trpc.affiliates.referrals.query({ page: 1 });
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    // Newest first; what was bought and earned, never who bought it.
    expect(first.items[0]).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      source: 'checkout',
      purchaseAmountCents: 12_000,
      commissionCents: 1_200,
      currency: 'CAD',
      status: 'pending',
      approvesAt: new Date(Date.parse(first.items[0]?.createdAt ?? '') + 30 * 86_400_000).toISOString(),
      convertedAt: null,
      paidAt: null,
      reversedAt: null,
      reversalReason: null,
      clawbackCents: 0,
    });
    const second = await me.trpc.affiliates.referrals.query({ page: 2 });
    expect(second.items.map((r) => r.purchaseAmountCents)).toEqual([2_000, 1_000]);

    t.clock.advanceDays(31);
    await t.runJob('affiliates.approve-referrals', {});
    await recordAffiliatePayout(t.deps, { code, amount: '4.00', method: 'paypal', transactionId: 'PP-42' });
    me = await signIn(t, meUser); // a month later the session has long expired
    const payouts = await me.trpc.affiliates.payouts.query({ page: 1 });
    expect(payouts).toEqual({
      items: [
        {
          id: expect.any(String),
          createdAt: expect.any(String),
          amountCents: 400,
          currency: 'CAD',
          method: 'paypal',
          transactionId: 'PP-42',
          status: 'paid',
        },
      ],
      total: 1,
      page: 1,
      pageSize: 10,
    });
    expect((await me.trpc.affiliates.me.query())?.totals).toEqual({
      referrals: 12,
      pendingCents: 0,
      earnedCents: 7_800,
      paidOutCents: 400,
      owedCents: 7_400,
      clawbackCents: 0,
    });
  });

  it('shows a stranger nothing of mine, and nothing to someone signed out', async () => {
    await me.trpc.affiliates.submitApplication.mutate(PAYPAL_APPLICATION);
    const stranger = await signIn(t, await t.createUser());
    expect(await stranger.trpc.affiliates.me.query()).toBeNull();
    expect((await trpcError(stranger.trpc.affiliates.payouts.query({ page: 1 }))).data?.code).toBe(
      'NOT_FOUND',
    );
    const signedOut = newClient(t);
    expect((await trpcError(signedOut.trpc.affiliates.me.query())).data?.code).toBe('UNAUTHORIZED');
    expect(
      (await trpcError(signedOut.trpc.affiliates.submitApplication.mutate(PAYPAL_APPLICATION))).data?.code,
    ).toBe('UNAUTHORIZED');
  });
});
