import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { memberOnly, sessionOf } from '../../rest/guards.js';
import { SESSION_SECURITY } from '../../rest/openapi.js';
import { memberErrors } from '../../rest/responses.js';
import type { RestApp } from '../../rest/rest-app.js';
import { subscriptionSummaryOutputSchema } from './subscription.output.js';
import { currentSubscription } from './subscriptions.service.js';

const summary = subscriptionSummaryOutputSchema.shape;
const plan = summary.subscriptions.element.shape;
/** The spec's shape: product_name and subscriptionsList (each with a name and a pricing list). */
const subscriptionSchema = z.object({
  product_name: z
    .string()
    .describe("What the user holds; its first word is the capsule allowance ('' without a purchase)."),
  subscriptionsList: z.array(
    z.object({
      id: plan.id,
      name: plan.name,
      quantity: plan.quantity,
      pricing: plan.pricing.describe(
        'As the purchase recorded it: each price, and annualStorageFee where there is one.',
      ),
      next_invoice_date: plan.nextInvoiceDate.describe(
        "'YYYY-MM-DD': when the annual storage fee is due next.",
      ),
      lapse: plan.lapse,
    }),
  ),
  lapse: summary.lapse.describe("The earliest unpaid plan's warning; null when every plan is paid up."),
});

export function registerSubscriptionsRest(app: RestApp, deps: AppDeps) {
  app.get(
    '/api/subscription',
    {
      ...memberOnly,
      schema: {
        tags: ['account'],
        security: SESSION_SECURITY,
        response: { 200: subscriptionSchema, ...memberErrors() },
      },
    },
    async (request) => {
      const summary = await currentSubscription(deps, sessionOf(request).user.id);
      return {
        // The spec's client reads the allowance as the first word of product_name: never null.
        product_name: summary.productName ?? '',
        subscriptionsList: summary.subscriptions.map((s) => ({
          id: s.id,
          name: s.name,
          quantity: s.quantity,
          pricing: s.pricing,
          next_invoice_date: s.nextInvoiceDate,
          lapse: s.lapse,
        })),
        // Beyond the spec's fields: the storage plan's lapse warning, null when paid up.
        lapse: summary.lapse,
      };
    },
  );
}
