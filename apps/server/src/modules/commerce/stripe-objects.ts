import { z } from 'zod';

// What the webhook reads of the provider's objects (Stripe API 2026-10-28, and the older field
// places where they moved), checked with zod: an object that lacks what a handler needs is
// acknowledged with that reason rather than half-processed. Only the fields read are named;
// the rest of each object passes through untouched.

const id = z.string().min(1).max(255);
/** An id, or the object it names when the event was sent expanded. */
const ref = z.union([id, z.object({ id }).transform((o) => o.id)]);
const metadata = z.record(z.string(), z.string()).nullish();

export const stripeEventSchema = z.object({
  id,
  type: z.string().min(1).max(100),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type StripeEventEnvelope = z.infer<typeof stripeEventSchema>;

const checkoutSessionSchema = z.object({
  id,
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']).nullish(),
  payment_intent: ref.nullish(),
  invoice: ref.nullish(),
  subscription: ref.nullish(),
  amount_total: z.number().int().min(0).nullish(),
  currency: z
    .string()
    .regex(/^[a-zA-Z]{3}$/)
    .nullish(),
  customer_email: z.string().nullish(),
  customer_details: z.object({ email: z.string().nullish() }).nullish(),
  client_reference_id: z.string().max(255).nullish(),
  metadata,
  // Present only when the session was fetched with line_items expanded (never in Stripe's own
  // webhook payloads; see checkoutLine).
  line_items: z
    .object({
      data: z.array(
        z.object({ quantity: z.number().int().min(1).nullish(), price: z.object({ id }).nullish() }),
      ),
    })
    .nullish(),
});

interface CheckoutFacts {
  sessionId: string;
  paid: boolean;
  paymentIntent: string | null;
  invoice: string | null;
  subscription: string | null;
  amountCents: number | null;
  currency: string | null;
  email: string | null;
  /** Prices bought and how many, in the order to try them (the service takes the first package). */
  lines: Array<{ priceId: string; quantity: number }>;
  referral: { code: string; source: 'checkout' | 'link' } | null;
  orderNumber: string | null;
}

const REFERRAL_CODE = /^[A-Za-z0-9]{4,20}$/;

/**
 * The package bought. Stripe's checkout.session.completed carries no line items; the shop
 * names the package's price in the session's metadata (`price_id`, `quantity`) when it creates
 * the session or payment link, and that is what is read first. An expanded `line_items` (a
 * session re-sent by an operator's tool) is read next: its first line whose price is a package.
 */
function checkoutLines(session: z.infer<typeof checkoutSessionSchema>) {
  const lines: Array<{ priceId: string; quantity: number }> = [];
  const fromMetadata = session.metadata?.price_id;
  if (fromMetadata) {
    const quantity = Number(session.metadata?.quantity ?? '1');
    lines.push({
      priceId: fromMetadata,
      quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 0,
    });
  }
  for (const item of session.line_items?.data ?? []) {
    if (item.price?.id) lines.push({ priceId: item.price.id, quantity: item.quantity ?? 1 });
  }
  return lines;
}

/**
 * The referral code: the checkout's metadata `referral_code` (the shop's field), else the
 * client_reference_id the portal's shop link carries (`ref_CODE`, from the ?ref= cookie).
 */
function checkoutReferral(session: z.infer<typeof checkoutSessionSchema>): CheckoutFacts['referral'] {
  const fromMetadata = session.metadata?.referral_code?.trim();
  if (fromMetadata && REFERRAL_CODE.test(fromMetadata))
    return { code: fromMetadata.toUpperCase(), source: 'checkout' };
  const reference = /^ref_([A-Za-z0-9]{4,20})$/.exec(session.client_reference_id ?? '');
  if (reference?.[1]) return { code: reference[1].toUpperCase(), source: 'link' };
  return null;
}

export function readCheckoutSession(object: unknown): CheckoutFacts | { unreadable: string } {
  const parsed = checkoutSessionSchema.safeParse(object);
  if (!parsed.success) return { unreadable: parsed.error.issues[0]?.path.join('.') || 'session' };
  const s = parsed.data;
  const email = (s.customer_details?.email ?? s.customer_email ?? '').trim().toLowerCase();
  return {
    sessionId: s.id,
    paid: s.payment_status !== 'unpaid',
    paymentIntent: s.payment_intent ?? null,
    invoice: s.invoice ?? null,
    subscription: s.subscription ?? null,
    amountCents: s.amount_total ?? null,
    currency: s.currency ? s.currency.toUpperCase() : null,
    email: email || null,
    lines: checkoutLines(s),
    referral: checkoutReferral(s),
    orderNumber: s.metadata?.order_number ?? null,
  };
}

const invoiceSchema = z.object({
  id,
  // API 2025-03 and later: parent.subscription_details.subscription; before: subscription.
  parent: z.object({ subscription_details: z.object({ subscription: ref.nullish() }).nullish() }).nullish(),
  subscription: ref.nullish(),
  lines: z
    .object({ data: z.array(z.object({ period: z.object({ end: z.number().int() }).nullish() })) })
    .nullish(),
  period_end: z.number().int().nullish(),
});

interface InvoiceFacts {
  invoiceId: string;
  subscription: string | null;
  /** The end of the period this invoice pays (seconds since the epoch); null when unknown. */
  paidUntil: number | null;
}

export function readInvoice(object: unknown): InvoiceFacts | { unreadable: string } {
  const parsed = invoiceSchema.safeParse(object);
  if (!parsed.success) return { unreadable: parsed.error.issues[0]?.path.join('.') || 'invoice' };
  const i = parsed.data;
  const ends = (i.lines?.data ?? [])
    .map((l) => l.period?.end)
    .filter((e): e is number => typeof e === 'number');
  return {
    invoiceId: i.id,
    subscription: i.parent?.subscription_details?.subscription ?? i.subscription ?? null,
    paidUntil: ends.length > 0 ? Math.max(...ends) : (i.period_end ?? null),
  };
}

const subscriptionSchema = z.object({ id });

export function readSubscriptionId(object: unknown): string | null {
  const parsed = subscriptionSchema.safeParse(object);
  return parsed.success ? parsed.data.id : null;
}

const chargeSchema = z.object({
  id,
  payment_intent: ref.nullish(),
  invoice: ref.nullish(),
  amount: z.number().int().min(0),
  amount_refunded: z.number().int().min(0),
});

export function readCharge(object: unknown) {
  const parsed = chargeSchema.safeParse(object);
  if (!parsed.success) return null;
  const c = parsed.data;
  return {
    paymentIntent: c.payment_intent ?? null,
    invoice: c.invoice ?? null,
    amount: c.amount,
    amountRefunded: c.amount_refunded,
  };
}

const disputeSchema = z.object({ id, payment_intent: ref.nullish(), charge: ref.nullish() });

export function readDispute(object: unknown) {
  const parsed = disputeSchema.safeParse(object);
  if (!parsed.success) return null;
  return { paymentIntent: parsed.data.payment_intent ?? null };
}
