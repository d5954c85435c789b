import { allowanceFromProductName } from '@capsule/domain';
import type { AppDeps } from '../../deps.js';
import { listSubscriptions } from './subscriptions.repository.js';

export interface SubscriptionSummary {
  /** The latest purchase's product name; its first word is the capsule allowance. */
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
  const productName = rows[0]?.productName ?? null;
  return {
    productName,
    allowance: productName ? allowanceFromProductName(productName) : null,
    subscriptions: rows.map((r) => ({
      id: r.id,
      name: r.productName,
      quantity: r.quantity,
      pricing: pricingList(r.pricing, r.price ?? '0'),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
