import { parseRelationshipType, RELATIONSHIP_DETAILS } from '@capsule/domain';
import {
  forceCollide,
  forceLink,
  forceManyBody,
  forceRadial,
  forceSimulation,
  type SimulationLinkDatum,
  type SimulationNodeDatum,
} from 'd3-force';

// The Relationship Map's geometry, kept apart from React so it can be tested: the signed-in
// user at the centre, one hub per relationship detail on a ring around them, and each
// contact in a cluster around its hub. d3-force places everything; the simulation runs a
// fixed number of ticks synchronously (no animation loop), and starts from positions derived
// from the data, so the same contacts always give the same picture.

export const UNSPECIFIED_DETAIL = 'No details';

/** The drawn contact (an avatar and a two-line name, 100 x 64 px) fits inside this circle. */
export const CONTACT_RADIUS = 60;
export const CONTACT_NODE_WIDTH = 100;
export const CONTACT_NODE_HEIGHT = 64;
const HUB_BASE_RADIUS = 56;
const USER_BASE_RADIUS = 60;
const GAP = 6;
const TICKS = 120;

export interface MapUser {
  id: string;
  name: string;
}

export interface MapContact {
  id: string;
  fullName: string;
  relationshipType: string | null;
  relationshipDetails: string | null;
}

export type MapNodeKind = 'user' | 'hub' | 'contact';

export interface MapNode {
  id: string;
  kind: MapNodeKind;
  /** Centre of the node. */
  x: number;
  y: number;
  /** No other node's circle comes inside this one. */
  radius: number;
  label: string;
  /** The detail a hub stands for, or a contact belongs to; null for the user. */
  detail: string | null;
  /** Contacts under a hub. */
  count?: number;
  /** The contact a contact node draws. */
  contactId?: string;
}

export interface MapEdge {
  id: string;
  source: string;
  target: string;
  detail: string;
}

export interface RelationshipMapLayout {
  nodes: MapNode[];
  edges: MapEdge[];
  /** The hubs in ring order: details in the spec's list order, then contacts without details. */
  hubs: { detail: string; count: number }[];
  /**
   * How much the user and hub nodes are enlarged: a big map is shown zoomed out, and its
   * hubs must stay readable there.
   */
  scale: number;
}

interface SimNode extends SimulationNodeDatum {
  id: string;
  radius: number;
  /** The ring (distance from the user) the node belongs on. */
  home?: number;
}

interface ContactSimNode extends SimNode {
  contact: MapContact;
  detail: string;
}

interface SimLink extends SimulationLinkDatum<SimNode> {
  distance: number;
  strength: number;
}

export const hubId = (detail: string) => `hub:${detail}`;
export const contactNodeId = (contactId: string) => `contact:${contactId}`;
export const USER_NODE_ID = 'user';

/** The order of a contact's detail in its type's list; unknown and missing details go last. */
function detailOrder(contact: MapContact): number {
  const type = parseRelationshipType(contact.relationshipType);
  const list = type ? (RELATIONSHIP_DETAILS[type] as readonly string[]) : [];
  const index = contact.relationshipDetails ? list.indexOf(contact.relationshipDetails) : -1;
  return index < 0 ? list.length : index;
}

const detailOf = (contact: MapContact) => contact.relationshipDetails?.trim() || UNSPECIFIED_DETAIL;

