import {
  AFFILIATE_TEXTS,
  formatCents,
  formatDate,
  REFERRAL_STATUS_COLORS,
  REFERRAL_STATUS_LABELS,
} from '@capsule/domain';
import { Badge, Table, Text } from '@mantine/core';
import type { Referral } from '../affiliate-types';

/** What a referral's status means for its money, in a few words. */
function referralNote(referral: Referral): string {
  switch (referral.status) {
    case 'pending':
      return `Approved on ${formatDate(referral.approvesAt)} unless refunded`;
    case 'converted':
      return `Approved ${formatDate(referral.convertedAt)}, owed to you`;
    case 'paid':
      return `Paid ${formatDate(referral.paidAt)}`;
    case 'cancelled': {
      const why = referral.reversalReason === 'dispute' ? 'Disputed' : 'Refunded';
      const back =
        referral.clawbackCents > 0
          ? ` · ${formatCents(referral.clawbackCents, referral.currency)} owed back`
          : '';
      return `${why} ${formatDate(referral.reversedAt)}${back}`;
    }
  }
}

/** The affiliate's referrals, one page of them: never who bought, only what and when. */
export function ReferralsTable({ referrals }: { referrals: Referral[] }) {
  if (referrals.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="md">
        {AFFILIATE_TEXTS.noReferrals}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" striped highlightOnHover aria-label={AFFILIATE_TEXTS.referralsTitle}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right">Purchase</Table.Th>
            <Table.Th ta="right">Commission</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {referrals.map((referral) => (
            <Table.Tr key={referral.id} data-testid="referral-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(referral.createdAt)}</Table.Td>
              <Table.Td ta="right">{formatCents(referral.purchaseAmountCents, referral.currency)}</Table.Td>
              <Table.Td ta="right" fw={600} td={referral.status === 'cancelled' ? 'line-through' : undefined}>
                {formatCents(referral.commissionCents, referral.currency)}
              </Table.Td>
              <Table.Td>
                <Badge color={REFERRAL_STATUS_COLORS[referral.status]} variant="light">
                  {REFERRAL_STATUS_LABELS[referral.status]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {referralNote(referral)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
