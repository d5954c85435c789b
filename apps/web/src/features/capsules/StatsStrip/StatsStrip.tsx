import { CAPSULE_STATS_TILES, type CapsuleCountKey, capsulesOutsideTilesText } from '@capsule/domain';
import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import {
  IconArchive,
  IconBox,
  IconCloudUpload,
  IconGift,
  type IconProps,
  IconUserQuestion,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../../app/routes';
import { useTRPC } from '../../../lib/trpc';
import { STAT_TILE_FRAME, StatTileContent } from '../../../lib/ui/StatTile/StatTile';
import type { CapsuleCounts } from '../capsule-display';
import { capsuleCountsQuery } from '../dashboard-queries';
import classes from './StatsStrip.module.css';

const TILE_ICONS: Record<CapsuleCountKey, { icon: ComponentType<IconProps>; color: string }> = {
  total: { icon: IconBox, color: 'brand' },
  needRecipient: { icon: IconUserQuestion, color: 'orange' },
  needUpload: { icon: IconCloudUpload, color: 'yellow' },
  sent: { icon: IconArchive, color: 'green' },
  received: { icon: IconGift, color: 'indigo' },
};

/** The count shown on a tile; 'received' may be missing from an answer and then reads 0. */
function countOf(counts: CapsuleCounts, key: CapsuleCountKey): number {
  const value = counts[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * The dashboard stats strip (spec section 2): five tiles, five placeholders while loading.
 * On a phone the tiles are compact, three a row without their icons, so the capsule list
 * still starts on the first screen; three a row on a tablet, one row of five when wide.
 * Below them, a line names the capsules the total counts and no status tile shows (being
 * uploaded or reviewed, refused by review, marked for deletion), so the numbers add up.
 */
export function StatsStrip() {
  const trpc = useTRPC();
  const counts = useQuery(capsuleCountsQuery(trpc));
  const outside = counts.data?.outsideTiles ? capsulesOutsideTilesText(counts.data.outsideTiles) : null;

  return (
    <div>
      <SimpleGrid
        cols={{ base: 3, lg: 5 }}
        spacing={{ base: 'xs', sm: 'md' }}
        component="section"
        aria-label="Capsule counts"
        aria-busy={counts.isPending}
      >
        {CAPSULE_STATS_TILES.map(({ key, label }) => {
          if (counts.isPending) {
            return (
              <Skeleton key={key} h={{ base: 64, sm: 88 }} radius="md" data-testid="stats-tile-skeleton" />
            );
          }
          const { icon, color } = TILE_ICONS[key];
          // A failed load shows a dash, never a made-up zero.
          const value = counts.data ? countOf(counts.data, key) : '–';
          const content = { icon, color, label, value, valueTestId: `stats-value-${key}` };
          const tile = { ...STAT_TILE_FRAME, 'data-testid': `stats-tile-${key}` } as const;
          // The Received tile leads to the capsules it counts.
          return key === 'received' ? (
            <Paper key={key} {...tile} component={Link} to={ROUTES.receivedCapsules} className={classes.link}>
              <StatTileContent {...content} />
            </Paper>
          ) : (
            <Paper key={key} {...tile}>
              <StatTileContent {...content} />
            </Paper>
          );
        })}
      </SimpleGrid>
      {outside && (
        <Text size="xs" c="dimmed" mt={6} data-testid="stats-outside-tiles">
          {outside}
        </Text>
      )}
    </div>
  );
}
