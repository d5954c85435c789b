import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { receiveStripeEvent } from './stripe-webhook.service.js';

/** Where the card provider posts its events (docs/decisions/011-stripe-webhook.md). */
export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';

/**
 * The webhook needs the body's exact bytes for the signature, so its scope (an encapsulated
 * plugin: this route only) reads JSON as the raw text instead of parsing it; every other route
 * keeps the app's JSON parser. The provider sends no session cookie and no Origin: the request
 * guard lets it through as a JSON body, and the signature is its authentication.
 */
export function registerStripeWebhookRest(app: FastifyInstance, deps: AppDeps) {
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(STRIPE_WEBHOOK_PATH, async (request) => {
      const receipt = await receiveStripeEvent(
        deps,
        typeof request.body === 'string' ? request.body : '',
        request.headers['stripe-signature'],
        (message) => request.log.warn(message),
      );
      return { received: true, duplicate: receipt.duplicate };
    });
  });
}
