import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { devPriceId, ensureDevPackages } from '../../src/dev/seed-packages.js';
import { currentSubscription } from '../../src/modules/commerce/index.js';
import { signIn, trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { arrangeCapsule } from '../support/factories.js';
import {
  checkoutCompletedEvent,
  invoicePaidEvent,
  invoicePaymentFailedEvent,
  postStripeEvent,
  subscriptionDeletedEvent,
  TEST_STRIPE_SECRET,
} from '../support/stripe-events.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

// The annual storage fee never deletes silently, with the test clock: a failed payment starts a
// lapse and mails the owner; the plan shows the warning; nothing happens during the grace
// (90 days); then the daily sweep marks the plan's undelivered capsules To_Delete (never a
// delivered one, not one busy with a review) and mails again; Recover works for 30 days; a
// payment within the grace ends the lapse.

const DAY = 24 * 60;

describe.each(databaseKinds())('storage plan lapse (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind, { stripeWebhookSecret: TEST_STRIPE_SECRET });
  }, 90_000);
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.reset();
    await ensureDevPackages(t.deps.db);
  });

  const post = (event: unknown) => postStripeEvent(t.baseUrl, event, t.clock.now());

  /** A buyer with a 5-capsule plan bought through the webhook, its provider subscription `sub`. */
  async function planHolder(sub: string) {
    const user = await t.createUser();
    const answer = await post(
      checkoutCompletedEvent({
        email: user.email,
        priceId: devPriceId('5 Legacy Capsules'),
        amountCents: 19_900,
        subscription: sub,
        invoice: `in_first_${sub}`,
        paymentIntent: null,
        at: t.clock.now(),
      }),
    );
    expect(answer.status).toBe(200);
    const capsules = await t.deps.db
      .selectFrom('capsules')
      .select('id')
      .where('ownerId', '=', user.id)
      .orderBy('seq')
      .execute();
    return { user, ids: capsules.map((c) => c.id) };
  }
  const statuses = async (ids: string[]) => {
    const rows = await t.deps.db
      .selectFrom('capsules')
      .select(['id', 'status'])
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r.status]));
    return ids.map((id) => byId.get(id));
  };
  const mailsAbout = (user: TestUser, subject: RegExp) =>
    t.mail.mailsTo(user.email).filter((m) => subject.test(m.subject));
  const waitForMail = (user: TestUser, subject: RegExp) =>
    t.until(() => mailsAbout(user, subject).length > 0, `a mail "${subject}" to ${user.email}`);
  const recipient = { recipientName: 'Ada Lovelace', recipientEmail: 'ada@example.test' };

  it('mail, grace, To_Delete for the undelivered only, a second mail, Recover within 30 days', async () => {
    const { user, ids } = await planHolder('sub_test_lapse');
    const [delivered, reviewing, pendingUpload, pr1, pr2] = ids as [string, string, string, string, string];
    await arrangeCapsule(t, delivered, {
      ...recipient,
      status: 'Sent',
      uploadDate: t.clock.now(),
      lockedAt: t.clock.now(),
      deliveredAt: t.clock.now(),
    });
    await arrangeCapsule(t, reviewing, { ...recipient, status: 'Reviewing', uploadDate: t.clock.now() });
    await arrangeCapsule(t, pendingUpload, { ...recipient, status: 'Pending_Upload' });
    // Someone else's plan, paid up: never touched.
    const other = await planHolder('sub_test_paid_up');

    const failedAt = t.clock.now();
    expect((await post(invoicePaymentFailedEvent('sub_test_lapse', { at: failedAt }))).status).toBe(200);
    await waitForMail(user, /storage plan needs attention/);
    const first = mailsAbout(user, /storage plan needs attention/)[0];
    expect(first?.text).toMatch(
      /annual storage payment for your plan could not be collected \(5 Legacy Capsules\)/,
    );
    expect(first?.text).toMatch(/Nothing has been deleted/);
    expect(first?.html).toMatch(/Capsules already delivered to their recipients are never affected/);

    // Since the event was processed (the app's clock), and 90 days on.
    const since = new Date((await currentSubscription(t.deps, user.id)).lapse?.since ?? 0);
    expect(Math.abs(since.getTime() - failedAt.getTime())).toBeLessThan(5_000);
    const client = await signIn(t, user);
    const warning = {
      lapsed: true,
      since: since.toISOString(),
      reason: 'payment_failed',
      deleteAfter: new Date(since.getTime() + 90 * DAY * 60_000).toISOString(),
      capsulesMarked: false,
    };
    expect((await client.trpc.subscriptions.current.query()).lapse).toEqual(warning);
    const rest = await client.rest<{ lapse: unknown; subscriptionsList: Array<{ lapse: unknown }> }>(
      'GET',
      '/api/subscription',
    );
    expect(rest.body.lapse).toEqual(warning);
    expect(rest.body.subscriptionsList[0]?.lapse).toEqual(warning);
    expect((await currentSubscription(t.deps, other.user.id)).lapse).toBeNull();

    // The provider retries the payment: still one lapse, counted from the first failure, one mail.
    t.clock.advanceMinutes(3 * DAY);
    await post(invoicePaymentFailedEvent('sub_test_lapse', { at: t.clock.now() }));
    expect((await currentSubscription(t.deps, user.id)).lapse?.since).toBe(since.toISOString());

    // Day 89: the grace is still running; the daily sweep marks nothing.
    t.clock.advanceMinutes(86 * DAY);
    await t.runJob('storage.lapse-sweep', {});
    expect(await statuses(ids)).toEqual([
      'Sent',
      'Reviewing',
      'Pending_Upload',
      'Pending_Recipient',
      'Pending_Recipient',
    ]);
    expect(mailsAbout(user, /needs attention/)).toHaveLength(1);

    // Day 91: the undelivered capsules are marked, the delivered one and the one in review are not.
    t.clock.advanceMinutes(2 * DAY);
    await t.runJob('storage.lapse-sweep', {});
    expect(await statuses(ids)).toEqual(['Sent', 'Reviewing', 'To_Delete', 'To_Delete', 'To_Delete']);
    expect(await statuses(other.ids)).toEqual(Array(5).fill('Pending_Recipient'));
    await waitForMail(user, /marked for deletion/);
    expect(mailsAbout(user, /marked for deletion/)[0]?.text).toMatch(
      /recover each of them with Recover Capsule/,
    );
    expect((await currentSubscription(t.deps, user.id)).lapse?.capsulesMarked).toBe(true);

    // Recover works (the existing rule): back to what it was, and the next sweep leaves it alone.
    const owner = await signIn(t, user);
    expect((await owner.trpc.capsules.recover.mutate({ capsuleId: pendingUpload })).status).toBe(
      'Pending_Upload',
    );
    // The review settles meanwhile: that capsule is marked by the next daily run.
    await arrangeCapsule(t, reviewing, { status: 'Sent' });
    t.clock.advanceMinutes(DAY);
    await t.runJob('storage.lapse-sweep', {});
    expect(await statuses(ids)).toEqual(['Sent', 'To_Delete', 'Pending_Upload', 'To_Delete', 'To_Delete']);
    expect(mailsAbout(user, /marked for deletion/)).toHaveLength(1);

    // 28 days after the mark: still recoverable. 31 days: purged, Recover refused.
    t.clock.advanceMinutes(27 * DAY);
    await t.runJob('capsules.purge', {});
    const late = await signIn(t, user);
    expect((await late.trpc.capsules.recover.mutate({ capsuleId: pr1 })).status).toBe('Pending_Recipient');
    t.clock.advanceMinutes(3 * DAY);
    await t.runJob('capsules.purge', {});
    const later = await signIn(t, user);
    expect((await trpcError(later.trpc.capsules.recover.mutate({ capsuleId: pr2 }))).data?.code).toBe(
      'CONFLICT',
    );
    const deliveredRow = await t.deps.db
      .selectFrom('capsules')
      .select(['status', 'deleteRequestedAt', 'lapseMarkedAt'])
      .where('id', '=', delivered)
      .executeTakeFirstOrThrow();
    expect(deliveredRow).toEqual({ status: 'Sent', deleteRequestedAt: null, lapseMarkedAt: null });
  }, 120_000);

  it('paying within the grace ends the lapse and moves the next invoice date on', async () => {
    const { user, ids } = await planHolder('sub_test_pays_late');
    const created = await currentSubscription(t.deps, user.id);
    const yearOn = new Date(t.clock.now().getTime());
    yearOn.setUTCFullYear(yearOn.getUTCFullYear() + 1);
    expect(created.subscriptions[0]?.nextInvoiceDate).toBe(yearOn.toISOString().slice(0, 10));

    await post(invoicePaymentFailedEvent('sub_test_pays_late', { at: t.clock.now() }));
    expect((await currentSubscription(t.deps, user.id)).lapse).not.toBeNull();
    await waitForMail(user, /needs attention/);
    t.clock.advanceMinutes(60 * DAY);
    const paidUntil = new Date(Date.UTC(2031, 5, 30, 12));
    const paid = await post(invoicePaidEvent('sub_test_pays_late', { paidUntil, at: t.clock.now() }));
    expect(paid.status).toBe(200);
    const after = await currentSubscription(t.deps, user.id);
    expect(after.lapse).toBeNull();
    expect(after.subscriptions[0]).toMatchObject({ nextInvoiceDate: '2031-06-30', lapse: null });

    t.clock.advanceMinutes(60 * DAY);
    await t.runJob('storage.lapse-sweep', {});
    expect(await statuses(ids)).toEqual(Array(5).fill('Pending_Recipient'));
    expect(mailsAbout(user, /marked for deletion/)).toHaveLength(0);
  }, 60_000);

  it('a cancelled plan lapses too, and says so', async () => {
    const { user, ids } = await planHolder('sub_test_cancelled');
    await post(subscriptionDeletedEvent('sub_test_cancelled', { at: t.clock.now() }));
    expect((await currentSubscription(t.deps, user.id)).lapse?.reason).toBe('cancelled');
    await waitForMail(user, /needs attention/);
    expect(mailsAbout(user, /needs attention/)[0]?.text).toMatch(/your storage plan was cancelled/);
    t.clock.advanceMinutes(91 * DAY);
    await t.runJob('storage.lapse-sweep', {});
    expect(await statuses(ids)).toEqual(Array(5).fill('To_Delete'));
  }, 60_000);
});
