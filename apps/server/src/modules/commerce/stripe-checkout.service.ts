import type { Db } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { findUserIdByEmail } from '../users/index.js';
import { decimalToCents } from './money.js';
import { findPackageById, findPackageByPriceId, type PackageRow } from './packages.repository.js';
import { providerPaymentExists } from './payments.repository.js';
import {
  insertPendingPurchase,
  listWaitingEmails,
  lockWaitingPurchases,
  markPendingPurchaseAttached,
  pendingPurchaseExists,
} from './pending-purchases.repository.js';
import { type PurchaseFacts, writePurchase } from './purchases.service.js';
import { readCheckoutSession } from './stripe-objects.js';

/** The quantity a checkout may buy, as purchase:record allows. */
const MAX_QUANTITY = 100;

/**
 * checkout.session.completed (and checkout.session.async_payment_succeeded): the package named
 * by its provider price id is bought through writePurchase, the same service as the CLI's
 * purchase:record, inside the event's transaction. A buyer without an account yet: the purchase
 * is kept (pending_purchases) and recorded when the account appears. Answers the outcome
 * recorded with the event.
 */
export async function onCheckoutCompleted(deps: Pick<AppDeps, 'clock'>, trx: Db, object: unknown) {
  const checkout = readCheckoutSession(object);
  if ('unreadable' in checkout) return `ignored: the session lacks ${checkout.unreadable}`;
  // An asynchronous payment method (a bank debit) completes the session unpaid; its
  // async_payment_succeeded event, sent when the money arrives, records the purchase.
  if (!checkout.paid) return 'ignored: the checkout is not paid yet';
  let pkg: PackageRow | undefined;
  let quantity = 0;
  for (const line of checkout.lines) {
    pkg = await findPackageByPriceId(trx, line.priceId);
    quantity = line.quantity;
    if (pkg) break;
  }
  if (!pkg) {
    const prices = checkout.lines.map((l) => l.priceId).join(', ') || 'no price';
    return `ignored: no capsule package for ${prices}`;
  }
  if (quantity < 1 || quantity > MAX_QUANTITY) return `ignored: quantity out of range for ${pkg.name}`;
  if (!checkout.email) return 'ignored: the checkout has no buyer e-mail';

  // The payment's own id when the checkout made one (mode payment), else the session's: one
  // purchase per checkout whatever the event id.
  const providerPaymentId = checkout.paymentIntent ?? checkout.sessionId;
  if (await providerPaymentExists(trx, providerPaymentId)) return 'ignored: this payment is already recorded';
  const amountCents = checkout.amountCents ?? decimalToCents(pkg.price) * quantity;
  const currency = checkout.currency ?? 'CAD';

  const userId = await findUserIdByEmail(trx, checkout.email);
  if (!userId) {
    if (await pendingPurchaseExists(trx, providerPaymentId)) return 'ignored: this purchase is already kept';
    await insertPendingPurchase(trx, {
      email: checkout.email,
      packageId: pkg.id,
      quantity,
      amountCents,
      currency,
      providerPaymentId,
      providerInvoiceId: checkout.invoice,
      providerSubscriptionId: checkout.subscription,
      orderNumber: checkout.orderNumber,
      referralCode: checkout.referral ? `${checkout.referral.source}:${checkout.referral.code}` : null,
      createdAt: deps.clock.now(),
    });
    return `kept: no account for ${checkout.email} yet`;
  }
  const result = await writePurchase(deps, trx, {
    userId,
    pkg,
    quantity,
    amountCents,
    currency,
    providerPaymentId,
    providerInvoiceId: checkout.invoice,
    providerSubscriptionId: checkout.subscription,
    orderNumber: checkout.orderNumber,
    referral: checkout.referral,
  });
  return `purchase recorded: payment ${result.paymentId}, ${result.capsuleIds.length} capsules`;
}

/** A kept referral ('checkout:CODE' or 'link:CODE') as the purchase takes it. */
function keptReferral(value: string | null): PurchaseFacts['referral'] {
  const [source, code] = (value ?? '').split(':');
  if (!code || (source !== 'checkout' && source !== 'link')) return null;
  return { code, source };
}

/**
 * Records the purchases kept for this e-mail (paid before the buyer had an account), each
 * through writePurchase, in one transaction with the waiting rows locked: two callers at once
 * attach each purchase once. Answers how many it recorded. Called where accounts are created
 * (the admin CLI's user:create) and by the sweep below.
 */
export async function attachPendingPurchases(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  email: string,
): Promise<number> {
  const userId = await findUserIdByEmail(deps.db, email);
  if (!userId) return 0;
  return deps.db.transaction().execute(async (trx) => {
    const waiting = await lockWaitingPurchases(trx, email);
    for (const kept of waiting) {
      const pkg = await findPackageById(trx, kept.packageId);
      if (!pkg) continue;
      const result = await writePurchase(deps, trx, {
        userId,
        pkg,
        quantity: kept.quantity,
        amountCents: Number(kept.amountCents),
        currency: kept.currency,
        providerPaymentId: kept.providerPaymentId,
        providerInvoiceId: kept.providerInvoiceId,
        providerSubscriptionId: kept.providerSubscriptionId,
        orderNumber: kept.orderNumber,
        referral: keptReferral(kept.referralCode),
      });
      await markPendingPurchaseAttached(trx, kept.id, {
        paymentId: result.paymentId,
        attachedAt: deps.clock.now(),
      });
    }
    return waiting.length;
  });
}

/**
 * The purchases.attach sweep: accounts can appear by other paths than the CLI (the business
 * system's sync); every e-mail with kept purchases is tried. Answers how many it recorded.
 */
export async function attachAllPendingPurchases(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  let attached = 0;
  for (const email of await listWaitingEmails(deps.db, 500)) {
    attached += await attachPendingPurchases(deps, email);
  }
  return attached;
}
