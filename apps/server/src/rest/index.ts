import type { FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.js';
import { registerAuthRest } from '../modules/auth/auth.rest.js';
import { registerCapsulesRest } from '../modules/capsules/capsules.rest.js';
import { registerExportRest } from '../modules/capsules/export/export.rest.js';
import { registerReceivedRest } from '../modules/capsules/received/received.rest.js';
import { registerUploadRest } from '../modules/capsules/video/upload.rest.js';
import { registerStripeWebhookRest } from '../modules/commerce/stripe-webhook.rest.js';
import { registerSubscriptionsRest } from '../modules/commerce/subscriptions.rest.js';
import { registerContactsRest } from '../modules/contacts/contacts.rest.js';
import { registerOtpRest } from '../modules/otp/otp.rest.js';
import { registerTermsRest } from '../modules/terms/terms.rest.js';
import { sessionCookieName } from '../plugins/session.js';
import { answerSerializer } from './answer-check.js';
import { registerOpenApi } from './openapi.js';

/**
 * The spec's /api paths: thin adapters over the same services as the tRPC routers. They
 * declare their inputs and answers with zod (rest/inputs.ts, rest/responses.ts) in a scope of
 * their own, so the zod compilers and the OpenAPI document (rest/openapi.ts) concern them only.
 */
export function registerRestShims(app: FastifyInstance, deps: AppDeps) {
  app.register(async (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.setValidatorCompiler(validatorCompiler);
    api.setSerializerCompiler(answerSerializer(deps.config.checkRestAnswers));
    await registerOpenApi(api, {
      docsPage: deps.config.nodeEnv === 'development',
      sessionCookie: sessionCookieName(deps),
    });
    registerAuthRest(api, deps);
    registerOtpRest(api, deps);
    registerTermsRest(api, deps);
    registerContactsRest(api, deps);
    registerCapsulesRest(api, deps);
    registerUploadRest(api, deps);
    registerReceivedRest(api, deps);
    registerExportRest(api, deps);
    registerSubscriptionsRest(api, deps);
    registerStripeWebhookRest(api, deps);
  });
}
