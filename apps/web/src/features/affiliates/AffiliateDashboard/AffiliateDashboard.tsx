import { AFFILIATE_TEXTS, formatCents } from '@capsule/domain';
import { Alert, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { ListPagination } from '../../../lib/ui/ListPagination/ListPagination';
import type { MyAffiliate } from '../affiliate-types';
import { PayoutsTable } from '../PayoutsTable/PayoutsTable';
import { ReferralsTable } from '../ReferralsTable/ReferralsTable';
import { AffiliateStats } from './AffiliateStats';
import { ReferralLinkCard } from './ReferralLinkCard';

function Section({ title, total, children }: { title: string; total?: number; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Group gap="xs" align="baseline">
        <Title order={2} fz="h3">
          {title}
        </Title>
        {total !== undefined && total > 0 && (
          <Text c="dimmed" size="sm">
            {total}
          </Text>
        )}
      </Group>
      {children}
    </Stack>
  );
}

/** An approved affiliate: the code and link, the money, the referrals and the payouts. */
export function AffiliateDashboard({ affiliate }: { affiliate: MyAffiliate }) {
  const trpc = useTRPC();
  const [referralPage, setReferralPage] = useState(1);
  const [payoutPage, setPayoutPage] = useState(1);
  const referrals = useQuery({
    ...trpc.affiliates.referrals.queryOptions({ page: referralPage }),
    placeholderData: keepPreviousData,
  });
  const payouts = useQuery({
    ...trpc.affiliates.payouts.queryOptions({ page: payoutPage }),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap="xl">
      {affiliate.code && affiliate.referralLink && (
        <ReferralLinkCard
          code={affiliate.code}
          link={affiliate.referralLink}
          commissionRate={affiliate.commissionRate}
        />
      )}
      <AffiliateStats affiliate={affiliate} />
      {affiliate.totals.owedCents < 0 && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="A paid commission was refunded"
        >
          {formatCents(-affiliate.totals.owedCents, affiliate.currency)} was paid for purchases that were
          refunded since. Your next commissions make it up before a payout.
        </Alert>
      )}

      <Section title={AFFILIATE_TEXTS.referralsTitle} total={referrals.data?.total}>
        {referrals.isPending ? (
          <Skeleton height={160} radius="md" />
        ) : referrals.isError ? (
          <Text c="red" size="sm">
            {AFFILIATE_TEXTS.loadFailed}
          </Text>
        ) : (
          <>
            <ReferralsTable referrals={referrals.data.items} />
            <ListPagination
              label="Referral pages"
              pageCount={Math.ceil(referrals.data.total / referrals.data.pageSize)}
              page={referralPage}
              onChange={setReferralPage}
              mt="xs"
            />
          </>
        )}
      </Section>

      <Section title={AFFILIATE_TEXTS.payoutsTitle} total={payouts.data?.total}>
        {payouts.isPending ? (
          <Skeleton height={80} radius="md" />
        ) : payouts.isError ? (
          <Text c="red" size="sm">
            {AFFILIATE_TEXTS.loadFailed}
          </Text>
        ) : (
          <>
            <PayoutsTable payouts={payouts.data.items} />
            <ListPagination
              label="Payout pages"
              pageCount={Math.ceil(payouts.data.total / payouts.data.pageSize)}
              page={payoutPage}
              onChange={setPayoutPage}
              mt="xs"
            />
          </>
        )}
      </Section>
    </Stack>
  );
}
