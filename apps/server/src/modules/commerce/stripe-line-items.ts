import Stripe from 'stripe';
import type { Config } from '../../config.js';

// The one call the portal makes to the card provider's API (docs/decisions/011): a checkout whose
// event does not name the package (no `price_id` in its metadata, no expanded line items) has its
// line items read with STRIPE_SECRET_KEY, before the event's transaction opens (no network call
// while rows are locked). Without a key the event is acknowledged as naming no package.

interface CheckoutLine {
  priceId: string;
  quantity: number;
}

function client(config: Readonly<Pick<Config, 'stripeSecretKey' | 'stripeApiUrl'>>, key: string) {
  const api = config.stripeApiUrl ? new URL(config.stripeApiUrl) : undefined;
  return new Stripe(key, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/**
 * The session's priced lines, or null when no key is configured. A failure throws: the webhook
 * answers 500 and the provider retries the event later.
 */
export async function fetchCheckoutLines(
  config: Readonly<Pick<Config, 'stripeSecretKey' | 'stripeApiUrl'>>,
  sessionId: string,
): Promise<CheckoutLine[] | null> {
  if (!config.stripeSecretKey) return null;
  const items = await client(config, config.stripeSecretKey).checkout.sessions.listLineItems(sessionId, {
    limit: 100,
  });
  return items.data.flatMap((item) =>
    item.price?.id ? [{ priceId: item.price.id, quantity: item.quantity ?? 1 }] : [],
  );
}
