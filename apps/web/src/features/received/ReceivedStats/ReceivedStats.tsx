import { Grid, Paper, Skeleton, Text, ThemeIcon } from '@mantine/core';
import {
  IconCalendarEvent,
  IconEye,
  IconFileCertificate,
  IconGift,
  type IconProps,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
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
      {RECEIVED_STAT_CARDS.map(({ key, label, icon: Icon, color }) => (
        <Grid.Col key={key} span={key === 'total' ? SPAN.total : SPAN.other}>
          {loading ? (
            <Skeleton h={{ base: 64, sm: 112 }} radius="md" data-testid="received-stat-skeleton" />
          ) : (
            // The dashboard's tile (features/capsules/StatsStrip): icon, label, and the value at
            // the foot, so a row's values line up when a label takes two lines.
            <Paper
              withBorder
              radius="md"
              h="100%"
              px={{ base: 10, sm: 'md' }}
              py={{ base: 8, sm: 'md' }}
              display="flex"
              style={{ flexDirection: 'column' }}
              data-testid={`received-stat-${key}`}
            >
              <ThemeIcon
                variant="light"
                color={color}
                radius="md"
                size={30}
                mb={8}
                visibleFrom="sm"
                aria-hidden
              >
                <Icon size={18} stroke={1.7} />
              </ThemeIcon>
              <Text fz={{ base: 'xs', sm: 'sm' }} c="dimmed" lh={1.2}>
                {label}
              </Text>
              <Text
                fz={{ base: 20, sm: 26 }}
                fw={700}
                lh={1.2}
                mt="auto"
                data-testid={`received-stat-value-${key}`}
              >
                {/* A failed load shows a dash, never a made-up zero. */}
                {counts ? counts[key] : '–'}
              </Text>
            </Paper>
          )}
        </Grid.Col>
      ))}
    </Grid>
  );
}
