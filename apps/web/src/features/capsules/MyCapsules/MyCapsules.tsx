import { CAPSULE_TEXTS } from '@capsule/domain';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconAlertCircle, IconBox, IconShoppingBag } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { newTab } from '../../../lib/external-links';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { ListPagination } from '../../../lib/ui/ListPagination/ListPagination';
import { useDialogTrigger } from '../../../lib/use-dialog-trigger';
import { useNow } from '../../../lib/use-now';
import { useShopUrl } from '../../auth';
import { CapsuleCard } from '../CapsuleCard/CapsuleCard';
import { CapsuleDialogs } from '../CapsuleDialogs/CapsuleDialogs';
import type { OpenCapsuleDialog } from '../CapsuleDialogs/dialog-state';
import { CapsuleFilters } from '../CapsuleFilters/CapsuleFilters';
import { capsuleListQuery } from '../dashboard-queries';
import { useCapsuleFilters } from '../use-capsule-filters';

const GRID_COLS = { base: 1, sm: 2, lg: 3 };
const SKELETON_CARDS = 6;

/**
 * My Capsules (spec section 2): the filters, 12 cards a page from the server, numbered
 * pagination, and the dialogs a card opens. Filters and page live in the address.
 */
export function MyCapsules() {
  const trpc = useTRPC();
  const shopUrl = useShopUrl();
  const now = useNow();
  const { filters, setStatus, setTypes, setPage, clearFilters } = useCapsuleFilters();
  const [dialog, setDialog] = useState<OpenCapsuleDialog | null>(null);
  // The focus goes back to the card's button or options menu when the dialog closes.
  const trigger = useDialogTrigger();

  const list = useQuery(capsuleListQuery(trpc, filters));

  useEffect(() => {
    if (list.isError) toast({ title: CAPSULE_TEXTS.fetchCapsulesFailed, variant: 'destructive' });
  }, [list.isError]);

  // A page past the end (an old bookmark, or the last capsule of a page gone) shows the last one.
  const pageCount = list.data?.pageCount ?? 0;
  useEffect(() => {
    if (pageCount > 0 && filters.page > pageCount) setPage(pageCount, { replace: true });
  }, [pageCount, filters.page, setPage]);

  const filtered = filters.status !== null || filters.types.length > 0;

  return (
    <Stack gap="md" component="section" aria-label={CAPSULE_TEXTS.pageTitle}>
      <CapsuleFilters filters={filters} onStatusChange={setStatus} onTypesChange={setTypes} />

      {list.isPending && (
        <SimpleGrid cols={GRID_COLS} spacing="md" aria-busy aria-label="Loading capsules">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key by
            <Skeleton key={i} height={260} radius="md" data-testid="capsule-card-skeleton" />
          ))}
        </SimpleGrid>
      )}

      {list.isError && !list.data && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={CAPSULE_TEXTS.fetchCapsulesFailed}>
          <Group gap="sm">
            <Text size="sm">Check your connection and try again.</Text>
            <Button size="compact-sm" variant="light" color="red" onClick={() => list.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}

      {list.data && list.data.total === 0 && (
        <Paper withBorder radius="md" p="xl">
          <Center>
            <Stack align="center" gap="xs" maw={420} ta="center">
              <ThemeIcon variant="light" size={48} radius="xl" aria-hidden>
                <IconBox size={26} stroke={1.6} />
              </ThemeIcon>
              <Text fw={700} size="lg">
                {CAPSULE_TEXTS.empty}
              </Text>
              <Text size="sm" c="dimmed">
                {filtered
                  ? 'None of your capsules match these filters.'
                  : 'Capsules you buy in the shop appear here, ready for a recipient.'}
              </Text>
              <Group gap="sm" justify="center" mt="xs">
                {filtered && (
                  <Button variant="default" onClick={clearFilters}>
                    Clear filters
                  </Button>
                )}
                {shopUrl && (
                  <Button
                    component="a"
                    href={shopUrl}
                    {...newTab}
                    leftSection={<IconShoppingBag size={16} />}
                  >
                    Visit the shop
                  </Button>
                )}
              </Group>
            </Stack>
          </Center>
        </Paper>
      )}

      {list.data && list.data.total > 0 && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {rangeText(list.data.page, list.data.pageSize, list.data.total, list.data.capsules.length)}
          </Text>
          <SimpleGrid cols={GRID_COLS} spacing="md" data-testid="capsule-grid">
            {list.data.capsules.map((capsule) => (
              <CapsuleCard
                key={capsule.id}
                capsule={capsule}
                now={now}
                onOpen={(kind) => {
                  trigger.remember();
                  setDialog({ kind, capsule });
                }}
              />
            ))}
          </SimpleGrid>
          <ListPagination
            pageCount={list.data.pageCount}
            page={filters.page}
            onChange={setPage}
            scrollToTop
          />
        </>
      )}

      {list.data && list.data.total > 0 && shopUrl && (
        <Text size="xs" c="dimmed">
          Need more capsules?{' '}
          <Anchor href={shopUrl} {...newTab} size="xs">
            Visit the shop
          </Anchor>
        </Text>
      )}

      <CapsuleDialogs
        dialog={dialog}
        onClose={() => {
          setDialog(null);
          trigger.returnFocus();
        }}
      />
    </Stack>
  );
}

function rangeText(page: number, pageSize: number, total: number, shown: number): string {
  const first = (page - 1) * pageSize + 1;
  const last = first + shown - 1;
  const noun = total === 1 ? 'capsule' : 'capsules';
  return shown === 0 ? `${total} ${noun}` : `Showing ${first}–${last} of ${total} ${noun}`;
}
