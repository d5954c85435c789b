import {
  AFFILIATE_PAYMENT_STATUS_LABELS,
  AFFILIATE_TEXTS,
  formatCents,
  formatDate,
  PAYMENT_METHOD_LABELS,
} from '@capsule/domain';
import { Badge, Table, Text } from '@mantine/core';
import type { Payout } from '../affiliate-types';

const STATUS_COLORS = { processing: 'yellow', paid: 'green', failed: 'red' } as const;

/** The payouts an operator recorded, one page of them. */
export function PayoutsTable({ payouts }: { payouts: Payout[] }) {
  if (payouts.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="md">
        {AFFILIATE_TEXTS.noPayouts}
      </Text>
    );
  }
  // On a phone the method and the reference move under the amount.
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="sm" striped aria-label={AFFILIATE_TEXTS.payoutsTitle}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th visibleFrom="sm">Method</Table.Th>
            <Table.Th visibleFrom="sm">Reference</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payouts.map((payout) => {
            const method = payout.method ? PAYMENT_METHOD_LABELS[payout.method] : '';
            return (
              <Table.Tr key={payout.id} data-testid="payout-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(payout.createdAt)}</Table.Td>
                <Table.Td ta="right">
                  <Text fw={600} size="sm">
                    {formatCents(payout.amountCents, payout.currency)}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {method}
                    {payout.transactionId ? ` · ${payout.transactionId}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">{method}</Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" ff="monospace">
                    {payout.transactionId ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLORS[payout.status]} variant="light">
                    {AFFILIATE_PAYMENT_STATUS_LABELS[payout.status]}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
