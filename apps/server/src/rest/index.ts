import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { registerAuthRest } from '../modules/auth/auth.rest.js';
import { registerCapsulesRest } from '../modules/capsules/capsules.rest.js';
import { registerReceivedRest } from '../modules/capsules/received/received.rest.js';
import { registerUploadRest } from '../modules/capsules/video/upload.rest.js';
import { registerStripeWebhookRest } from '../modules/commerce/stripe-webhook.rest.js';
import { registerSubscriptionsRest } from '../modules/commerce/subscriptions.rest.js';
import { registerContactsRest } from '../modules/contacts/contacts.rest.js';
import { registerOtpRest } from '../modules/otp/otp.rest.js';
import { registerTermsRest } from '../modules/terms/terms.rest.js';

/** The spec's /api paths: thin adapters over the same services as the tRPC routers. */
export function registerRestShims(app: FastifyInstance, deps: AppDeps) {
  registerAuthRest(app, deps);
  registerOtpRest(app, deps);
  registerTermsRest(app, deps);
  registerContactsRest(app, deps);
  registerCapsulesRest(app, deps);
  registerUploadRest(app, deps);
  registerReceivedRest(app, deps);
  registerSubscriptionsRest(app, deps);
  registerStripeWebhookRest(app, deps);
}
