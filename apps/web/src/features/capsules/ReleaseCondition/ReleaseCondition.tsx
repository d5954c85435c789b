import { needsDeliveryDate, normaliseDeliveryCriteria, releaseConditionText } from '@capsule/domain';
import { Group, Text } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCalendarQuestion,
  IconFileCertificate,
  IconLockOpen,
} from '@tabler/icons-react';
import { useNow } from '../../../lib/use-now';
import type { Capsule } from '../capsule-display';

type ReleaseFacts = Pick<Capsule, 'deliveryCriteria' | 'deliveryDate' | 'recipientName' | 'deliveredAt'>;

/** The icon of each condition: a calendar, an open lock, a certificate; a missing date asks. */
export function ReleaseConditionIcon({ capsule, size = 16 }: { capsule: ReleaseFacts; size?: number }) {
  if (needsDeliveryDate(capsule)) return <IconCalendarQuestion size={size} />;
  switch (normaliseDeliveryCriteria(capsule.deliveryCriteria)) {
    case 'View_Any_Time':
      return <IconLockOpen size={size} />;
    case 'Document_Validation':
    case 'Premium_Verification':
      return <IconFileCertificate size={size} />;
    default:
      return <IconCalendarEvent size={size} />;
  }
}

/**
 * When the capsule opens, in plain words ('Opens on May 4, 2030', 'Opens when Mia's document is
 * verified', 'Can be opened at any time'), as the dialogs show it; a missing date in orange.
 */
export function ReleaseCondition({ capsule }: { capsule: ReleaseFacts }) {
  const now = useNow();
  const missing = needsDeliveryDate(capsule);
  return (
    <Group gap={6} wrap="nowrap" c={missing ? 'orange.8' : undefined} data-testid="release-condition">
      <ReleaseConditionIcon capsule={capsule} />
      <Text size="sm" fw={500}>
        {releaseConditionText(capsule, now)}
      </Text>
    </Group>
  );
}
