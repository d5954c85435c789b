import { planSummary } from '@capsule/domain';
import type { AppDeps } from '../../deps.js';
import { lapseDeleteAfter } from './storage-lapse.service.js';
import type { SubscriptionSummary } from './subscription.output.js';
import { listSubscriptions } from './subscriptions.repository.js';

function pricingList(
  value: unknown,
  fallback: string,
): SubscriptionSummary['subscriptions'][number]['pricing'] {
  const list = typeof value === 'string' ? JSON.parse(value) : value;
  if (Array.isArray(list) && list.every((p) => typeof p?.price === 'number')) return list;
  return [{ price: Number(fallback) }];
}

export async function currentSubscription(deps: AppDeps, userId: string): Promise<SubscriptionSummary> {
  const rows = await listSubscriptions(deps.db, userId);
  const { productName, allowance } = planSummary(
    rows.map((r) => ({ name: r.productName, quantity: r.quantity })),
  );
  const subscriptions = rows.map((r) => ({
    id: r.id,
    name: r.productName,
    quantity: r.quantity,
    pricing: pricingList(r.pricing, r.price ?? '0'),
    createdAt: r.createdAt.toISOString(),
    nextInvoiceDate: r.nextInvoiceDate,
    lapse:
      r.lapsedAt && r.lapseReason
        ? {
            lapsed: true as const,
            since: r.lapsedAt.toISOString(),
            reason: r.lapseReason,
            deleteAfter: lapseDeleteAfter(r.lapsedAt, deps.config.storageGraceDays).toISOString(),
            capsulesMarked: r.lapseEnforcedAt !== null,
          }
        : null,
  }));
  const lapses = subscriptions.flatMap((s) => (s.lapse ? [s.lapse] : []));
  lapses.sort((a, b) => a.since.localeCompare(b.since));
  return { productName, allowance, lapse: lapses[0] ?? null, subscriptions };
}
