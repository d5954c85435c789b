import { parseRelationshipType, RELATIONSHIP_DETAILS, type RelationshipType } from '@capsule/domain';
import { DEFAULT_THEME, type MantineColor } from '@mantine/core';

/** One colour per relationship type, for badges. */
export const TYPE_COLORS: Record<RelationshipType, MantineColor> = {
  Family: 'pink',
  Friend: 'teal',
  Colleague: 'blue',
  Other: 'gray',
};

export function typeColor(type: string | null | undefined): MantineColor {
  const parsed = parseRelationshipType(type);
  return parsed ? TYPE_COLORS[parsed] : 'gray';
}

// Twelve distinct hues: enough for the longest detail list (Family has 12).
const DETAIL_PALETTE: readonly MantineColor[] = [
  'red',
  'violet',
  'teal',
  'orange',
  'blue',
  'grape',
  'green',
  'pink',
  'cyan',
  'yellow',
  'indigo',
  'lime',
];

/** The colour of a relationship detail: its place in its type's list picks the hue. */
export function detailColor(
  type: string | null | undefined,
  detail: string | null | undefined,
): MantineColor {
  const parsed = parseRelationshipType(type);
  if (!parsed || !detail) return 'gray';
  const index = (RELATIONSHIP_DETAILS[parsed] as readonly string[]).indexOf(detail);
  return index < 0 ? 'gray' : (DETAIL_PALETTE[index % DETAIL_PALETTE.length] ?? 'gray');
}

/** A colour as a CSS value, for SVG strokes and the minimap (which cannot take a theme name). */
export function colorHex(color: MantineColor, shade = 6): string {
  return DEFAULT_THEME.colors[color]?.[shade] ?? DEFAULT_THEME.colors.gray[6];
}
