import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { devPriceId, ensureDevPackages } from '../../src/dev/seed-packages.js';
import { recordAffiliatePayout } from '../../src/modules/affiliates/index.js';
import { recordChange } from '../../src/modules/sync/index.js';
import { createUser } from '../../src/modules/users/users.service.js';
import { approvedAffiliate, referredPurchase } from '../affiliates/affiliate-fixtures.js';
import { signIn } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { purchase } from '../support/factories.js';
import { type FakeOdoo, startFakeOdoo } from '../support/fake-odoo.js';
import {
  chargeRefundedEvent,
  checkoutCompletedEvent,
  invoicePaymentFailedEvent,
  postStripeEvent,
  TEST_STRIPE_SECRET,
} from '../support/stripe-events.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The outbox and its pusher (modules/sync, decision 015) against a fake Odoo over real HTTP:
// records written with the change, pushed by the sync.push job, retried with back-off through
// failures and a hang, never making a second partner.

describe.each(databaseKinds())('sync with the business system (%s)', (kind) => {
  let t: TestApp;
  let odoo: FakeOdoo;

  beforeAll(async () => {
    odoo = await startFakeOdoo();
    t = await startTestApp(kind, { odoo: odoo.config(), stripeWebhookSecret: TEST_STRIPE_SECRET });
  });
  afterAll(async () => {
    await t?.close();
    await odoo?.close();
  });
  beforeEach(async () => {
    await t.reset();
    odoo.reset();
  });

  const records = () =>
    t.deps.db
      .selectFrom('integrationSyncRecords')
      .select(['id', 'entityType', 'entityId', 'syncStatus', 'externalModel', 'externalId', 'attempts'])
      .select(['errorMessage', 'syncData', 'lastSyncAt', 'userId'])
      .orderBy('entityType')
      .orderBy('createdAt')
      .execute();
  const push = () => t.runJob('sync.push', {});
  const partners = () => odoo.records('res.partner');
  const orders = () => odoo.records('sale.order');

  it('writes pending records with the change, pushes them, and keeps the Odoo ids', async () => {
    const user = await t.createUser({ fullName: 'Olive Oyl' });
    await purchase(t, user.email, '5 Legacy Capsules', 2);
    const pending = await records();
    expect(pending.map((r) => [r.entityType, r.syncStatus, r.externalModel, r.externalId])).toEqual([
      ['purchase', 'pending', 'sale.order', null],
      ['subscription', 'pending', 'sale.order', null],
      ['user', 'pending', 'res.partner', null],
    ]);
    expect(pending.every((r) => r.userId === user.id)).toBe(true);
    expect(pending.find((r) => r.entityType === 'purchase')?.syncData).toMatchObject({
      amountCents: 39800,
      unitPriceCents: 19900,
      quantity: 2,
      packageName: '5 Legacy Capsules',
    });

    // The user sees their own records, nobody else's.
    const me = await signIn(t, user);
    const other = await signIn(t, await t.createUser());
    expect((await me.trpc.sync.status.query()).counts).toEqual({ pending: 3, synced: 0, failed: 0 });
    expect((await other.trpc.sync.status.query()).records).toEqual([
      { entityType: 'user', status: 'pending', externalModel: 'res.partner', lastSyncAt: null },
    ]);

    await push();
    const synced = await records();
    expect(synced.map((r) => [r.entityType, r.syncStatus, r.errorMessage])).toEqual([
      ['purchase', 'synced', null],
      ['subscription', 'synced', null],
      ['user', 'synced', null],
      ['user', 'synced', null],
    ]);
    expect(synced.every((r) => r.externalId && r.lastSyncAt)).toBe(true);
    expect(odoo.calls[0]).toBe('common.authenticate');

    const [olive] = partners().filter((p) => p.ref === `capsule-user:${user.id}`);
    expect(olive).toMatchObject({ name: 'Olive Oyl', email: user.email, customer_rank: 1 });
    expect(synced.find((r) => r.entityId === user.id)?.externalId).toBe(String(olive?.id));
    const purchaseRecord = synced.find((r) => r.entityType === 'purchase');
    const order = orders().find((o) => o.client_order_ref === `capsule-purchase:${purchaseRecord?.entityId}`);
    expect(order).toMatchObject({ id: Number(purchaseRecord?.externalId), partner_id: olive?.id });
    expect(order?.order_line).toEqual([
      [0, 0, expect.objectContaining({ name: '5 Legacy Capsules', product_uom_qty: 2, price_unit: 199 })],
    ]);
    expect(orders().filter((o) => o.partner_id === olive?.id)).toHaveLength(2);
    expect((await me.trpc.sync.status.query()).counts).toEqual({ pending: 0, synced: 3, failed: 0 });

    // A profile change makes the record pending again and sends a push with its commit: Odoo's
    // partner is written (found by its id), not made again, without anyone running the job.
    await me.trpc.auth.updateProfile.mutate({ fullName: 'Olive Popeye', phoneNumber: '+1 555 010 2030' });
    await t.until(async () => partners().some((p) => p.name === 'Olive Popeye'), 'the prompt push');
    await t.until(
      async () => (await records()).every((r) => r.syncStatus === 'synced'),
      'the changed record to be synced',
    );
    expect(partners().filter((p) => p.ref === `capsule-user:${user.id}`)).toEqual([
      expect.objectContaining({ id: olive?.id, name: 'Olive Popeye', phone: '+1 555 010 2030' }),
    ]);
    expect(odoo.calls.filter((c) => c === 'res.partner.create')).toHaveLength(2);
    expect(odoo.calls).toContain('res.partner.write');
  });

  it('writes nothing when the change rolls back, and one record however often an entity changes', async () => {
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await createUser(trx, { email: 'gone@example.test', password: 'long enough pw', fullName: 'Gone' });
        throw new Error('the surrounding change failed');
      }),
    ).rejects.toThrow('the surrounding change failed');
    expect(await t.deps.db.selectFrom('users').select('id').execute()).toEqual([]);
    expect(await records()).toEqual([]);

    const user = await t.createUser({ fullName: 'First Name' });
    for (const fullName of ['Second Name', 'Third Name']) {
      await t.deps.db.transaction().execute((trx) =>
        recordChange(trx, {
          entityType: 'user',
          entityId: user.id,
          data: { email: user.email, fullName, phoneNumber: null },
        }),
      );
    }
    const [only, ...none] = await records();
    expect(none).toEqual([]);
    expect(only).toMatchObject({ syncStatus: 'pending', syncData: { fullName: 'Third Name' } });

    // A bad snapshot is the caller's mistake, refused inside its transaction.
    await expect(
      t.deps.db.transaction().execute((trx) =>
        recordChange(trx, {
          entityType: 'purchase',
          entityId: 'p-1',
          data: { amountCents: -5 } as never,
        }),
      ),
    ).rejects.toThrow();

    await push();
    expect(partners()).toEqual([expect.objectContaining({ name: 'Third Name' })]);
  });

  it('rides out 3 failed calls and a hung create: every record synced once, no second partner', async () => {
    const users = [];
    for (const name of ['Ann', 'Bob', 'Cid']) users.push(await t.createUser({ fullName: name }));
    await purchase(t, users[0]?.email ?? '');
    await purchase(t, users[1]?.email ?? '');
    const total = (await records()).length;
    expect(total).toBe(7);

    // Odoo down for 3 calls (the proxy answers 503), then a partner's create that happens in Odoo
    // but whose answer never arrives in time (the client gives up after 2 s).
    odoo.failNext(3);
    odoo.hangNext({ call: 'res.partner.create' });
    for (let run = 0; run < 20; run += 1) {
      await push();
      if ((await records()).every((r) => r.syncStatus === 'synced')) break;
      t.clock.advanceMinutes(30);
    }
    const final = await records();
    expect(final.map((r) => r.syncStatus)).toEqual(Array(total).fill('synced'));
    expect(final.every((r) => r.errorMessage === null)).toBe(true);

    // One partner per user: the hung create made its partner, the retry found it by reference.
    expect(
      partners()
        .map((p) => p.ref)
        .sort(),
    ).toEqual(users.map((u) => `capsule-user:${u.id}`).sort());
    expect(odoo.calls.filter((c) => c === 'res.partner.create')).toHaveLength(3);
    expect(odoo.calls).toContain('res.partner.write');
    // One order per purchase and per plan, each pointing at its customer's one partner.
    const refs = orders().map((o) => o.client_order_ref);
    expect(new Set(refs).size).toBe(4);
    expect(refs).toHaveLength(4);
    for (const r of final) expect(r.externalId).not.toBeNull();
    // The failures were counted and told: tries above one on the records that met them.
    expect(final.some((r) => r.attempts > 0)).toBe(true);
    expect(t.jobLog.some((l) => l.msg?.includes('Odoo answered HTTP 503'))).toBe(true);
    expect(t.jobLog.some((l) => l.msg?.includes('did not answer within 2 s'))).toBe(true);
  });

  it('fails a record after its last try with the error, and a new change makes it pending again', async () => {
    const user = await t.createUser({ fullName: 'Unlucky' });
    odoo.failNext(1_000, 'rpc-error');
    const seen: number[] = [];
    for (let run = 0; run < 12; run += 1) {
      await push();
      const [r] = await records();
      seen.push(r?.attempts ?? -1);
      if (r?.syncStatus === 'failed') break;
      // Not due before its back-off: a run a moment later leaves it alone.
      await push();
      expect((await records())[0]?.attempts).toBe(r?.attempts);
      t.clock.advanceDays(1);
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const [failed] = await records();
    expect(failed).toMatchObject({ syncStatus: 'failed', attempts: 8 });
    expect(failed?.errorMessage).toMatch(
      /Odoo refused authenticate: OperationalError: could not serialize access/,
    );
    const me = await signIn(t, user);
    expect((await me.trpc.sync.status.query()).counts).toEqual({ pending: 0, synced: 0, failed: 1 });

    odoo.reset();
    await me.trpc.auth.updateProfile.mutate({ fullName: 'Lucky Now' });
    await t.until(
      async () => (await records())[0]?.syncStatus === 'synced',
      'the changed record to be synced',
    );
    expect(partners()).toEqual([expect.objectContaining({ name: 'Lucky Now' })]);
  });

  it("records an affiliate payout with the payout, none for a refused one, and pays the affiliate's partner", async () => {
    const affiliate = await approvedAffiliate(t);
    await referredPurchase(t, await t.createUser(), { referralCode: affiliate.code, amountCents: 10_000 });
    t.clock.advanceDays(31);
    await t.runJob('affiliates.approve-referrals', {});
    const pay = (amount: string) =>
      recordAffiliatePayout(t.deps, {
        code: affiliate.code,
        amount,
        method: 'paypal',
        transactionId: 'PP-1',
      });
    const payoutRecords = async () => (await records()).filter((r) => r.entityType === 'affiliate_payout');

    await expect(pay('10.01')).rejects.toThrow(/more than/);
    expect(await payoutRecords()).toEqual([]);
    const paid = await pay('10.00');
    expect(await payoutRecords()).toEqual([
      expect.objectContaining({
        entityId: paid.payoutId,
        userId: affiliate.user.id,
        syncStatus: 'pending',
        externalModel: 'account.payment',
        syncData: expect.objectContaining({ amountCents: 1_000, method: 'paypal', transactionId: 'PP-1' }),
      }),
    ]);

    await push();
    const [record] = await payoutRecords();
    const partner = partners().find((p) => p.ref === `capsule-user:${affiliate.user.id}`);
    expect(odoo.records('account.payment')).toEqual([
      expect.objectContaining({
        id: Number(record?.externalId),
        ref: `capsule-payout:${paid.payoutId}`,
        partner_id: partner?.id,
        amount: 10,
        payment_type: 'outbound',
        partner_type: 'supplier',
      }),
    ]);
    expect(record?.syncStatus).toBe('synced');
  });

  it("carries a plan's later change (a failed storage payment) to the plan's order in Odoo", async () => {
    await ensureDevPackages(t.deps.db);
    const user = await t.createUser({ fullName: 'Plan Holder' });
    const post = (event: unknown) => postStripeEvent(t.baseUrl, event, t.clock.now());
    const checkout = checkoutCompletedEvent({
      email: user.email,
      priceId: devPriceId('5 Legacy Capsules'),
      amountCents: 19_900,
      subscription: 'sub_sync_1',
      invoice: 'in_first_sync_1',
      paymentIntent: null,
      at: t.clock.now(),
    });
    expect((await post(checkout)).status).toBe(200);
    await push();
    const plan = (await records()).find((r) => r.entityType === 'subscription');
    expect(plan).toMatchObject({
      syncStatus: 'synced',
      syncData: expect.objectContaining({ status: 'active' }),
    });
    const order = () => orders().find((o) => o.id === Number(plan?.externalId));
    expect(order()?.note).toMatch(/active, annual storage fee .* CAD, next invoice \d{4}-\d{2}-\d{2}\./);

    // The webhook's transaction lapses the plan and writes its change: only the status, laid over
    // the plan's earlier snapshot; the push writes the same order, no second one.
    t.clock.advanceMinutes(1);
    expect((await post(invoicePaymentFailedEvent('sub_sync_1', { at: t.clock.now() }))).status).toBe(200);
    const lapsed = (await records()).find((r) => r.entityType === 'subscription');
    expect(lapsed).toMatchObject({
      id: plan?.id,
      syncStatus: 'pending',
      syncData: { ...(plan?.syncData as object), status: 'lapsed' },
    });
    await push();
    expect(order()?.note).toMatch(/5 Legacy Capsules, lapsed, annual storage fee/);
    expect(orders()).toHaveLength(2);

    // A refund of a one-off purchase reaches its order: the purchase's record, status refunded.
    const oneOff = checkoutCompletedEvent({
      email: user.email,
      priceId: devPriceId('5 Legacy Capsules'),
      amountCents: 19_900,
      paymentIntent: 'pi_sync_refund',
      at: t.clock.now(),
    });
    expect((await post(oneOff)).status).toBe(200);
    expect((await post(chargeRefundedEvent('pi_sync_refund', { amountCents: 19_900 }))).status).toBe(200);
    await push();
    const refunded = (await records()).filter(
      (r) => r.entityType === 'purchase' && (r.syncData as { status: string }).status === 'refunded',
    );
    expect(refunded).toHaveLength(1);
    expect(orders().find((o) => o.id === Number(refunded[0]?.externalId))?.note).toMatch(
      /payment refunded\.$/,
    );
    expect(orders()).toHaveLength(4);
  });
});
