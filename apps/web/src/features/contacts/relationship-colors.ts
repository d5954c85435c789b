import { parseRelationshipType, RELATIONSHIP_DETAILS } from '@capsule/domain';
import { DEFAULT_THEME, type MantineColor } from '@mantine/core';
import { RELATIONSHIP_DETAIL_PALETTE, RELATIONSHIP_TYPE_COLORS } from '../../app/theme';

// Every relationship colour on screen comes through here; the colours themselves are chosen
// in the theme (app/theme.ts).

/** The colour of a relationship type, for its badge and its details' badges; gray if none. */
export function typeColor(type: string | null | undefined): MantineColor {
  const parsed = parseRelationshipType(type);
  return parsed ? RELATIONSHIP_TYPE_COLORS[parsed] : 'gray';
}

/**
 * The colour that tells one detail from the others of its type (map hubs, legend, summary):
 * its place in its type's list picks the colour.
 */
export function detailColor(
  type: string | null | undefined,
  detail: string | null | undefined,
): MantineColor {
  const parsed = parseRelationshipType(type);
  if (!parsed || !detail) return 'gray';
  const index = (RELATIONSHIP_DETAILS[parsed] as readonly string[]).indexOf(detail);
  return index < 0
    ? 'gray'
    : (RELATIONSHIP_DETAIL_PALETTE[index % RELATIONSHIP_DETAIL_PALETTE.length] ?? 'gray');
}

/**
 * A colour as a CSS value, for SVG strokes and the minimap (which cannot take a theme name).
 * Takes 'teal' (at `shade`) or 'teal.7'.
 */
export function colorHex(color: MantineColor, shade = 6): string {
  const [name = 'gray', own] = color.split('.');
  const index = own === undefined ? shade : Number(own);
  return DEFAULT_THEME.colors[name]?.[index] ?? DEFAULT_THEME.colors.gray[6];
}
