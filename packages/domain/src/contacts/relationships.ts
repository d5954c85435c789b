import { CONTACT_TEXTS } from './contact-texts.js';

// Relationship types and their detail lists, exactly as spec section 3 spells them (the
// values are stored and sent as is, so 'School-friend' keeps its lower-case f).
export const RELATIONSHIP_TYPES = ['Family', 'Friend', 'Colleague', 'Other'] as const;
export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number];

export const RELATIONSHIP_DETAILS = {
  Family: [
    'Parent',
    'Child',
    'Sibling',
    'Spouse',
    'Grandparent',
    'Grandchild',
    'Aunt-Uncle',
    'Niece-Nephew',
    'Cousin',
    'In-law',
    'Step-Family',
    'Other-Family',
  ],
  Friend: [
    'Best-Friend',
    'Close-Friend',
    'Childhood-Friend',
    'School-friend',
    'College-friend',
    'Neighbor',
    'Roommate',
    'Acquaintance',
    'Other-friend',
  ],
  Colleague: [
    'Manager',
    'Direct-report',
    'Team-Member',
    'Mentor',
    'Mentee',
    'Business-Partner',
    'Client',
    'Vendor',
    'Other-colleague',
  ],
  Other: [
    'Teacher',
    'Student',
    'Doctor',
    'Patient',
    'Service-provider',
    'Community-member',
    'Online-connection',
    'Other-connection',
  ],
} as const satisfies Record<RelationshipType, readonly string[]>;

export type RelationshipDetail = (typeof RELATIONSHIP_DETAILS)[RelationshipType][number];

/**
 * Reads a relationship type in any case: the network views use lower-case values ('family',
 * spec section 3) while the store and the form use 'Family'. Null when blank or unknown.
 */
export function parseRelationshipType(value: string | null | undefined): RelationshipType | null {
  const wanted = value?.trim().toLowerCase();
  if (!wanted) return null;
  return RELATIONSHIP_TYPES.find((type) => type.toLowerCase() === wanted) ?? null;
}

/** The detail choices of a type (the form offers these once a type is chosen); none for no type. */
export function detailsFor(type: string | null | undefined): readonly RelationshipDetail[] {
  const parsed = parseRelationshipType(type);
  return parsed ? RELATIONSHIP_DETAILS[parsed] : [];
}

export function isDetailOf(type: string | null | undefined, detail: string | null | undefined): boolean {
  return !!detail && (detailsFor(type) as readonly string[]).includes(detail);
}

/**
 * Why details do not fit the type, or null when they do. Blank details always fit (they are
 * optional); an unknown type is reported on the type field itself, not here.
 */
export function relationshipDetailsIssue(
  type: string | null | undefined,
  details: string | null | undefined,
): string | null {
  if (!details?.trim()) return null;
  if (!type?.trim()) return CONTACT_TEXTS.detailsWithoutType;
  if (!parseRelationshipType(type)) return null;
  return isDetailOf(type, details) ? null : CONTACT_TEXTS.detailsNotForType;
}
