import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { memberRequired, sessionOf } from '../../rest/guards.js';
import { currentSubscription } from './subscriptions.service.js';

export function registerSubscriptionsRest(app: FastifyInstance, deps: AppDeps) {
  // The spec's shape: product_name and subscriptionsList (each with a name and a pricing list).
  app.get('/api/subscription', { preHandler: memberRequired }, async (request) => {
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
      // Beyond the spec's fields (issue 13): the storage plan's lapse warning, null when paid up.
      lapse: summary.lapse,
    };
  });
}
