import { describe, expect, it } from 'vitest';
import { addButtonLabel, NETWORK_PAGES, NETWORK_VIEWS, topDetailCounts } from './network-pages.js';
import {
  detailsFor,
  isDetailOf,
  parseRelationshipType,
  RELATIONSHIP_DETAILS,
  RELATIONSHIP_TYPES,
  relationshipDetailsIssue,
} from './relationships.js';

describe('relationship types and details', () => {
  it('lists the four types and the spec lists exactly', () => {
    expect(RELATIONSHIP_TYPES).toEqual(['Family', 'Friend', 'Colleague', 'Other']);
    expect(RELATIONSHIP_DETAILS.Family).toHaveLength(12);
    expect(RELATIONSHIP_DETAILS.Friend).toEqual([
      'Best-Friend',
      'Close-Friend',
      'Childhood-Friend',
      'School-friend',
      'College-friend',
      'Neighbor',
      'Roommate',
      'Acquaintance',
      'Other-friend',
    ]);
    expect(RELATIONSHIP_DETAILS.Family).toContain('Aunt-Uncle');
    expect(RELATIONSHIP_DETAILS.Colleague.at(-1)).toBe('Other-colleague');
    expect(RELATIONSHIP_DETAILS.Other.at(-1)).toBe('Other-connection');
  });

  it('reads a type in any case, null for blank or unknown', () => {
    expect(parseRelationshipType('family')).toBe('Family');
    expect(parseRelationshipType(' COLLEAGUE ')).toBe('Colleague');
    expect(parseRelationshipType('')).toBeNull();
    expect(parseRelationshipType(null)).toBeNull();
    expect(parseRelationshipType('Pet')).toBeNull();
  });

  it('offers the details of the chosen type only', () => {
    expect(detailsFor('Other')).toBe(RELATIONSHIP_DETAILS.Other);
    expect(detailsFor('')).toEqual([]);
    expect(isDetailOf('Friend', 'Neighbor')).toBe(true);
    expect(isDetailOf('Family', 'Neighbor')).toBe(false);
    expect(isDetailOf('Family', '')).toBe(false);
  });

  it('explains details that do not fit', () => {
    expect(relationshipDetailsIssue('Family', 'Cousin')).toBeNull();
    expect(relationshipDetailsIssue('Family', '')).toBeNull();
    expect(relationshipDetailsIssue('', null)).toBeNull();
    expect(relationshipDetailsIssue('Unknown', 'Cousin')).toBeNull();
    expect(relationshipDetailsIssue('Friend', 'Cousin')).toMatch(/do not belong/);
    expect(relationshipDetailsIssue(null, 'Cousin')).toMatch(/relationship type before/);
  });
});

describe('network pages', () => {
  it('maps each page to its type and add-button label', () => {
    expect(NETWORK_PAGES['family-tree']).toMatchObject({
      relationshipType: 'Family',
      addLabel: 'Add Family Member',
    });
    expect(NETWORK_PAGES['friends-tree']).toMatchObject({
      relationshipType: 'Friend',
      addLabel: 'Add Friend',
    });
    expect(NETWORK_PAGES.colleagues).toMatchObject({
      relationshipType: 'Colleague',
      addLabel: 'Add Colleague',
    });
  });

  it('gives Family and Friends three views and colleagues cards only', () => {
    expect(NETWORK_PAGES['family-tree'].views).toEqual(NETWORK_VIEWS);
    expect(NETWORK_PAGES['friends-tree'].views).toEqual(['cards', 'map', 'groups']);
    expect(NETWORK_PAGES.colleagues.views).toEqual(['cards']);
  });

  it('labels the add button per type', () => {
    expect(addButtonLabel('Family')).toBe('Add Family Member');
    expect(addButtonLabel('Friend')).toBe('Add Friend');
    expect(addButtonLabel('Colleague')).toBe('Add Colleague');
    expect(addButtonLabel('Other')).toBe('Add Contact');
  });
});

describe('topDetailCounts', () => {
  const c = (relationshipType: string | null, relationshipDetails: string | null) => ({
    relationshipType,
    relationshipDetails,
  });
  const contacts = [
    c('Family', 'Cousin'),
    c('Family', 'Cousin'),
    c('Family', 'Cousin'),
    c('family', 'Sibling'),
    c('Family', 'Sibling'),
    c('Family', 'Parent'),
    c('Family', 'Child'),
    c('Family', null),
    c('Friend', 'Cousin'),
    c(null, 'Cousin'),
    c('Family', 'Neighbor'),
  ];

  it('counts the details of one type, most frequent first, top 3 by default', () => {
    expect(topDetailCounts(contacts, 'Family')).toEqual([
      { detail: 'Cousin', count: 3 },
      { detail: 'Sibling', count: 2 },
      { detail: 'Parent', count: 1 },
    ]);
  });

  it("breaks ties by the spec's list order (Parent before Child)", () => {
    expect(topDetailCounts(contacts, 'Family', 4).slice(2)).toEqual([
      { detail: 'Parent', count: 1 },
      { detail: 'Child', count: 1 },
    ]);
  });

  it('leaves out details with no contact and those of another list', () => {
    expect(topDetailCounts(contacts, 'Family', 10)).toHaveLength(4);
    expect(topDetailCounts(contacts, 'Colleague')).toEqual([]);
    expect(topDetailCounts([], 'Friend')).toEqual([]);
    expect(topDetailCounts(contacts, 'Family', 0)).toEqual([]);
  });
});