/** Lays out the map of `contacts` around `user`. Pure: no DOM, no clock, no randomness. */
export function layoutRelationshipMap(user: MapUser, contacts: readonly MapContact[]): RelationshipMapLayout {
  // Group by detail, in the spec's order, each cluster sorted by name.
  const sorted = [...contacts].sort(
    (a, b) =>
      detailOrder(a) - detailOrder(b) ||
      detailOf(a).localeCompare(detailOf(b)) ||
      a.fullName.localeCompare(b.fullName) ||
      a.id.localeCompare(b.id),
  );
  const clusters: { detail: string; members: MapContact[] }[] = [];
  for (const contact of sorted) {
    const detail = detailOf(contact);
    const last = clusters.at(-1);
    if (last?.detail === detail) last.members.push(contact);
    else clusters.push({ detail, members: [contact] });
  }

  const total = contacts.length;
  // A big map is shown zoomed out: its user and hub nodes grow so their labels stay legible.
  const scale = Math.min(2.5, Math.max(1, Math.sqrt(total / 40)));
  const userRadius = USER_BASE_RADIUS * scale;
  const hubRadius = HUB_BASE_RADIUS * scale;
  const step = 2 * CONTACT_RADIUS + GAP; // centre to centre, side by side or ring to ring

  // Inner ring: the hubs, side by side and clear of the user. Outer rings: the contacts, each
  // cluster in its own sector of the circle, as wide as its share of the contacts (a lone
  // contact still gets room for its hub), filling rings from the inside out.
  const hubRing = Math.max(
    userRadius + hubRadius + 6 * GAP,
    (clusters.length * (2 * hubRadius + 3 * GAP)) / (2 * Math.PI),
  );
  const firstContactRing = hubRing + hubRadius + CONTACT_RADIUS + 3 * GAP;
  const weights = clusters.map((c) => Math.max(c.members.length, 1.5));
  const weightSum = weights.reduce((sum, w) => sum + w, 0);

  const userNode: SimNode = { id: USER_NODE_ID, radius: userRadius + GAP, x: 0, y: 0, fx: 0, fy: 0 };
  const hubNodes: SimNode[] = [];
  const contactNodes: ContactSimNode[] = [];
  const links: SimLink[] = [];

  let sectorStart = -Math.PI / 2 - (Math.PI * (weights[0] ?? 0)) / Math.max(weightSum, 1);
  clusters.forEach((cluster, index) => {
    const width = (2 * Math.PI * (weights[index] ?? 0)) / weightSum;
    const middle = sectorStart + width / 2;
    const hub: SimNode = {
      id: hubId(cluster.detail),
      radius: hubRadius + GAP,
      x: hubRing * Math.cos(middle),
      y: hubRing * Math.sin(middle),
      home: hubRing,
    };
    hubNodes.push(hub);
    links.push({ source: userNode, target: hub, distance: hubRing, strength: 0.5 });

    let placed = 0;
    for (let ring = 0; placed < cluster.members.length; ring += 1) {
      const radius = firstContactRing + ring * step;
      const capacity = Math.max(1, Math.floor((width * radius) / step));
      const count = Math.min(capacity, cluster.members.length - placed);
      // The ring's contacts are spread over the sector, centred on its middle.
      const spread = (count * step) / radius;
      for (let i = 0; i < count; i += 1) {
        const contact = cluster.members[placed + i]!;
        const theta = middle - spread / 2 + ((i + 0.5) * spread) / count;
        const node: ContactSimNode = {
          id: contactNodeId(contact.id),
          radius: CONTACT_RADIUS,
          x: radius * Math.cos(theta),
          y: radius * Math.sin(theta),
          home: radius,
          contact,
          detail: cluster.detail,
        };
        contactNodes.push(node);
        links.push({ source: hub, target: node, distance: radius - hubRing, strength: 0.05 });
      }
      placed += count;
    }
    sectorStart += width;
  });

  const simNodes: SimNode[] = [userNode, ...hubNodes, ...contactNodes];
  if (total > 0) {
    // Relax the rings: links keep contacts by their hub, the radial force keeps every node on
    // its ring, the charge spreads crowded sectors, the collision keeps nodes apart.
    const simulation = forceSimulation<SimNode>(simNodes)
      .stop()
      .force(
        'link',
        forceLink<SimNode, SimLink>(links)
          .distance((link) => link.distance)
          .strength((link) => link.strength),
      )
      .force(
        'charge',
        forceManyBody<SimNode>()
          .strength((node) => (node === userNode ? 0 : -30))
          .theta(1.5)
          .distanceMax(step * 3),
      )
      .force(
        'ring',
        forceRadial<SimNode>((node) => node.home ?? 0, 0, 0).strength((node) =>
          node === userNode ? 0 : 0.2,
        ),
      )
      .force(
        'collide',
        forceCollide<SimNode>((node) => node.radius)
          .strength(0.9)
          .iterations(2),
      );
    simulation.tick(TICKS);
    separate(simNodes);
  }

  const position = (node: SimNode) => ({ x: round(node.x ?? 0), y: round(node.y ?? 0) });
  const nodes: MapNode[] = [
    {
      id: USER_NODE_ID,
      kind: 'user',
      ...position(userNode),
      radius: userRadius,
      label: user.name,
      detail: null,
    },
    ...hubNodes.map((hub, index) => ({
      id: hub.id,
      kind: 'hub' as const,
      ...position(hub),
      radius: hubRadius,
      label: clusters[index]!.detail,
      detail: clusters[index]!.detail,
      count: clusters[index]!.members.length,
    })),
    ...contactNodes.map((node) => ({
      id: node.id,
      kind: 'contact' as const,
      ...position(node),
      radius: CONTACT_RADIUS,
      label: node.contact.fullName,
      detail: node.detail,
      contactId: node.contact.id,
    })),
  ];
  const edges: MapEdge[] = [
    ...clusters.map((cluster) => ({
      id: `edge:user:${cluster.detail}`,
      source: USER_NODE_ID,
      target: hubId(cluster.detail),
      detail: cluster.detail,
    })),
    ...contactNodes.map((node) => ({
      id: `edge:${node.detail}:${node.contact.id}`,
      source: hubId(node.detail),
      target: node.id,
      detail: node.detail,
    })),
  ];
  return {
    nodes,
    edges,
    hubs: clusters.map((c) => ({ detail: c.detail, count: c.members.length })),
    scale,
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The guarantee d3's soft collision force does not give: pushes overlapping circles apart
 * (the user stays put) until none overlap. Rounding to 0.1 px afterwards can eat 0.1 px,
 * hence the small margin.
 */
function separate(nodes: SimNode[], maxRounds = 200): void {
  const margin = 0.5;
  for (let round = 0; round < maxRounds; round += 1) {
    let moved = false;
    for (let i = 0; i < nodes.length; i += 1) {
      const a = nodes[i]!;
      for (let j = i + 1; j < nodes.length; j += 1) {
        const b = nodes[j]!;
        let dx = (b.x ?? 0) - (a.x ?? 0);
        let dy = (b.y ?? 0) - (a.y ?? 0);
        let distance = Math.hypot(dx, dy);
        const wanted = a.radius + b.radius + margin;
        // Half the margin of slack, or floating-point error would keep a pair "overlapping".
        if (distance >= wanted - margin / 2) continue;
        if (distance === 0) {
          // Same spot: part them along a direction fixed by their indexes.
          dx = Math.cos(i + j);
          dy = Math.sin(i + j);
          distance = 1e-6;
        }
        const push = (wanted - distance) / distance;
        const aFixed = a.fx != null;
        const bFixed = b.fx != null;
        const shareA = aFixed ? 0 : bFixed ? 1 : 0.5;
        const shareB = 1 - shareA;
        a.x = (a.x ?? 0) - dx * push * shareA;
        a.y = (a.y ?? 0) - dy * push * shareA;
        b.x = (b.x ?? 0) + dx * push * shareB;
        b.y = (b.y ?? 0) + dy * push * shareB;
        moved = true;
      }
    }
    if (!moved) return;
  }
}
