import { Grid, Paper, Skeleton } from '@mantine/core';
import {
  IconCalendarEvent,
  IconEye,
  IconFileCertificate,
  IconGift,
  type IconProps,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { STAT_TILE_FRAME, StatTileContent } from '../../../lib/ui/StatTile/StatTile';
import type { ReceivedCounts } from '../received-display';

/** The four stat cards of the spec, in its order, keyed by the list's counts. */
export const RECEIVED_STAT_CARDS: readonly {
  key: keyof ReceivedCounts;
  label: string;
  icon: ComponentType<IconProps>;
  color: string;
}[] = [
  { key: 'total', label: 'Total Capsules', icon: IconGift, color: 'brand' },
  { key: 'viewAnyTime', label: 'View Any Time', icon: IconEye, color: 'teal' },
  { key: 'milestoneDate', label: 'Milestone Date', icon: IconCalendarEvent, color: 'indigo' },
  {
    key: 'documentValidation',
    label: 'Requires Document Validation',
    icon: IconFileCertificate,
    color: 'grape',
  },
];

// The spec's five-column layout for four cards: on wide screens the total takes two of the
// five columns, so the row is full and lines up with the dashboard's five tiles; two a row on
// phones and tablets.
const SPAN = { total: { base: 5, lg: 4 }, other: { base: 5, lg: 2 } } as const;

interface ReceivedStatsProps {
  /** Undefined while the first answer is on its way (skeletons), or after a failed load (dashes). */
  counts: ReceivedCounts | undefined;
  loading: boolean;
}

/** The stat cards of Received Capsules (spec section 2): skeletons while loading. */
export function ReceivedStats({ counts, loading }: ReceivedStatsProps) {
  return (
    <Grid
      columns={10}
      gap={{ base: 'xs', sm: 'md' }}
      component="section"
      aria-label="Received capsule counts"
      aria-busy={loading}
    >
      {RECEIVED_STAT_CARDS.map(({ key, label, icon, color }) => (
        <Grid.Col key={key} span={key === 'total' ? SPAN.total : SPAN.other}>
          {loading ? (
            <Skeleton h={{ base: 64, sm: 112 }} radius="md" data-testid="received-stat-skeleton" />
          ) : (
            // The dashboard's tile (shell/StatTile), so both pages' counts look alike.
            <Paper {...STAT_TILE_FRAME} h="100%" data-testid={`received-stat-${key}`}>
              <StatTileContent
                icon={icon}
                color={color}
                label={label}
                value={counts ? counts[key] : '–'}
                valueTestId={`received-stat-value-${key}`}
              />
            </Paper>
          )}
        </Grid.Col>
      ))}
    </Grid>
  );
}
