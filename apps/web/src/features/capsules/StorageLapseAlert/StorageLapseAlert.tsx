import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { newTab } from '../../../lib/external-links';
import { useTRPC } from '../../../lib/trpc';
import { useShopUrl } from '../../auth';
import { currentPlanQuery } from '../dashboard-queries';
import { lapseWarningText } from './storage-lapse-texts';

/**
 * The storage plan's lapse warning on the dashboard: shown only while a plan is unpaid, from the
 * same subscriptions.current query as PlanSummary (one request). A load failure is
 * PlanSummary's to report.
 */
export function StorageLapseAlert() {
  const trpc = useTRPC();
  const shopUrl = useShopUrl();
  const subscription = useQuery(currentPlanQuery(trpc));
  const lapse = subscription.data?.lapse;
  if (!lapse) return null;
  const { title, body } = lapseWarningText(lapse);
  return (
    <Alert
      variant="light"
      color="red"
      role="alert"
      icon={<IconAlertTriangle size={18} />}
      title={title}
      data-testid="storage-lapse-alert"
    >
      <Text size="sm">{body}</Text>
      {shopUrl && !lapse.capsulesMarked && (
        <Anchor href={shopUrl} {...newTab} size="sm" fw={600}>
          Renew your storage plan in the shop
        </Anchor>
      )}
    </Alert>
  );
}
