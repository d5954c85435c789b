import { readFile } from 'node:fs/promises';
import { loadConfig } from '../config.js';
import { AppError } from '../errors.js';
import { signStripePayload } from '../modules/commerce/index.js';

/**
 * `npm run admin -- stripe:event --file event.json [--url U]`: signs the file's payload, exactly
 * as written, with the provider's own test-header helper and the configured
 * STRIPE_WEBHOOK_SECRET, and posts it to the running portal's webhook (default: PUBLIC_URL,
 * http://localhost:3000 in development). The event goes through the webhook's real
 * verification; nothing reaches the provider.
 */
export async function postStripeEventFile(
  options: { file: string; url: string | undefined },
  print: (line: string) => void,
): Promise<void> {
  const config = loadConfig();
  const secret = config.stripeWebhookSecret;
  if (!secret)
    throw new AppError('BAD_INPUT', 'STRIPE_WEBHOOK_SECRET is not set: the portal would refuse the event');
  const payload = await readFile(options.file, 'utf8');
  try {
    JSON.parse(payload);
  } catch {
    throw new AppError('BAD_INPUT', `${options.file} is not JSON`);
  }
  const base = (options.url ?? config.publicUrl).replace(/\/$/, '');
  const response = await fetch(`${base}/api/webhooks/stripe`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signStripePayload(payload, secret),
    },
    body: payload,
  });
  const body = await response.text();
  print(`${response.status} ${body}`);
  if (!response.ok) throw new AppError('BAD_INPUT', `The portal refused the event (${response.status})`);
}
