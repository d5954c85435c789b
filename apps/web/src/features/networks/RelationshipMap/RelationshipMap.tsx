import '@xyflow/react/dist/style.css';
import { initials, type RelationshipType } from '@capsule/domain';
import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  Background,
  Controls,
  type Edge,
  Handle,
  MiniMap,
  type Node,
  type NodeProps,
  type NodeTypes,
  Position,
  ReactFlow,
  useStore,
} from '@xyflow/react';
import { useMemo } from 'react';
import { colorHex, detailColor } from '../../contacts';
import classes from './RelationshipMap.module.css';
import {
  CONTACT_NODE_HEIGHT,
  CONTACT_NODE_WIDTH,
  layoutRelationshipMap,
  type MapContact,
  type MapNode,
  type RelationshipMapLayout,
  UNSPECIFIED_DETAIL,
} from './relationship-map-layout';

// Below this zoom a contact's name would be a few pixels high: the map then shows coloured
// dots in their clusters, and names come back as the user zooms in.
const NAME_ZOOM = 0.45;
const AVATAR_CENTRE_Y = 16;

// A fitted map is drawn zoomed out (on a phone to about 0.5), which would shrink a 12 px name
// to 6 px. Labels are drawn larger in map units as the zoom drops, so that on screen they stay
// at least LABEL_SCREEN_PX, within limits that keep neighbouring labels apart: a person's name
// may be wider than its node (on a white pill); a hub's label and the user's name stay inside
// their circles (the legend under the map names every hub at full size).
const LABEL_SCREEN_PX = 12;
const NAME_PX = 12;
const MAX_NAME_GROWTH = 2.2;
const MAX_NAME_WIDTH = 180;
const MAX_CENTRE_GROWTH = 2.5;
// The width of a bold character, in em, a little over the average: a fit estimate must not
// let a label spill out of its circle.
const BOLD_CHAR_EM = 0.64;
// The horizontal padding inside a hub and inside the user's circle (RelationshipMap.module.css).
const HUB_PADDING = 8;
const USER_PADDING = 16;

/**
 * How much a label drawn at `px` map pixels is enlarged at this zoom, so that it shows at
 * least LABEL_SCREEN_PX high on screen: never shrunk, at most `max`.
 */
export function labelGrowth(px: number, zoom: number, max: number): number {
  if (!(zoom > 0) || !(px > 0)) return 1;
  return Math.min(max, Math.max(1, LABEL_SCREEN_PX / (px * zoom)));
}

/**
 * The largest growth at which a label, broken after its hyphens and at its spaces ('Niece-'
 * 'Nephew', 'Ada' 'Lovelace'), still fits across `innerWidth` (a circle less its padding); at
 * least 1 (the layout sizes the circles for the base size).
 */
export function circleLabelFit(label: string, px: number, innerWidth: number): number {
  const longest = Math.max(1, ...label.split(/(?<=-)|\s+/).map((part) => part.length));
  return Math.max(1, innerWidth / (BOLD_CHAR_EM * px * longest));
}

/**
 * Below this zoom names are hidden (NAME_ZOOM), so a phone does not fit a map of up to
 * PHONE_FIT_CONTACTS people below it: the map opens with names, a little cropped at its edges,
 * and the fit-view control still shows it whole. A bigger map opens whole, as dots.
 */
const PHONE_FIT_CONTACTS = 40;

const useZoom = () => useStore((state) => state.transform[2]);

type UserNodeData = { name: string; scale: number };
type HubNodeData = { label: string; count: number; color: string; scale: number };
type ContactNodeData = { name: string; color: string; contactId: string };
type UserFlowNode = Node<UserNodeData, 'user'>;
type HubFlowNode = Node<HubNodeData, 'hub'>;
type ContactFlowNode = Node<ContactNodeData, 'contact'>;
type MapFlowNode = UserFlowNode | HubFlowNode | ContactFlowNode;

/** Edges run from centre to centre: every node has one invisible handle in its middle. */
function CentreHandles({ top }: { top?: number }) {
  const style = top === undefined ? undefined : { top };
  return (
    <>
      <Handle
        type="target"
        position={Position.Top}
        className={classes.handle}
        style={style}
        isConnectable={false}
      />
      <Handle
        type="source"
        position={Position.Top}
        className={classes.handle}
        style={style}
        isConnectable={false}
      />
    </>
  );
}

