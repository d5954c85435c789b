import type { AppDeps } from '../../deps.js';
import { reverseReferralsForPayment } from '../affiliates/index.js';
import { recordChange } from '../sync/index.js';
import { lockPaymentByProviderRef, updatePaymentStatus } from './payments.repository.js';
import { clearLapse, startLapse, type Trx } from './storage-lapse.service.js';
import { readCharge, readDispute, readInvoice, readSubscriptionId } from './stripe-objects.js';
import { lockSubscriptionByProviderId, updateSubscription } from './subscriptions.repository.js';

// The provider's billing events after the checkout: the annual storage fee (invoices and the
// subscription's end) and what happens to a payment later (refunds, disputes). Each runs inside
// the event's transaction (stripe-webhook.service.ts) and answers the outcome recorded with it.

const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * invoice.paid: the storage fee is paid up to the invoice's period end, which becomes the next
 * invoice date; a lapse ends (a payment within the grace keeps every capsule as it is).
 */
export async function onInvoicePaid(trx: Trx, object: unknown): Promise<string> {
  const invoice = readInvoice(object);
  if ('unreadable' in invoice) return `ignored: the invoice lacks ${invoice.unreadable}`;
  if (!invoice.subscription) return 'ignored: not a subscription invoice';
  const plan = await lockSubscriptionByProviderId(trx, invoice.subscription);
  if (!plan) return `ignored: no plan for ${invoice.subscription}`;
  const nextInvoiceDate = invoice.paidUntil ? isoDay(invoice.paidUntil) : plan.nextInvoiceDate;
  await updateSubscription(trx, plan.id, { nextInvoiceDate });
  // The plan's change for the business system (modules/sync, the outbox).
  await recordChange(trx, {
    entityType: 'subscription',
    entityId: plan.id,
    userId: plan.userId,
    data: { nextInvoiceDate, status: 'active' },
  });
  const cleared = await clearLapse(trx, plan);
  return `plan paid until ${nextInvoiceDate ?? 'unknown'}${cleared ? '; lapse cleared' : ''}`;
}

/** invoice.payment_failed: the storage fee could not be collected: a lapse begins. */
export async function onInvoicePaymentFailed(
  deps: Pick<AppDeps, 'jobs'>,
  trx: Trx,
  object: unknown,
  now: Date,
) {
  const invoice = readInvoice(object);
  if ('unreadable' in invoice) return `ignored: the invoice lacks ${invoice.unreadable}`;
  if (!invoice.subscription) return 'ignored: not a subscription invoice';
  const plan = await lockSubscriptionByProviderId(trx, invoice.subscription);
  if (!plan) return `ignored: no plan for ${invoice.subscription}`;
  const began = await startLapse(deps, trx, plan, 'payment_failed', now);
  return began ? 'lapse started: payment failed' : 'lapse already running';
}

/** customer.subscription.deleted: the plan was cancelled (by the owner or after failed retries). */
export async function onSubscriptionDeleted(
  deps: Pick<AppDeps, 'jobs'>,
  trx: Trx,
  object: unknown,
  now: Date,
) {
  const id = readSubscriptionId(object);
  if (!id) return 'ignored: the subscription lacks id';
  const plan = await lockSubscriptionByProviderId(trx, id);
  if (!plan) return `ignored: no plan for ${id}`;
  const began = await startLapse(deps, trx, plan, 'cancelled', now);
  return began ? 'lapse started: plan cancelled' : 'lapse already running';
}

/**
 * charge.refunded: the payment records what was given back; refunded in full, the affiliate's
 * commission on it is reversed (affiliates contract). A partial refund keeps the commission.
 * The capsules stay: what to do with them is an operator's decision, not a webhook's.
 */
export async function onChargeRefunded(trx: Trx, object: unknown, now: Date): Promise<string> {
  const charge = readCharge(object);
  if (!charge) return 'ignored: unreadable charge';
  const payment = await lockPaymentByProviderRef(trx, {
    paymentIntent: charge.paymentIntent,
    invoice: charge.invoice,
  });
  if (!payment) return `ignored: no payment for ${charge.paymentIntent ?? charge.invoice ?? 'this charge'}`;
  const full = charge.amountRefunded >= Number(payment.amountCents);
  await updatePaymentStatus(trx, payment.id, {
    status: full ? 'refunded' : 'partially_refunded',
    refundedCents: Math.min(charge.amountRefunded, Number(payment.amountCents)),
  });
  const status = full ? 'refunded' : 'partially_refunded';
  await recordChange(trx, {
    entityType: 'purchase',
    entityId: payment.id,
    userId: payment.userId,
    data: { status },
  });
  if (full) await reverseReferralsForPayment(trx, { paymentId: payment.id, at: now, reason: 'refund' });
  return `payment ${payment.id} ${full ? 'refunded' : 'partially refunded'}`;
}

/** charge.dispute.created: the payment is disputed and the affiliate's commission reversed. */
export async function onDisputeCreated(trx: Trx, object: unknown, now: Date): Promise<string> {
  const dispute = readDispute(object);
  if (!dispute) return 'ignored: unreadable dispute';
  const payment = await lockPaymentByProviderRef(trx, {
    paymentIntent: dispute.paymentIntent,
    invoice: null,
  });
  if (!payment) return `ignored: no payment for ${dispute.paymentIntent ?? 'this dispute'}`;
  await updatePaymentStatus(trx, payment.id, { status: 'disputed' });
  await recordChange(trx, {
    entityType: 'purchase',
    entityId: payment.id,
    userId: payment.userId,
    data: { status: 'disputed' },
  });
  await reverseReferralsForPayment(trx, { paymentId: payment.id, at: now, reason: 'dispute' });
  return `payment ${payment.id} disputed`;
}
