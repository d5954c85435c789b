import Stripe from 'stripe';
import type { AppDeps } from '../../deps.js';
import { badInput } from '../../errors.js';
import { unsafeInputReason } from '../../lib/safe-input.js';
import type { Trx } from './storage-lapse.service.js';
import {
  onChargeRefunded,
  onDisputeCreated,
  onInvoicePaid,
  onInvoicePaymentFailed,
  onSubscriptionDeleted,
} from './stripe-billing.service.js';
import { onCheckoutCompleted } from './stripe-checkout.service.js';
import { claimStripeEvent, setStripeEventOutcome, stripeEventProcessed } from './stripe-events.repository.js';
import { fetchCheckoutLines } from './stripe-line-items.js';
import { readCheckoutSession, type StripeEventEnvelope, stripeEventSchema } from './stripe-objects.js';

// POST /api/webhooks/stripe (docs/decisions/011-stripe-webhook.md): the provider's events,
// verified with the official package from the raw body and STRIPE_WEBHOOK_SECRET, then
// processed once: the event id is claimed in the same transaction as its effects.

/** One text for every refusal: which check failed is logged, not told to the sender. */
const SIGNATURE_REFUSED = 'The event signature could not be verified.';

/** How old a signed event may be (the package's default, 5 minutes): older ones are replays. */
const TOLERANCE_SECONDS = Stripe.webhooks.DEFAULT_TOLERANCE;

type Handler = (deps: AppDeps, trx: Trx, object: unknown, now: Date) => Promise<string>;

const HANDLERS: Record<string, Handler> = {
  'checkout.session.completed': (deps, trx, object) => onCheckoutCompleted(deps, trx, object),
  'checkout.session.async_payment_succeeded': (deps, trx, object) => onCheckoutCompleted(deps, trx, object),
  'invoice.paid': (_deps, trx, object) => onInvoicePaid(trx, object),
  'invoice.payment_failed': (deps, trx, object, now) => onInvoicePaymentFailed(deps, trx, object, now),
  'customer.subscription.deleted': (deps, trx, object, now) => onSubscriptionDeleted(deps, trx, object, now),
  'charge.refunded': (_deps, trx, object, now) => onChargeRefunded(trx, object, now),
  'charge.dispute.created': (_deps, trx, object, now) => onDisputeCreated(trx, object, now),
};

const CHECKOUT_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/**
 * A paid checkout that does not name its package gets its line items from the provider's API
 * (stripe-line-items.ts), outside the transaction; not for an event already processed.
 */
async function withLineItems(deps: AppDeps, event: StripeEventEnvelope): Promise<Record<string, unknown>> {
  const object = event.data.object;
  const checkout = readCheckoutSession(object);
  if ('unreadable' in checkout || !checkout.paid || checkout.lines.length > 0) return object;
  if (await stripeEventProcessed(deps.db, event.id)) return object;
  const lines = await fetchCheckoutLines(deps.config, checkout.sessionId);
  if (!lines) return object;
  return {
    ...object,
    line_items: { data: lines.map((l) => ({ quantity: l.quantity, price: { id: l.priceId } })) },
  };
}

interface WebhookReceipt {
  /** The event had been processed before: acknowledged, nothing changed. */
  duplicate: boolean;
  outcome: string;
}

/**
 * Verifies the signature over the exact bytes received (any change to the body, another
 * secret, or a timestamp older than the tolerance by the app's clock is refused with a 400 and
 * nothing written), then processes the event once. A failure while processing rolls the whole
 * event back, claim included, and answers 500: the provider retries it later.
 */
export async function receiveStripeEvent(
  deps: AppDeps,
  rawBody: string,
  signature: string | string[] | undefined,
  log: (message: string) => void = () => undefined,
): Promise<WebhookReceipt> {
  const secret = deps.config.stripeWebhookSecret;
  if (!secret) {
    log('Stripe webhook refused: STRIPE_WEBHOOK_SECRET is not set');
    throw badInput(SIGNATURE_REFUSED);
  }
  if (typeof signature !== 'string' || signature === '' || rawBody === '') throw badInput(SIGNATURE_REFUSED);
  let verified: unknown;
  try {
    // receivedAt in milliseconds: the age is judged by the app's clock, not the machine's.
    const receivedAt = deps.clock.now().getTime();
    verified = Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      TOLERANCE_SECONDS,
      undefined,
      receivedAt,
    );
  } catch (error) {
    log(`Stripe webhook refused: ${(error as Error).message.split('\n')[0]}`);
    throw badInput(SIGNATURE_REFUSED);
  }
  const parsed = stripeEventSchema.safeParse(verified);
  // Signed by the provider but not an event we can read: acknowledged, so it is not retried.
  if (!parsed.success) return { duplicate: false, outcome: 'ignored: not an event' };
  const event = parsed.data;
  // Text PostgreSQL cannot store (a NUL) would fail the event on every retry.
  const unsafe = unsafeInputReason(event.data.object);
  if (!unsafe && CHECKOUT_EVENTS.has(event.type)) event.data.object = await withLineItems(deps, event);

  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    if (!(await claimStripeEvent(trx, { id: event.id, type: event.type, receivedAt: now }))) {
      return { duplicate: true, outcome: 'already processed' };
    }
    const handler = HANDLERS[event.type];
    const outcome = unsafe
      ? `ignored: ${unsafe}`
      : handler
        ? await handler(deps, trx, event.data.object, now)
        : 'ignored: event type not handled';
    await setStripeEventOutcome(trx, event.id, outcome);
    return { duplicate: false, outcome };
  });
}

/**
 * The provider's test header for a payload, signed with our secret at `timestamp` (seconds;
 * default now): what `npm run admin -- stripe:event` and the tests send, so the webhook is
 * exercised through its real verification path without reaching the provider.
 */
export function signStripePayload(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
}
