import { allowanceFromProductName } from './capsule-length.js';

interface HeldPurchase {
  /** The package's product name, e.g. '5 Legacy Capsules'. */
  name: string;
  quantity: number;
}

/**
 * What the user holds across every purchase, as the plan line and the spec's product_name
 * say it. The spec reads the allowance as the first word of product_name (section 9), so
 * with more than one purchase the name starts with the total:
 * '8 Capsules (5 Legacy Capsules, 3 Journey Capsules)'. One purchase keeps its own name.
 */
export function planSummary(purchases: readonly HeldPurchase[]): {
  productName: string | null;
  allowance: number | null;
} {
  if (purchases.length === 0) return { productName: null, allowance: null };
  const [only] = purchases;
  if (purchases.length === 1 && only && only.quantity === 1) {
    return { productName: only.name, allowance: allowanceFromProductName(only.name) };
  }
  const counts = purchases.map((p) => allowanceFromProductName(p.name));
  const allowance = counts.every((n) => n !== null)
    ? counts.reduce<number>((sum, n, i) => sum + (n ?? 0) * (purchases[i]?.quantity ?? 1), 0)
    : null;
  const parts = purchases.map((p) => (p.quantity > 1 ? `${p.name} ×${p.quantity}` : p.name)).join(', ');
  return {
    productName:
      allowance === null ? parts : `${allowance} ${allowance === 1 ? 'Capsule' : 'Capsules'} (${parts})`,
    allowance,
  };
}
