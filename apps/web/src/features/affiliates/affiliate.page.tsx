import { AFFILIATE_TEXTS } from '@capsule/domain';
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { PageHeader } from '../../lib/ui/PageHeader/PageHeader';
import { AffiliateApplicationForm } from './AffiliateApplicationForm/AffiliateApplicationForm';
import { AffiliateDashboard } from './AffiliateDashboard/AffiliateDashboard';
import { AffiliateStatusNotice } from './AffiliateStatusNotice/AffiliateStatusNotice';
import { ProgrammeTerms } from './ProgrammeTerms/ProgrammeTerms';

/**
 * /affiliate: the programme's terms and the application, then the application's status (a
 * pending one can be withdrawn), then (approved) the code, money and referrals; the terms stay.
 */
export function AffiliatePage() {
  const trpc = useTRPC();
  const me = useQuery(trpc.affiliates.me.queryOptions());

  return (
    <>
      <PageHeader title={AFFILIATE_TEXTS.pageTitle} description={AFFILIATE_TEXTS.pageDescription} />
      {me.isPending ? (
        <Stack gap="md" data-testid="affiliate-loading">
          <Skeleton height={120} radius="md" />
          <Skeleton height={80} radius="md" />
        </Stack>
      ) : me.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title={AFFILIATE_TEXTS.loadFailed}
        >
          <Button size="xs" variant="white" color="red" mt="xs" onClick={() => me.refetch()}>
            {AFFILIATE_TEXTS.retry}
          </Button>
        </Alert>
      ) : me.data === null ? (
        // The terms first: they are what a newcomer weighs before applying.
        <Stack gap="xl">
          <ProgrammeTerms />
          <AffiliateApplicationForm />
        </Stack>
      ) : (
        <Stack gap="xl">
          {me.data.status === 'approved' ? (
            <AffiliateDashboard affiliate={me.data} />
          ) : (
            <AffiliateStatusNotice affiliate={me.data} />
          )}
          <ProgrammeTerms />
        </Stack>
      )}
    </>
  );
}
