import { formatCents, formatRate } from '@capsule/domain';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { MyAffiliate } from '../affiliate-types';

/** Rate and money at a glance: what was earned, what is owed, what was paid, what waits. */
export function AffiliateStats({ affiliate }: { affiliate: MyAffiliate }) {
  const { totals, currency } = affiliate;
  const money = (cents: number) => formatCents(cents, currency);
  const tiles = [
    { key: 'rate', label: 'Commission rate', value: formatRate(affiliate.commissionRate) },
    { key: 'earned', label: 'Total earnings', value: money(totals.earnedCents) },
    {
      key: 'owed',
      label: totals.owedCents < 0 ? 'You owe back' : 'Owed to you',
      value: money(Math.abs(totals.owedCents)),
    },
    { key: 'paid', label: 'Paid out', value: money(totals.paidOutCents) },
    {
      key: 'pending',
      label: `Pending (${affiliate.holdingDays}-day hold)`,
      value: money(totals.pendingCents),
    },
  ];
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, lg: 5 }}
      spacing={{ base: 'xs', sm: 'md' }}
      role="region"
      aria-label="Earnings"
    >
      {tiles.map((tile) => (
        <Paper
          key={tile.key}
          withBorder
          radius="md"
          p={{ base: 'sm', sm: 'md' }}
          data-testid={`affiliate-stat-${tile.key}`}
        >
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} lh={1.3} data-testid="stat-label">
            {tile.label}
          </Text>
          <Text
            fz={{ base: 'lg', sm: 'xl' }}
            fw={700}
            mt={4}
            data-testid="stat-value"
            c={tile.key === 'owed' && totals.owedCents < 0 ? 'red' : undefined}
          >
            {tile.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
