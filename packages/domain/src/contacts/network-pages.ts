import {
  parseRelationshipType,
  RELATIONSHIP_DETAILS,
  type RelationshipDetail,
  type RelationshipType,
} from './relationships.js';

// The three network pages of spec section 2. Family and Friends have three views; the
// Professional Network shows colleague cards only.
export const NETWORK_VIEWS = ['cards', 'map', 'groups'] as const;
export type NetworkView = (typeof NETWORK_VIEWS)[number];

export const NETWORK_VIEW_LABELS: Record<NetworkView, string> = {
  cards: 'Cards',
  map: 'Relationship Map',
  groups: 'Groups',
};

export interface NetworkPage {
  path: string;
  title: string;
  relationshipType: RelationshipType;
  addLabel: string;
  views: readonly NetworkView[];
}

export const NETWORK_PAGES = {
  'family-tree': {
    path: '/family-tree',
    title: 'Family Tree',
    relationshipType: 'Family',
    addLabel: 'Add Family Member',
    views: NETWORK_VIEWS,
  },
  'friends-tree': {
    path: '/friends-tree',
    title: 'Friends Network',
    relationshipType: 'Friend',
    addLabel: 'Add Friend',
    views: NETWORK_VIEWS,
  },
  colleagues: {
    path: '/colleagues',
    title: 'Professional Network',
    relationshipType: 'Colleague',
    addLabel: 'Add Colleague',
    views: ['cards'],
  },
} as const satisfies Record<string, NetworkPage>;
export type NetworkPageKey = keyof typeof NETWORK_PAGES;

/** The add button of a type's page; 'Other' has no page of its own, so the generic label. */
export function addButtonLabel(type: RelationshipType): string {
  const page = Object.values(NETWORK_PAGES).find((p) => p.relationshipType === type);
  return page?.addLabel ?? 'Add Contact';
}

interface DetailCount {
  detail: RelationshipDetail;
  count: number;
}

/**
 * The network summary (spec section 2): the `n` most frequent relationship details among the
 * contacts of `type`. Details with no contact are left out; ties keep the spec's list order,
 * so the summary does not reshuffle between renders.
 */
export function topDetailCounts(
  contacts: readonly { relationshipType?: string | null; relationshipDetails?: string | null }[],
  type: RelationshipType,
  n = 3,
): DetailCount[] {
  const counts = new Map<string, number>();
  for (const contact of contacts) {
    if (parseRelationshipType(contact.relationshipType) !== type || !contact.relationshipDetails) continue;
    counts.set(contact.relationshipDetails, (counts.get(contact.relationshipDetails) ?? 0) + 1);
  }
  // Array.prototype.sort is stable, and the list is walked in the spec's order.
  return RELATIONSHIP_DETAILS[type]
    .map((detail) => ({ detail, count: counts.get(detail) ?? 0 }))
    .filter((row) => row.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, Math.max(0, n));
}