function UserNode({ data, width, height }: NodeProps<UserFlowNode>) {
  const namePx = 12 * data.scale;
  const growth = Math.min(
    labelGrowth(namePx, useZoom(), MAX_CENTRE_GROWTH),
    circleLabelFit(data.name, namePx, (width ?? 0) - USER_PADDING),
  );
  return (
    <div className={classes.user} style={{ width, height }}>
      <CentreHandles />
      <span className={classes.userInitials} style={{ fontSize: 22 * data.scale }}>
        {initials(data.name)}
      </span>
      <span className={classes.userName} style={{ fontSize: namePx * growth }}>
        {data.name}
      </span>
    </div>
  );
}

function HubNode({ data, width, height }: NodeProps<HubFlowNode>) {
  const labelPx = 14 * data.scale;
  const growth = Math.min(
    labelGrowth(labelPx, useZoom(), MAX_CENTRE_GROWTH),
    circleLabelFit(data.label, labelPx, (width ?? 0) - HUB_PADDING),
  );
  return (
    <div className={classes.hub} style={{ width, height, background: data.color }}>
      <CentreHandles />
      <span className={classes.hubLabel} style={{ fontSize: labelPx * growth }} data-testid="map-hub-label">
        {data.label}
      </span>
      <span className={classes.hubCount} style={{ fontSize: 12 * data.scale * growth }}>
        {data.count}
      </span>
    </div>
  );
}

function ContactNode({ data, width, height }: NodeProps<ContactFlowNode>) {
  const zoom = useZoom();
  const showName = zoom >= NAME_ZOOM;
  const growth = labelGrowth(NAME_PX, zoom, MAX_NAME_GROWTH);
  return (
    <div className={classes.contact} style={{ width, height }} title={data.name}>
      <CentreHandles top={AVATAR_CENTRE_Y} />
      <span className={classes.avatar} style={{ background: data.color }}>
        {showName ? initials(data.name) : null}
      </span>
      {showName && (
        <span
          className={classes.contactName}
          data-testid="map-contact-name"
          style={{
            fontSize: NAME_PX * growth,
            lineHeight: `${Math.round(14 * growth)}px`,
            maxWidth: Math.min(MAX_NAME_WIDTH, (width ?? CONTACT_NODE_WIDTH) * growth),
            padding: `${growth}px ${3 * growth}px`,
          }}
        >
          {data.name}
        </span>
      )}
    </div>
  );
}

const NODE_TYPES: NodeTypes = { user: UserNode, hub: HubNode, contact: ContactNode };

const hubColor = (type: RelationshipType, detail: string | null) =>
  colorHex(detail === UNSPECIFIED_DETAIL ? 'gray' : detailColor(type, detail));

function toFlowNode(node: MapNode, type: RelationshipType, scale: number): MapFlowNode {
  const color = hubColor(type, node.detail);
  if (node.kind === 'contact') {
    return {
      id: node.id,
      type: 'contact',
      position: { x: node.x - CONTACT_NODE_WIDTH / 2, y: node.y - AVATAR_CENTRE_Y },
      width: CONTACT_NODE_WIDTH,
      height: CONTACT_NODE_HEIGHT,
      data: { name: node.label, color, contactId: node.contactId ?? '' },
      ariaLabel: `${node.label}, ${node.detail}`,
      connectable: false,
    };
  }
  const size = node.radius * 2;
  const common = {
    id: node.id,
    position: { x: node.x - node.radius, y: node.y - node.radius },
    width: size,
    height: size,
    connectable: false,
  };
  if (node.kind === 'hub') {
    return {
      ...common,
      type: 'hub',
      data: { label: node.label, count: node.count ?? 0, color, scale },
      ariaLabel: `${node.label}: ${node.count} contacts`,
    };
  }
  return { ...common, type: 'user', data: { name: node.label, scale }, ariaLabel: `You: ${node.label}` };
}

/** A short hash of what is drawn (djb2), to tell one layout from another. */
function fingerprint(layout: RelationshipMapLayout): string {
  let hash = 5381;
  for (const node of layout.nodes) {
    const text = `${node.id}|${node.x}|${node.y}|${node.label}|${node.count ?? ''};`;
    for (let i = 0; i < text.length; i += 1) hash = ((hash << 5) + hash + text.charCodeAt(i)) | 0;
  }
  return `${layout.nodes.length}-${(hash >>> 0).toString(36)}`;
}

