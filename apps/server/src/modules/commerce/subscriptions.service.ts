import { planSummary } from '@capsule/domain';
import type { AppDeps } from '../../deps.js';
import { listSubscriptions } from './subscriptions.repository.js';

export interface SubscriptionSummary {
  /**
   * What the user holds across every purchase (domain planSummary); its first word is the
   * capsule allowance, as the spec reads it.
   */
  productName: string | null;
  allowance: number | null;
  subscriptions: Array<{
    id: string;
    name: string;
    quantity: number;
    pricing: Array<{ price: number }>;
    createdAt: string;
  }>;
}

function pricingList(value: unknown, fallback: string): Array<{ price: number }> {
  const list = typeof value === 'string' ? JSON.parse(value) : value;
  if (Array.isArray(list) && list.every((p) => typeof p?.price === 'number')) return list;
  return [{ price: Number(fallback) }];
}

export async function currentSubscription(deps: AppDeps, userId: string): Promise<SubscriptionSummary> {
  const rows = await listSubscriptions(deps.db, userId);
  const { productName, allowance } = planSummary(
    rows.map((r) => ({ name: r.productName, quantity: r.quantity })),
  );
  return {
    productName,
    allowance,
    subscriptions: rows.map((r) => ({
      id: r.id,
      name: r.productName,
      quantity: r.quantity,
      pricing: pricingList(r.pricing, r.price ?? '0'),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
