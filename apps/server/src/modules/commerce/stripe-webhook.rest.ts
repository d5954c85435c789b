import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { asReceived } from '../../rest/inputs.js';
import { errorAnswers } from '../../rest/responses.js';
import type { RestApp } from '../../rest/rest-app.js';
import { receiveStripeEvent } from './stripe-webhook.service.js';

/** Where the card provider posts its events (docs/decisions/011-stripe-webhook.md). */
const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';

/** What the document shows of the provider's event; the handler reads the raw text. */
const stripeEventWire = z.object({
  id: z.string(),
  type: z.string().describe('checkout.session.completed, invoice.paid, ... (decision 011).'),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/**
 * The webhook needs the body's exact bytes for the signature, so its scope (an encapsulated
 * plugin: this route only) reads JSON as the raw text instead of parsing it; every other route
 * keeps the app's JSON parser. The provider sends no session cookie and no Origin: the request
 * guard lets it through as a JSON body, and the signature is its authentication.
 */
export function registerStripeWebhookRest(app: RestApp, deps: AppDeps) {
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(
      STRIPE_WEBHOOK_PATH,
      {
        schema: {
          tags: ['card provider'],
          description:
            "The card provider's events. No session: the Stripe-Signature header over the raw body is the authentication; a bad, missing or old one is a 400 and changes nothing.",
          body: asReceived(stripeEventWire.describe('Read as its raw text, for the signature.')),
          response: {
            200: z.object({
              received: z.literal(true),
              duplicate: z.boolean().describe('Processed before: ignored.'),
            }),
            ...errorAnswers(),
          },
        },
      },
      async (request) => {
        const receipt = await receiveStripeEvent(
          deps,
          typeof request.body === 'string' ? request.body : '',
          request.headers['stripe-signature'],
          (message) => request.log.warn(message),
        );
        return { received: true as const, duplicate: receipt.duplicate };
      },
    );
  });
}
