import { formatCents } from '@capsule/domain';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { MyAffiliate } from '../affiliate-types';

/** The money at a glance: what was earned, what is owed (or owed back), what was paid, what waits. */
export function AffiliateStats({ affiliate }: { affiliate: MyAffiliate }) {
  const { totals, currency } = affiliate;
  const money = (cents: number) => formatCents(cents, currency);
  const owesBack = totals.owedCents < 0;
  const tiles = [
    {
      key: 'earned',
      label: 'Total earnings',
      value: money(totals.earnedCents),
      note: 'Approved commissions',
    },
    {
      key: 'owed',
      label: owesBack ? 'You owe back' : 'Owed to you',
      value: money(Math.abs(totals.owedCents)),
      note: owesBack ? 'From refunded purchases' : 'Paid out by us',
    },
    { key: 'paid', label: 'Paid out', value: money(totals.paidOutCents), note: 'All payouts' },
    {
      key: 'pending',
      label: 'Pending',
      value: money(totals.pendingCents),
      note: `Approved after ${affiliate.holdingDays} days`,
    },
  ];
  return (
    <SimpleGrid
      cols={{ base: 2, md: 4 }}
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
            c={tile.key === 'owed' && owesBack ? 'red' : undefined}
          >
            {tile.value}
          </Text>
          <Text size="xs" c="dimmed" mt={2}>
            {tile.note}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
