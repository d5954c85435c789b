import { AFFILIATE_STATUS_LABELS, AFFILIATE_TEXTS, formatDate, PAYMENT_METHOD_LABELS } from '@capsule/domain';
import { Badge, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBan, IconHourglassHigh } from '@tabler/icons-react';
import type { MyAffiliate } from '../affiliate-types';
import { WithdrawApplication } from './WithdrawApplication';

/** A pending application or a blocked account: where it stands, and nothing to share yet. */
export function AffiliateStatusNotice({ affiliate }: { affiliate: MyAffiliate }) {
  const blocked = affiliate.status === 'blocked';
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720} data-testid="affiliate-status">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon size={44} radius="xl" variant="light" color={blocked ? 'red' : 'yellow'}>
          {blocked ? <IconBan size={24} /> : <IconHourglassHigh size={24} />}
        </ThemeIcon>
        <Stack gap={6}>
          <Group gap="xs" wrap="wrap">
            <Title order={2} fz="h4">
              {blocked ? AFFILIATE_TEXTS.blockedTitle : AFFILIATE_TEXTS.pendingTitle}
            </Title>
            <Badge color={blocked ? 'red' : 'yellow'} variant="light">
              {AFFILIATE_STATUS_LABELS[affiliate.status]}
            </Badge>
          </Group>
          <Text c="dimmed" size="sm">
            {blocked ? AFFILIATE_TEXTS.blockedBody : AFFILIATE_TEXTS.pendingBody}
          </Text>
          <Text size="sm">
            Applied {formatDate(affiliate.appliedAt)}
            {affiliate.paymentMethod &&
              ` · paid by ${PAYMENT_METHOD_LABELS[affiliate.paymentMethod]}${affiliate.paymentSummary ? ` (${affiliate.paymentSummary})` : ''}`}
          </Text>
          {affiliate.status === 'pending' && (
            <Group mt="xs">
              <WithdrawApplication />
            </Group>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
