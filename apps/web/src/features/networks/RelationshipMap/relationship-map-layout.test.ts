import { RELATIONSHIP_DETAILS } from '@capsule/domain';
import { describe, expect, it } from 'vitest';
import {
  CONTACT_RADIUS,
  contactNodeId,
  hubId,
  layoutRelationshipMap,
  type MapContact,
  type MapNode,
  UNSPECIFIED_DETAIL,
  USER_NODE_ID,
} from './relationship-map-layout';

const USER = { id: 'me', name: 'Ada Lovelace' };

/** n Family contacts spread over the details in the spec's list, round-robin. */
function family(n: number, details: readonly string[] = RELATIONSHIP_DETAILS.Family): MapContact[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `c${String(i).padStart(3, '0')}`,
    fullName: `Person ${i}`,
    relationshipType: 'Family',
    relationshipDetails: details[i % details.length] ?? null,
  }));
}

function closestPair(nodes: MapNode[]) {
  let worst = Number.POSITIVE_INFINITY;
  for (let i = 0; i < nodes.length; i += 1) {
    for (let j = i + 1; j < nodes.length; j += 1) {
      const a = nodes[i]!;
      const b = nodes[j]!;
      worst = Math.min(worst, Math.hypot(a.x - b.x, a.y - b.y) - (a.radius + b.radius));
    }
  }
  return worst;
}

describe('layoutRelationshipMap', () => {
  it('puts the user alone at the centre when there are no contacts', () => {
    const layout = layoutRelationshipMap(USER, []);
    expect(layout.nodes).toEqual([expect.objectContaining({ id: USER_NODE_ID, kind: 'user', x: 0, y: 0 })]);
    expect(layout.edges).toEqual([]);
    expect(layout.hubs).toEqual([]);
  });

  it.each([1, 5, 30, 200])('gives each of %i contacts a position, no two nodes overlapping', (n) => {
    const contacts = family(n);
    const layout = layoutRelationshipMap(USER, contacts);

    const user = layout.nodes.find((node) => node.kind === 'user');
    expect(user).toMatchObject({ x: 0, y: 0, label: 'Ada Lovelace' });
    for (const contact of contacts) {
      const node = layout.nodes.find((candidate) => candidate.id === contactNodeId(contact.id));
      expect(node, contact.id).toBeDefined();
      expect(Number.isFinite(node!.x) && Number.isFinite(node!.y)).toBe(true);
      expect(node).toMatchObject({ kind: 'contact', label: contact.fullName, contactId: contact.id });
    }
    // Every pair of circles (user, hubs, contacts) is at least its two radii apart.
    expect(closestPair(layout.nodes)).toBeGreaterThanOrEqual(0);
    expect(
      layout.nodes.filter((node) => node.kind === 'contact').every((n) => n.radius === CONTACT_RADIUS),
    ).toBe(true);
  });

  it('makes one hub per detail in use, in the spec order, linked to the user and to its contacts', () => {
    const contacts = family(7, ['Spouse', 'Parent', 'Cousin']);
    const layout = layoutRelationshipMap(USER, contacts);

    expect(layout.hubs).toEqual([
      { detail: 'Parent', count: 2 },
      { detail: 'Spouse', count: 3 },
      { detail: 'Cousin', count: 2 },
    ]);
    const hubs = layout.nodes.filter((node) => node.kind === 'hub');
    expect(hubs.map((hub) => hub.id)).toEqual(['Parent', 'Spouse', 'Cousin'].map(hubId));
    for (const hub of hubs) {
      expect(layout.edges).toContainEqual(expect.objectContaining({ source: USER_NODE_ID, target: hub.id }));
    }
    for (const contact of contacts) {
      expect(layout.edges).toContainEqual(
        expect.objectContaining({
          source: hubId(contact.relationshipDetails!),
          target: contactNodeId(contact.id),
        }),
      );
    }
    expect(layout.edges).toHaveLength(hubs.length + contacts.length);
  });

  it('keeps each contact nearer its own hub than the other hubs, on average', () => {
    const layout = layoutRelationshipMap(USER, family(60));
    const hubs = new Map(layout.nodes.filter((n) => n.kind === 'hub').map((hub) => [hub.detail, hub]));
    const contacts = layout.nodes.filter((node) => node.kind === 'contact');
    const nearestIsOwn = contacts.filter((contact) => {
      const own = hubs.get(contact.detail)!;
      const distance = (hub: MapNode) => Math.hypot(hub.x - contact.x, hub.y - contact.y);
      return [...hubs.values()].every((hub) => distance(own) <= distance(hub));
    });
    expect(nearestIsOwn.length / contacts.length).toBeGreaterThan(0.8);
  });

  it('gathers contacts without details under their own hub', () => {
    const layout = layoutRelationshipMap(USER, [
      { id: 'a', fullName: 'No Detail', relationshipType: 'Friend', relationshipDetails: null },
      { id: 'b', fullName: 'Best Mate', relationshipType: 'Friend', relationshipDetails: 'Best-Friend' },
    ]);
    expect(layout.hubs).toEqual([
      { detail: 'Best-Friend', count: 1 },
      { detail: UNSPECIFIED_DETAIL, count: 1 },
    ]);
  });

  it('is deterministic, and enlarges hubs for big maps', () => {
    const contacts = family(40);
    expect(layoutRelationshipMap(USER, contacts)).toEqual(
      layoutRelationshipMap(USER, [...contacts].reverse()),
    );
    expect(layoutRelationshipMap(USER, family(5)).scale).toBe(1);
    expect(layoutRelationshipMap(USER, family(200)).scale).toBeGreaterThan(2);
  });
});
