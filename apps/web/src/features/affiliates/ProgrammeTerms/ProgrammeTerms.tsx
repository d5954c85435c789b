import { AFFILIATE_TEXTS, affiliateTerms, commissionRateText } from '@capsule/domain';
import { Button, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

/**
 * The commission rate and the programme's terms, before and after applying: what is earned,
 * how the link works, the holding period, refunds and payouts. The figures are the server's
 * (affiliates.terms: the caller's rate, the holding period it runs with); the words are the
 * domain's.
 */
export function ProgrammeTerms() {
  const trpc = useTRPC();
  const terms = useQuery(trpc.affiliates.terms.queryOptions());

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      maw={720}
      component="section"
      aria-labelledby="affiliate-terms-title"
      data-testid="affiliate-terms"
    >
      <Stack gap="sm">
        <Title order={2} fz="h4" id="affiliate-terms-title">
          {AFFILIATE_TEXTS.termsTitle}
        </Title>
        {terms.isPending ? (
          <Stack gap="xs" data-testid="affiliate-terms-loading">
            <Skeleton height={20} width="70%" />
            <Skeleton height={64} />
          </Stack>
        ) : terms.isError ? (
          <Stack gap="xs" align="flex-start">
            <Text size="sm" c="red">
              {AFFILIATE_TEXTS.loadFailed}
            </Text>
            <Button size="xs" variant="light" onClick={() => terms.refetch()}>
              {AFFILIATE_TEXTS.retry}
            </Button>
          </Stack>
        ) : (
          <>
            <Text fw={600} data-testid="terms-rate">
              {commissionRateText(terms.data.commissionRate)}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              {affiliateTerms(terms.data).map((term) => (
                <div key={term.key} data-testid={`term-${term.key}`}>
                  <Text size="sm" fw={600}>
                    {term.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {term.body}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Paper>
  );
}
