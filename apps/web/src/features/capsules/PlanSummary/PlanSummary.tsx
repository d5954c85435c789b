import { CAPSULE_TEXTS } from '@capsule/domain';
import { Anchor, Group, Skeleton, Text } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { newTab } from '../../../lib/external-links';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useShopUrl } from '../../auth';
import { currentPlanQuery } from '../dashboard-queries';

/**
 * The user's plan and its capsule allowance, the first word of the product name (spec
 * section 9): what the user holds across every store purchase (domain planSummary).
 */
export function PlanSummary() {
  const trpc = useTRPC();
  const shopUrl = useShopUrl();
  const subscription = useQuery(currentPlanQuery(trpc));

  useEffect(() => {
    if (subscription.isError) {
      toast({ title: CAPSULE_TEXTS.fetchSubscriptionsFailed, variant: 'destructive' });
    }
  }, [subscription.isError]);

  if (subscription.isPending) return <Skeleton height={20} width={280} radius="sm" />;
  if (subscription.isError) return null;

  const { productName, allowance } = subscription.data;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="plan-summary">
      <IconShoppingBag
        size={18}
        stroke={1.7}
        aria-hidden
        color="var(--mantine-color-dimmed)"
        style={{ flexShrink: 0 }}
      />
      {productName ? (
        <Text size="sm" c="dimmed">
          Your plan: <strong>{productName}</strong>
          {allowance !== null && ` · allowance ${allowance}`}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          You have no capsule plan yet.
          {shopUrl && (
            <>
              {' '}
              <Anchor href={shopUrl} {...newTab} size="sm">
                Visit the shop
              </Anchor>
            </>
          )}
        </Text>
      )}
    </Group>
  );
}
