import {
  formatDate,
  type KindColor,
  kindColor,
  milestoneOpensAt,
  normaliseDeliveryCriteria,
} from '@capsule/domain';
import type { RouterOutputs } from '@capsule/server/app-router';
import { ACCENT_COLOR } from '../../app/theme';

/** A sender's capsule as the capsules router answers it (clean camelCase domain fields). */
export type Capsule = RouterOutputs['capsules']['list']['capsules'][number];
export type CapsuleCounts = RouterOutputs['capsules']['counts'];

// kindColor() answers theme roles; the theme names them: primary is the brand violet, the
// accent is the theme's ACCENT_COLOR (orange, the warm capsule of the logo). See README.md.
const KIND_THEME_COLORS: Record<KindColor, string> = {
  primary: 'brand',
  accent: ACCENT_COLOR,
  gray: 'gray',
};

/** The Mantine colour of a capsule kind badge: legacy brand, journey accent, others neutral. */
export function kindBadgeColor(kind: string | null | undefined): string {
  return KIND_THEME_COLORS[kindColor(kind)];
}

/** 'legacy' -> 'Legacy'; an unknown kind shows as it is stored. */
export function kindLabel(kind: string | null | undefined): string {
  if (!kind) return '';
  return kind.charAt(0).toUpperCase() + kind.slice(1);
}

/**
 * What became of a delivered capsule, for its sender's card: played, opened (the recipient
 * opened its video), or delivered and waiting, and for what. Null before delivery.
 */
export function deliveryStateText(capsule: Capsule, now: Date): string | null {
  const delivery = capsule.delivery;
  if (!delivery) return null;
  if (delivery.playedAt) return `Played on ${formatDate(delivery.playedAt)}`;
  if (delivery.openedAt) return `Opened on ${formatDate(delivery.openedAt)}`;
  const delivered = `Delivered on ${formatDate(delivery.deliveredAt)}`;
  const criteria = normaliseDeliveryCriteria(capsule.deliveryCriteria);
  if (criteria === 'Milestone_Date') {
    const opensAt = milestoneOpensAt(capsule.deliveryDate);
    if (!opensAt || opensAt > now) return `${delivered}, waiting to open`;
  }
  if (criteria === 'Document_Validation' || criteria === 'Premium_Verification') {
    return `${delivered}, waiting for the recipient's document`;
  }
  return `${delivered}, not opened yet`;
}

/**
 * The video's fingerprint as Capsule Details shows it: the first 16 hex digits of the SHA-256
 * the review recorded, in groups of four ('3f2a 9c1e 77b0 41d2'). Enough for a person to compare
 * two copies by eye; the whole hash is in the element's title.
 */
export function formatFingerprint(sha256: string): string {
  return (sha256.slice(0, 16).match(/.{1,4}/g) ?? []).join(' ');
}
