import { Text, ThemeIcon } from '@mantine/core';
import type { IconProps } from '@tabler/icons-react';
import type { ComponentType } from 'react';

/**
 * The frame of a count tile (a Mantine Paper's props), for My Capsules' stats strip and the
 * Received Capsules stat cards alike: compact on phones, a column whose value sits at the foot.
 */
export const STAT_TILE_FRAME = {
  withBorder: true,
  radius: 'md',
  px: { base: 10, sm: 'md' },
  py: { base: 8, sm: 'md' },
  display: 'flex',
  style: { flexDirection: 'column' },
} as const;

interface StatTileContentProps {
  icon: ComponentType<IconProps>;
  color: string;
  label: string;
  /** A failed load shows a dash, never a made-up zero: the caller passes '–' then. */
  value: number | string;
  valueTestId: string;
}

/** A count tile's inside: its icon (not on phones), its label, and the value at the foot. */
export function StatTileContent({ icon: Icon, color, label, value, valueTestId }: StatTileContentProps) {
  return (
    <>
      <ThemeIcon variant="light" color={color} radius="md" size={30} mb={8} visibleFrom="sm" aria-hidden>
        <Icon size={18} stroke={1.7} />
      </ThemeIcon>
      <Text fz={{ base: 'xs', sm: 'sm' }} c="dimmed" lh={1.2}>
        {label}
      </Text>
      {/* At the foot of the tile: a row's values line up when one label takes two lines. */}
      <Text fz={{ base: 20, sm: 26 }} fw={700} lh={1.2} mt="auto" data-testid={valueTestId}>
        {value}
      </Text>
    </>
  );
}
