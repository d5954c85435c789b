import { planSummary } from '@capsule/domain';
import type { AppDeps } from '../../deps.js';
import { lapseDeleteAfter } from './storage-lapse.service.js';
import { listSubscriptions } from './subscriptions.repository.js';

/** A storage plan that is not paid: since when, why, and when its undelivered capsules get marked. */
export interface LapseWarning {
  lapsed: true;
  /** ISO instant the lapse began. */
  since: string;
  reason: 'payment_failed' | 'cancelled';
  /** ISO instant the grace ends (STORAGE_GRACE_DAYS after `since`). */
  deleteAfter: string;
  /** The grace has ended and the undelivered capsules were marked To_Delete (Recover within 30 days). */
  capsulesMarked: boolean;
}

export interface SubscriptionSummary {
  /**
   * What the user holds across every purchase (domain planSummary); its first word is the
   * capsule allowance, as the spec reads it.
   */
  productName: string | null;
  allowance: number | null;
  /** The earliest lapse among the user's plans, or null when every plan is in good standing. */
  lapse: LapseWarning | null;
  subscriptions: Array<{
    id: string;
    name: string;
    quantity: number;
    pricing: Array<{ price: number }>;
    createdAt: string;
    /** 'YYYY-MM-DD': when the annual storage fee is due next; null when the plan has none. */
    nextInvoiceDate: string | null;
    lapse: LapseWarning | null;
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
