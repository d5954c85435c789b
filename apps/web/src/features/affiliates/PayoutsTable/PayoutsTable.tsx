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
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="sm" striped aria-label={AFFILIATE_TEXTS.payoutsTitle}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Method</Table.Th>
            <Table.Th>Reference</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payouts.map((payout) => (
            <Table.Tr key={payout.id} data-testid="payout-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(payout.createdAt)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatCents(payout.amountCents, payout.currency)}
              </Table.Td>
              <Table.Td>{payout.method ? PAYMENT_METHOD_LABELS[payout.method] : ''}</Table.Td>
              <Table.Td>
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
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