interface RelationshipMapProps {
  /** The signed-in user, drawn at the centre. */
  userName: string;
  type: RelationshipType;
  contacts: readonly MapContact[];
  onContactClick?: (contactId: string) => void;
}

/**
 * The Relationship Map of the Family Tree and Friends Network (spec section 2): the user at
 * the centre, a coloured hub per relationship detail, the contacts around their hub.
 * Positions come from layoutRelationshipMap (d3-force); React Flow draws, zooms and pans.
 */
export function RelationshipMap({ userName, type, contacts, onContactClick }: RelationshipMapProps) {
  const layout = useMemo(
    () => layoutRelationshipMap({ id: 'me', name: userName }, contacts),
    [userName, contacts],
  );
  const nodes = useMemo(
    () => layout.nodes.map((node) => toFlowNode(node, type, layout.scale)),
    [layout, type],
  );
  const edges = useMemo<Edge[]>(
    () =>
      layout.edges.map((edge) => {
        const fromUser = edge.source === 'user';
        return {
          id: edge.id,
          source: edge.source,
          target: edge.target,
          type: 'straight',
          selectable: false,
          focusable: false,
          style: {
            stroke: hubColor(type, edge.detail),
            strokeWidth: fromUser ? 3 * layout.scale : 1.5,
            opacity: fromUser ? 0.7 : 0.45,
          },
        };
      }),
    [layout, type],
  );
  // The flow keeps its own copy of the nodes (so they can be dragged): a new layout remounts it.
  const layoutKey = useMemo(() => fingerprint(layout), [layout]);
  // A bigger map gets a taller frame; a phone keeps room to scroll past it.
  const tall = contacts.length > 40;
  // On a phone the overview would hide a third of the drawing: zoom and fit stay. Read at
  // once, not after a first render: the first fit depends on it.
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const openWithNames = !wide && contacts.length <= PHONE_FIT_CONTACTS;

  return (
    <Stack gap="sm">
      <Box
        className={classes.frame}
        h={{ base: tall ? 440 : 400, sm: tall ? 760 : 620 }}
        role="region"
        aria-label="Relationship map"
        data-testid="relationship-map"
      >
        <ReactFlow<MapFlowNode>
          key={`${layoutKey}-${openWithNames ? 'names' : 'whole'}`}
          defaultNodes={nodes}
          defaultEdges={edges}
          nodeTypes={NODE_TYPES}
          fitView
          fitViewOptions={{ padding: 0.08, maxZoom: 1.1, minZoom: openWithNames ? NAME_ZOOM : undefined }}
          minZoom={0.05}
          maxZoom={2.5}
          nodesConnectable={false}
          elementsSelectable={false}
          edgesFocusable={false}
          onNodeClick={(_, node) => {
            if (node.type === 'contact') onContactClick?.(node.data.contactId);
          }}
          proOptions={{ hideAttribution: false }}
        >
          <Background gap={24} size={1} />
          <Controls showInteractive={false} position="top-left" />
          {wide && (
            <MiniMap
              pannable
              zoomable
              position="bottom-right"
              nodeColor={(node) =>
                node.type === 'user'
                  ? colorHex('violet', 7)
                  : ((node.data as { color?: string }).color ?? colorHex('gray'))
              }
              nodeStrokeWidth={0}
              style={{ width: 140, height: 100 }}
              ariaLabel="Overview of the relationship map"
            />
          )}
        </ReactFlow>
      </Box>
      {layout.hubs.length > 0 && (
        <Group gap={6} aria-label="Map legend">
          {layout.hubs.map((hub) => (
            <Badge
              key={hub.detail}
              variant="dot"
              color={hub.detail === UNSPECIFIED_DETAIL ? 'gray' : detailColor(type, hub.detail)}
              size="md"
              tt="none"
            >
              {hub.detail} · {hub.count}
            </Badge>
          ))}
        </Group>
      )}
      <Text size="xs" c="dimmed">
        Drag to move around, scroll or pinch to zoom, click a person to edit their details.
      </Text>
    </Stack>
  );
}
