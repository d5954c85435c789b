import type { Db } from '../db/database.js';
import { addMissingPackages } from '../modules/commerce/index.js';

// Development only: what the store sells, so purchases can be recorded locally. Each name's
// first word is the capsule count (the dashboard reads the allowance from it).
export const DEV_PACKAGES = [
  {
    name: '1 Legacy Capsule',
    description: 'One video message, delivered on a milestone date.',
    price: '49.00',
    capsuleCount: 1,
    kind: 'legacy',
    capsuleLength: '5_minutes',
    deliveryCriteria: 'Milestone_Date',
    annualStorageFee: '9.00',
  },
  {
    name: '5 Legacy Capsules',
    description: 'Five video messages for the milestones of the people you love.',
    price: '199.00',
    capsuleCount: 5,
    kind: 'legacy',
    capsuleLength: '5_minutes',
    deliveryCriteria: 'Milestone_Date',
    annualStorageFee: '29.00',
  },
  {
    name: '10 Legacy Capsules',
    description: 'Ten longer messages, delivered on milestone dates.',
    price: '349.00',
    capsuleCount: 10,
    kind: 'legacy',
    capsuleLength: '10_minutes',
    deliveryCriteria: 'Milestone_Date',
    annualStorageFee: '49.00',
  },
  {
    name: '3 Journey Capsules',
    description: 'Three messages your recipients can open at any time.',
    price: '99.00',
    capsuleCount: 3,
    kind: 'journey',
    capsuleLength: '3_minutes',
    deliveryCriteria: 'View_Any_Time',
    annualStorageFee: '15.00',
  },
  {
    name: '2 Premium Verification Capsules',
    description: 'Released once the recipient proves the event with a document.',
    price: '149.00',
    capsuleCount: 2,
    kind: 'legacy',
    capsuleLength: '15_minutes',
    deliveryCriteria: 'Premium_Verification',
    annualStorageFee: '19.00',
  },
] as const;

/** Inserts the development packages that are missing; existing ones are left as they are. */
export async function ensureDevPackages(db: Db): Promise<void> {
  await addMissingPackages(
    db,
    DEV_PACKAGES.map((p) => ({ ...p, paymentPriceId: devPriceId(p.name) })),
  );
}

/**
 * The card provider's price id of a development package ('5 Legacy Capsules' ->
 * 'price_dev_5_legacy_capsules'): a checkout event naming it buys that package (the webhook's
 * tests and `npm run admin -- stripe:event`). Real packages carry their provider's ids.
 */
export function devPriceId(name: string): string {
  return `price_dev_${name.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
}
