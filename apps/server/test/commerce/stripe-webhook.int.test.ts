import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands.js';
import { devPriceId, ensureDevPackages } from '../../src/dev/seed-packages.js';
import { receiveStripeEvent } from '../../src/modules/commerce/index.js';
import { approvedAffiliate } from '../affiliates/affiliate-fixtures.js';
import { databaseKinds } from '../support/databases.js';
import {
  type CheckoutOptions,
  chargeRefundedEvent,
  checkoutCompletedEvent,
  disputeCreatedEvent,
  postStripeEvent,
  signedEvent,
  TEST_STRIPE_SECRET,
} from '../support/stripe-events.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// POST /api/webhooks/stripe through its real verification (the provider's own test header), on
// both databases: a signed checkout buys exactly the package's capsules, once however often and
// however concurrently it arrives; a bad signature changes nothing; a buyer without an account
// gets the purchase when the account appears; refunds and disputes reach the payment and the
// affiliate's commission.

const FIVE = '5 Legacy Capsules';

describe.each(databaseKinds())('Stripe webhook (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind, { stripeWebhookSecret: TEST_STRIPE_SECRET });
  }, 90_000);
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    await ensureDevPackages(t.deps.db);
  });

  const post = (event: unknown, o: Parameters<typeof postStripeEvent>[3] = {}) =>
    postStripeEvent(t.baseUrl, event, t.clock.now(), o);
  const checkout = (o: Partial<CheckoutOptions> & { email: string }) =>
    checkoutCompletedEvent({ priceId: devPriceId(FIVE), amountCents: 19_900, at: t.clock.now(), ...o });

  async function counts() {
    const count = async (
      table: 'payments' | 'subscriptions' | 'capsules' | 'stripeEvents' | 'pendingPurchases' | 'referrals',
    ) => {
      const row = await t.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    return {
      payments: await count('payments'),
      subscriptions: await count('subscriptions'),
      capsules: await count('capsules'),
      events: await count('stripeEvents'),
      pending: await count('pendingPurchases'),
      referrals: await count('referrals'),
    };
  }
  const capsulesOf = (userId: string) =>
    t.deps.db
      .selectFrom('capsules')
      .select(['status', 'kind', 'capsuleLength', 'deliveryCriteria', 'subscriptionId'])
      .where('ownerId', '=', userId)
      .execute();

  it('a signed checkout buys exactly the package: payment in cents, plan, capsules', async () => {
    const buyer = await t.createUser();
    const event = checkout({ email: buyer.email.toUpperCase(), quantity: 2, amountCents: 39_800 });

    const answer = await post(event);

    expect(answer).toEqual({ status: 200, body: { received: true, duplicate: false } });
    const capsules = await capsulesOf(buyer.id);
    expect(capsules).toHaveLength(10);
    expect(
      new Set(capsules.map((c) => `${c.status} ${c.kind} ${c.capsuleLength} ${c.deliveryCriteria}`)),
    ).toEqual(new Set(['Pending_Recipient legacy 5_minutes Milestone_Date']));
    const payment = await t.deps.db
      .selectFrom('payments')
      .select(['userId', 'amountCents', 'currency', 'status', 'providerPaymentId'])
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({
      userId: buyer.id,
      amountCents: '39800',
      currency: 'CAD',
      status: 'succeeded',
      providerPaymentId: (event.data.object as { payment_intent: string }).payment_intent,
    });
    const event_ = await t.deps.db.selectFrom('stripeEvents').selectAll().executeTakeFirstOrThrow();
    expect(event_).toMatchObject({ id: event.id, type: 'checkout.session.completed' });
    expect(event_.outcome).toMatch(/^purchase recorded: payment .*, 10 capsules$/);
  });

  it('the same event 10 times in a row and 10 copies at once make one purchase and one referral', async () => {
    const affiliate = await approvedAffiliate(t);
    const buyer = await t.createUser();
    const event = checkout({ email: buyer.email, referralCode: affiliate.code });

    const first = await post(event);
    expect(first.body).toEqual({ received: true, duplicate: false });
    for (let i = 0; i < 10; i += 1) {
      expect(await post(event)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    }
    expect(await counts()).toMatchObject({
      payments: 1,
      subscriptions: 1,
      capsules: 5,
      events: 1,
      referrals: 1,
    });

    // Ten copies of a new checkout at the same moment: one wins, the others wait on its claim.
    const other = await t.createUser();
    const racing = checkout({ email: other.email, referralCode: affiliate.code });
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(racing)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => (a.body as { duplicate: boolean }).duplicate === false)).toHaveLength(1);
    expect(await counts()).toMatchObject({
      payments: 2,
      subscriptions: 2,
      capsules: 10,
      events: 2,
      referrals: 2,
    });
    expect(await capsulesOf(other.id)).toHaveLength(5);

    const referral = await t.deps.db
      .selectFrom('referrals')
      .innerJoin('payments', 'payments.id', 'referrals.purchaseId')
      .select(['referrals.commissionCents', 'referrals.status', 'referrals.referralSource'])
      .where('payments.userId', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(referral).toEqual({ commissionCents: '1990', status: 'pending', referralSource: 'checkout' });
  }, 60_000);

  it('the same checkout sent again under another event id is still one purchase', async () => {
    const buyer = await t.createUser();
    const event = checkout({ email: buyer.email });
    await post(event);
    const again = await post({ ...event, id: 'evt_test_resent_copy' });
    expect(again.body).toEqual({ received: true, duplicate: false });
    expect(await counts()).toMatchObject({ payments: 1, capsules: 5, events: 2 });
    const outcome = await t.deps.db
      .selectFrom('stripeEvents')
      .select('outcome')
      .where('id', '=', 'evt_test_resent_copy')
      .executeTakeFirstOrThrow();
    expect(outcome.outcome).toBe('ignored: this payment is already recorded');
  });

  it('a tampered body, a wrong secret, an old timestamp or no signature: 400 and nothing written', async () => {
    const buyer = await t.createUser();
    const event = checkout({ email: buyer.email });
    const signed = signedEvent(event, t.clock.now());
    const refusals = [
      // The signed bytes with one field changed after signing (a richer package, say).
      await post(event, {
        header: signed.header,
        body: signed.body.replace('"quantity":"1"', '"quantity":"9"'),
      }),
      await post(event, { secret: 'whsec_someone_else' }),
      // Signed 6 minutes ago: beyond the 5-minute tolerance, a replay.
      await post(event, { timestamp: Math.floor(t.clock.now().getTime() / 1000) - 6 * 60 }),
      await post(event, { header: null }),
      await post(event, { header: 't=1,v1=deadbeef' }),
      await post(event, { body: '' }),
    ];
    for (const refusal of refusals) {
      expect(refusal).toEqual({ status: 400, body: { error: 'The event signature could not be verified.' } });
    }
    expect(await counts()).toEqual({
      payments: 0,
      subscriptions: 0,
      capsules: 0,
      events: 0,
      pending: 0,
      referrals: 0,
    });

    // Signed within the tolerance (4 minutes ago): accepted.
    const recent = await post(event, { timestamp: Math.floor(t.clock.now().getTime() / 1000) - 4 * 60 });
    expect(recent.status).toBe(200);
  });

  it('reads the package from expanded line items too; an unknown price is acknowledged and changes nothing', async () => {
    const buyer = await t.createUser();
    await post(
      checkout({ email: buyer.email, priceIn: 'line_items', priceId: devPriceId('3 Journey Capsules') }),
    );
    const journey = await capsulesOf(buyer.id);
    expect(journey).toHaveLength(3);
    expect(journey[0]).toMatchObject({ kind: 'journey', deliveryCriteria: 'View_Any_Time' });

    const unknown = await post(checkout({ email: buyer.email, priceId: 'price_not_a_capsule_package' }));
    expect(unknown.status).toBe(200);
    expect(await counts()).toMatchObject({ payments: 1, capsules: 3, events: 2 });
    const unpaid = await post(checkout({ email: buyer.email, paymentStatus: 'unpaid' }));
    expect(unpaid.status).toBe(200);
    expect(await counts()).toMatchObject({ payments: 1, capsules: 3, events: 3 });
  });

  it('an operator links a package to its provider price (package:set-price); one package per price', async () => {
    const printed: string[] = [];
    const cli = {
      clock: t.deps.clock,
      objectionDays: 0,
      storage: () => t.deps.storage,
      jobs: async () => t.deps.jobs,
    };
    const setPrice = (name: string, priceId: string) =>
      commands['package:set-price']?.run(
        t.deps.db,
        { package: name, 'price-id': priceId },
        (l) => printed.push(l),
        cli,
      );
    await setPrice('10 legacy capsules', 'price_live_10_legacy');
    expect(printed).toEqual([
      '10 Legacy Capsules: provider price price_live_10_legacy (was price_dev_10_legacy_capsules)',
    ]);
    await expect(setPrice('5 Legacy Capsules', 'price_live_10_legacy')).rejects.toThrow(
      'price_live_10_legacy is already the price of "10 Legacy Capsules"',
    );
    await expect(setPrice('5 Legacy Capsules', 'not a price')).rejects.toThrow(/Not a provider price id/);

    const buyer = await t.createUser();
    await post(checkout({ email: buyer.email, priceId: 'price_live_10_legacy', amountCents: 34_900 }));
    const capsules = await capsulesOf(buyer.id);
    expect(capsules).toHaveLength(10);
    expect(capsules[0]?.capsuleLength).toBe('10_minutes');
  });

  it('a buyer without an account: the purchase is kept and shows up after user:create', async () => {
    const email = `future.buyer.${process.pid}@example.test`;
    const event = checkout({ email });
    expect((await post(event)).status).toBe(200);
    expect((await post(event)).body).toEqual({ received: true, duplicate: true });
    expect(await counts()).toMatchObject({ payments: 0, capsules: 0, pending: 1 });

    // The admin CLI's own command, on this database.
    const printed: string[] = [];
    await commands['user:create']?.run(
      t.deps.db,
      { email: email.toUpperCase(), password: 'long enough pw', name: 'Future Buyer' },
      (line) => printed.push(line),
      // user:create opens neither storage nor the job queue.
      { clock: t.deps.clock, objectionDays: 0, storage: () => t.deps.storage, jobs: async () => t.deps.jobs },
    );
    expect(printed).toContain('Recorded 1 purchase(s) made before the account existed');
    const user = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(await capsulesOf(user.id)).toHaveLength(5);
    const kept = await t.deps.db
      .selectFrom('pendingPurchases')
      .select(['attachedAt', 'paymentId'])
      .executeTakeFirstOrThrow();
    expect(kept.attachedAt).not.toBeNull();
    expect(kept.paymentId).not.toBeNull();

    // Attaching again (the hourly sweep) records nothing twice.
    await t.runJob('purchases.attach-pending', {});
    expect(await counts()).toMatchObject({ payments: 1, capsules: 5, pending: 1 });
  });

  it('an account made elsewhere gets its kept purchase from the sweep', async () => {
    const email = `other.path.${process.pid}@example.test`;
    await post(checkout({ email }));
    const user = await t.createUser({ email });
    expect(await capsulesOf(user.id)).toHaveLength(0);
    await t.runJob('purchases.attach-pending', {});
    expect(await capsulesOf(user.id)).toHaveLength(5);
  });

  it('a refund and a dispute record the payment status and reverse the commission', async () => {
    const affiliate = await approvedAffiliate(t);
    const [a, b, c] = [await t.createUser(), await t.createUser(), await t.createUser()];
    const events = [a, b, c].map((buyer) => checkout({ email: buyer.email, referralCode: affiliate.code }));
    for (const event of events) await post(event);
    const pi = (i: number) => String((events[i]?.data.object as { payment_intent?: string })?.payment_intent);

    await post(chargeRefundedEvent(pi(0), { amountCents: 19_900 }));
    await post(chargeRefundedEvent(pi(1), { amountCents: 19_900, refundedCents: 5_000 }));
    await post(disputeCreatedEvent(pi(2), { amountCents: 19_900 }));
    const refundAgain = chargeRefundedEvent(pi(0), { amountCents: 19_900 });
    await post(refundAgain);
    await post(refundAgain);

    const rows = await t.deps.db
      .selectFrom('payments')
      .innerJoin('referrals', 'referrals.purchaseId', 'payments.id')
      .select([
        'payments.userId',
        'payments.status',
        'payments.refundedCents',
        'referrals.status as referral',
        'referrals.reversalReason',
      ])
      .execute();
    const byUser = new Map(rows.map((r) => [r.userId, r]));
    expect(byUser.get(a.id)).toMatchObject({
      status: 'refunded',
      refundedCents: '19900',
      referral: 'cancelled',
      reversalReason: 'refund',
    });
    expect(byUser.get(b.id)).toMatchObject({
      status: 'partially_refunded',
      refundedCents: '5000',
      referral: 'pending',
      reversalReason: null,
    });
    expect(byUser.get(c.id)).toMatchObject({
      status: 'disputed',
      referral: 'cancelled',
      reversalReason: 'dispute',
    });

    const stranger = await post(chargeRefundedEvent('pi_test_unknown', { amountCents: 100 }));
    expect(stranger.status).toBe(200);
    expect(await counts()).toMatchObject({ payments: 3, capsules: 15 });
  });

  it('refuses every event while no signing secret is configured', async () => {
    const buyer = await t.createUser();
    const { body, header } = signedEvent(checkout({ email: buyer.email }), t.clock.now());
    const unconfigured = { ...t.deps, config: { ...t.deps.config, stripeWebhookSecret: undefined } };
    await expect(receiveStripeEvent(unconfigured, body, header)).rejects.toThrow(
      'The event signature could not be verified.',
    );
    expect(await counts()).toMatchObject({ payments: 0, capsules: 0, events: 0 });
  });
});
