import { AFFILIATE_TEXTS } from '@capsule/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listAffiliates, setAffiliateStatus } from '../../src/modules/affiliates/index.js';
import { newClient, signIn, type TestClient, trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { PAYPAL_APPLICATION } from './affiliate-fixtures.js';

// affiliates.withdraw and affiliates.terms as the Affiliate page calls them: an applicant takes
// back their own pending application (and may apply again); a decided one stays. The terms are
// the server's figures, the holding period read from its configuration.
describe.each(databaseKinds())('withdrawing an affiliate application (%s)', (kind) => {
  let t: TestApp;
  let me: TestClient;
  let meId: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { affiliateHoldingDays: 45 });
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    const user = await t.createUser({ fullName: 'Margaret Hamilton' });
    meId = user.id;
    me = await signIn(t, user);
  });

  const codeOf = async (userId: string) =>
    (
      await t.deps.db
        .selectFrom('affiliates')
        .select('code')
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow()
    ).code;

  it('withdraws a pending application, payment details and all; applying again works', async () => {
    await me.trpc.affiliates.submitApplication.mutate(PAYPAL_APPLICATION);

    expect(await me.trpc.affiliates.withdraw.mutate()).toBeNull();
    expect(await me.trpc.affiliates.me.query()).toBeNull();
    expect(await t.deps.db.selectFrom('affiliates').select('id').execute()).toEqual([]);
    expect(await listAffiliates(t.deps.db)).toEqual([]);

    const again = await me.trpc.affiliates.submitApplication.mutate({
      ...PAYPAL_APPLICATION,
      paymentDetails: { email: 'new@stories.example' },
    });
    expect(again).toMatchObject({ status: 'pending', paymentSummary: 'new@stories.example' });
    // The operator sees the new application alone, and approves it by its code.
    const code = await codeOf(meId);
    expect((await listAffiliates(t.deps.db)).map((a) => [a.code, a.status])).toEqual([[code, 'pending']]);
    await setAffiliateStatus(t.deps, code, 'approved');
    expect(await me.trpc.affiliates.me.query()).toMatchObject({ status: 'approved', code });
  });

  it('refuses with 409 and the reason once approved or blocked, and changes nothing', async () => {
    await me.trpc.affiliates.submitApplication.mutate(PAYPAL_APPLICATION);
    const code = await codeOf(meId);
    await setAffiliateStatus(t.deps, code, 'approved');

    const approved = await trpcError(me.trpc.affiliates.withdraw.mutate());
    expect(approved.data?.code).toBe('CONFLICT');
    expect(approved.data?.httpStatus).toBe(409);
    expect(approved.message).toBe(AFFILIATE_TEXTS.withdrawApproved);
    expect(await me.trpc.affiliates.me.query()).toMatchObject({ status: 'approved', code });

    await setAffiliateStatus(t.deps, code, 'blocked');
    const blocked = await trpcError(me.trpc.affiliates.withdraw.mutate());
    expect(blocked.data?.httpStatus).toBe(409);
    expect(blocked.message).toBe(AFFILIATE_TEXTS.withdrawBlocked);
    expect(await me.trpc.affiliates.me.query()).toMatchObject({ status: 'blocked' });
  });

  it("acts on the caller's own application only: another user's stays, nothing to withdraw is a 404", async () => {
    const other = await t.createUser({ fullName: 'Grace Hopper' });
    const otherClient = await signIn(t, other);
    await otherClient.trpc.affiliates.submitApplication.mutate(PAYPAL_APPLICATION);

    const nothing = await trpcError(me.trpc.affiliates.withdraw.mutate());
    expect(nothing.data?.httpStatus).toBe(404);
    expect(nothing.message).toBe(AFFILIATE_TEXTS.nothingToWithdraw);
    expect(await otherClient.trpc.affiliates.me.query()).toMatchObject({ status: 'pending' });
  });

  it('answers 401 when signed out', async () => {
    await me.trpc.affiliates.submitApplication.mutate(PAYPAL_APPLICATION);
    const stranger = newClient(t);
    const error = await trpcError(stranger.trpc.affiliates.withdraw.mutate());
    expect(error.data?.httpStatus).toBe(401);
    expect((await trpcError(stranger.trpc.affiliates.terms.query())).data?.httpStatus).toBe(401);
    expect(await me.trpc.affiliates.me.query()).toMatchObject({ status: 'pending' });
  });

  it('states the terms from the server: the default rate before applying, the holding period configured', async () => {
    expect(await me.trpc.affiliates.terms.query()).toEqual({
      commissionRate: '0.1000',
      holdingDays: 45,
      currency: 'CAD',
      payoutMethods: ['bank_transfer', 'paypal', 'stripe', 'crypto'],
    });
    await me.trpc.affiliates.submitApplication.mutate(PAYPAL_APPLICATION);
    // An operator may give one affiliate another rate: the terms then state theirs.
    await t.deps.db
      .updateTable('affiliates')
      .set({ commissionRate: '0.1250' })
      .where('userId', '=', meId)
      .execute();
    expect(await me.trpc.affiliates.terms.query()).toMatchObject({
      commissionRate: '0.1250',
      holdingDays: 45,
    });
  });
});
