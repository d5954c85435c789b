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
  // On a phone the table keeps date, commission and status; the purchase and the details move
  // under them, so nothing needs a sideways scroll.
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="sm" striped highlightOnHover aria-label={AFFILIATE_TEXTS.referralsTitle}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              Purchase
            </Table.Th>
            <Table.Th ta="right">Commission</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th visibleFrom="sm">Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {referrals.map((referral) => (
            <Table.Tr key={referral.id} data-testid="referral-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDate(referral.createdAt)}
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  of {formatCents(referral.purchaseAmountCents, referral.currency)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" visibleFrom="sm">
                {formatCents(referral.purchaseAmountCents, referral.currency)}
              </Table.Td>
              <Table.Td ta="right" fw={600} td={referral.status === 'cancelled' ? 'line-through' : undefined}>
                {formatCents(referral.commissionCents, referral.currency)}
              </Table.Td>
              <Table.Td>
                <Badge color={REFERRAL_STATUS_COLORS[referral.status]} variant="light">
                  {REFERRAL_STATUS_LABELS[referral.status]}
                </Badge>
                <Text size="xs" c="dimmed" hiddenFrom="sm" mt={4}>
                  {referralNote(referral)}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
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
