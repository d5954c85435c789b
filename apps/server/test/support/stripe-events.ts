import { randomBytes } from 'node:crypto';
import { signStripePayload } from '../../src/modules/commerce/index.js';

// Realistic card-provider events (Stripe API 2026-10-28 shapes, trimmed to what matters plus the
// envelope Stripe sends) and their signing with the provider's own test-header helper, so tests
// exercise the webhook's real verification. Nothing here talks to the provider.

/** The webhook secret the tests configure (STRIPE_WEBHOOK_SECRET). */
export const TEST_STRIPE_SECRET = 'whsec_test_capsule_portal_webhook_secret';

const token = (prefix: string) => `${prefix}_test_${randomBytes(9).toString('hex')}`;

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  data: { object: Record<string, unknown> };
}

function envelope(type: string, object: Record<string, unknown>, at: Date): StripeEvent {
  return {
    id: token('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(at.getTime() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: token('req'), idempotency_key: null },
    type,
    data: { object },
  };
}

export interface CheckoutOptions {
  email: string;
  /** The package's provider price id (dev packages: devPriceId(name)). */
  priceId: string;
  quantity?: number;
  amountCents: number;
  currency?: string;
  /** An affiliate's code, as the shop puts it in the session's metadata. */
  referralCode?: string;
  /** The portal's shop link reference (`ref_CODE`), as client_reference_id. */
  clientReferenceId?: string;
  /** Payment mode (a payment intent) by default; a subscription mode checkout has none. */
  paymentIntent?: string | null;
  subscription?: string | null;
  invoice?: string | null;
  paymentStatus?: 'paid' | 'unpaid';
  /**
   * Where the price is: the metadata (what the shop sends), an expanded line_items list, or
   * nowhere (as Stripe sends a payment link's checkout: the portal must ask the API).
   */
  priceIn?: 'metadata' | 'line_items' | 'none';
  at?: Date;
}

/** checkout.session.completed for a capsule package. */
export function checkoutCompletedEvent(o: CheckoutOptions): StripeEvent {
  const at = o.at ?? new Date();
  const quantity = o.quantity ?? 1;
  const priceIn = o.priceIn ?? 'metadata';
  const metadata: Record<string, string> = {};
  if (priceIn === 'metadata') {
    metadata.price_id = o.priceId;
    metadata.quantity = String(quantity);
  }
  if (o.referralCode) metadata.referral_code = o.referralCode;
  const session: Record<string, unknown> = {
    id: token('cs'),
    object: 'checkout.session',
    mode: o.subscription ? 'subscription' : 'payment',
    status: 'complete',
    payment_status: o.paymentStatus ?? 'paid',
    amount_subtotal: o.amountCents,
    amount_total: o.amountCents,
    currency: (o.currency ?? 'cad').toLowerCase(),
    customer: token('cus'),
    customer_email: null,
    customer_details: { email: o.email, name: 'Store Buyer', address: null, phone: null, tax_exempt: 'none' },
    client_reference_id: o.clientReferenceId ?? null,
    payment_intent: o.paymentIntent === undefined ? token('pi') : o.paymentIntent,
    subscription: o.subscription ?? null,
    invoice: o.invoice ?? null,
    metadata,
    created: Math.floor(at.getTime() / 1000),
    livemode: false,
    success_url: 'https://legacycapsule.com/shop/thanks',
  };
  if (priceIn === 'line_items') {
    session.line_items = {
      object: 'list',
      data: [
        {
          id: token('li'),
          object: 'item',
          quantity,
          amount_total: o.amountCents,
          price: { id: o.priceId, object: 'price', type: 'one_time', unit_amount: o.amountCents / quantity },
        },
      ],
      has_more: false,
    };
  }
  return envelope('checkout.session.completed', session, at);
}

function invoice(subscription: string, o: { paidUntil?: Date; at?: Date; status: string }) {
  const at = o.at ?? new Date();
  const end = o.paidUntil ?? new Date(at.getTime() + 365 * 86_400_000);
  return {
    id: token('in'),
    object: 'invoice',
    status: o.status,
    billing_reason: 'subscription_cycle',
    parent: { type: 'subscription_details', subscription_details: { subscription, metadata: {} } },
    lines: {
      object: 'list',
      data: [
        {
          id: token('il'),
          object: 'line_item',
          period: { start: Math.floor(at.getTime() / 1000), end: Math.floor(end.getTime() / 1000) },
        },
      ],
    },
    amount_due: 2900,
    currency: 'cad',
  };
}

/** invoice.paid: the annual storage fee, paid up to `paidUntil` (default a year on). */
export function invoicePaidEvent(subscription: string, o: { paidUntil?: Date; at?: Date } = {}) {
  return envelope('invoice.paid', invoice(subscription, { ...o, status: 'paid' }), o.at ?? new Date());
}

export function invoicePaymentFailedEvent(subscription: string, o: { at?: Date } = {}) {
  return envelope(
    'invoice.payment_failed',
    invoice(subscription, { ...o, status: 'open' }),
    o.at ?? new Date(),
  );
}

export function subscriptionDeletedEvent(subscription: string, o: { at?: Date } = {}) {
  return envelope(
    'customer.subscription.deleted',
    { id: subscription, object: 'subscription', status: 'canceled' },
    o.at ?? new Date(),
  );
}

export function chargeRefundedEvent(
  paymentIntent: string,
  o: { amountCents: number; refundedCents?: number; at?: Date },
) {
  return envelope(
    'charge.refunded',
    {
      id: token('ch'),
      object: 'charge',
      payment_intent: paymentIntent,
      amount: o.amountCents,
      amount_refunded: o.refundedCents ?? o.amountCents,
      refunded: (o.refundedCents ?? o.amountCents) >= o.amountCents,
      currency: 'cad',
    },
    o.at ?? new Date(),
  );
}

export function disputeCreatedEvent(paymentIntent: string, o: { amountCents: number; at?: Date }) {
  return envelope(
    'charge.dispute.created',
    {
      id: token('dp'),
      object: 'dispute',
      charge: token('ch'),
      payment_intent: paymentIntent,
      amount: o.amountCents,
      reason: 'fraudulent',
      status: 'needs_response',
    },
    o.at ?? new Date(),
  );
}

export interface SignOptions {
  secret?: string;
  /** Signing time in seconds (default: `now`); an old one is refused as a replay. */
  timestamp?: number;
}

/** The body exactly as sent and its Stripe-Signature header. */
export function signedEvent(event: unknown, now: Date, o: SignOptions = {}) {
  const body = typeof event === 'string' ? event : JSON.stringify(event);
  const header = signStripePayload(
    body,
    o.secret ?? TEST_STRIPE_SECRET,
    o.timestamp ?? Math.floor(now.getTime() / 1000),
  );
  return { body, header };
}

/** Posts an event to a portal's webhook, signed at `now` (the portal's clock), as the provider would. */
export async function postStripeEvent(
  baseUrl: string,
  event: unknown,
  now: Date,
  o: SignOptions & { body?: string; header?: string | null } = {},
): Promise<{ status: number; body: unknown }> {
  const signed = signedEvent(event, now, o);
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  const header = o.header === undefined ? signed.header : o.header;
  if (header !== null) headers['stripe-signature'] = header;
  const response = await fetch(`${baseUrl}/api/webhooks/stripe`, {
    method: 'POST',
    headers,
    body: o.body ?? signed.body,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, body };
}
