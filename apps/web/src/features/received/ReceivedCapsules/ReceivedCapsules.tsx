import { CAPSULE_TEXTS, RECEIVED_PAGE_SIZE } from '@capsule/domain';
import {
  Alert,
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
import { IconAlertCircle, IconInbox } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import { ListPagination } from '../../../lib/ui/ListPagination/ListPagination';
import { useDialogTrigger } from '../../../lib/use-dialog-trigger';
import { useNow } from '../../../lib/use-now';
import { ReceivedCard, type ReceivedDialogKind } from '../ReceivedCard/ReceivedCard';
import { ReceivedDetailsDialog } from '../ReceivedDetailsDialog/ReceivedDetailsDialog';
import { ReceivedFilters } from '../ReceivedFilters/ReceivedFilters';
import { ReceivedStats } from '../ReceivedStats/ReceivedStats';
import { useReceivedList } from '../received-api';
import type { ReceivedCapsule } from '../received-display';
import { isFiltered, useReceivedFilters } from '../use-received-filters';
import { VerifyDocumentsDialog } from '../VerifyDocumentsDialog/VerifyDocumentsDialog';

export const RECEIVED_EMPTY_TEXTS = {
  title: CAPSULE_TEXTS.empty,
  filtered: "You haven't received any capsules that match the current filter. Try changing your filter.",
  none: "You haven't received any capsules yet.",
} as const;

/** Spec section 2: six skeleton cards while loading. */
const SKELETON_CARDS = 6;

// The spec's 2, 3 or 4 columns, by the width the page really has (the sidebar takes 260 px
// from 768 px up): container queries, so a card never gets narrower than its buttons. One
// column on a phone.
const GRID = {
  type: 'container',
  cols: { base: 1, '500px': 2, '740px': 3, '1180px': 4 },
  spacing: 'md',
} as const;

type OpenDialog = { kind: ReceivedDialogKind; capsule: ReceivedCapsule };

/**
 * Received Capsules (spec section 2): the stat cards, the type filter and the sort, 12 cards a
 * page, pagination only beyond one page, the three empty-state texts, and the dialogs a card
 * opens. Filters and page live in the address.
 */
export function ReceivedCapsules() {
  const now = useNow();
  const { filters, setType, setSort, setPage, clearFilters } = useReceivedFilters();
  const list = useReceivedList(filters);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  // The focus goes back to the card's button when the dialog closes (also after Details led
  // to Submit Documents).
  const trigger = useDialogTrigger();
  const openDialog = (next: OpenDialog) => {
    trigger.remember();
    setDialog(next);
  };
  const closeDialog = () => {
    setDialog(null);
    trigger.returnFocus();
  };

  useEffect(() => {
    if (list.isError) toast({ title: CAPSULE_TEXTS.fetchCapsulesFailed, variant: 'destructive' });
  }, [list.isError]);

  const data = list.data;
  const limit = data?.limit ?? RECEIVED_PAGE_SIZE;
  const pageCount = data ? Math.ceil(data.total / limit) : 0;
  // A page past the end (an old bookmark) shows the last one.
  useEffect(() => {
    if (pageCount > 0 && filters.page > pageCount) setPage(pageCount, { replace: true });
  }, [pageCount, filters.page, setPage]);

  const filtered = isFiltered(filters);

  return (
    <Stack gap="lg">
      <ReceivedStats counts={data?.counts} loading={list.isPending} />

      <Stack gap="md" component="section" aria-label="Received capsule list">
        <ReceivedFilters filters={filters} onTypeChange={setType} onSortChange={setSort} />

        {list.isPending && (
          <SimpleGrid {...GRID} aria-busy aria-label="Loading capsules">
            {Array.from({ length: SKELETON_CARDS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key by
              <Skeleton key={i} height={380} radius="md" data-testid="received-card-skeleton" />
            ))}
          </SimpleGrid>
        )}

        {list.isError && !data && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title={CAPSULE_TEXTS.fetchCapsulesFailed}>
            <Group gap="sm">
              <Text size="sm">Check your connection and try again.</Text>
              <Button size="compact-sm" variant="light" color="red" onClick={() => list.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        )}

        {data && data.total === 0 && (
          <Paper withBorder radius="md" p="xl" data-testid="received-empty">
            <Center>
              <Stack align="center" gap="xs" maw={440} ta="center">
                <ThemeIcon variant="light" size={48} radius="xl" aria-hidden>
                  <IconInbox size={26} stroke={1.6} />
                </ThemeIcon>
                <Text fw={700} size="lg">
                  {RECEIVED_EMPTY_TEXTS.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {filtered ? RECEIVED_EMPTY_TEXTS.filtered : RECEIVED_EMPTY_TEXTS.none}
                </Text>
                {filtered && (
                  <Button variant="default" mt="xs" onClick={clearFilters}>
                    Clear filters
                  </Button>
                )}
              </Stack>
            </Center>
          </Paper>
        )}

        {data && data.total > 0 && (
          <>
            <SimpleGrid
              {...GRID}
              data-testid="received-grid"
              // A new filter's page is on its way: the old cards stay, dimmed, meanwhile.
              style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms ease' }}
              aria-busy={list.isPlaceholderData}
            >
              {data.items.map((capsule) => (
                <ReceivedCard
                  key={capsule.id}
                  capsule={capsule}
                  now={now}
                  onOpen={(kind) => openDialog({ kind, capsule })}
                />
              ))}
            </SimpleGrid>
            {/* Spec: pagination only when the count exceeds the page size. */}
            <ListPagination pageCount={pageCount} page={filters.page} onChange={setPage} scrollToTop />
          </>
        )}
      </Stack>

      {dialog && (dialog.kind === 'details' || dialog.kind === 'video') && (
        <ReceivedDetailsDialog
          capsule={dialog.capsule}
          initialTab={dialog.kind}
          onClose={closeDialog}
          onSubmitDocuments={() => openDialog({ kind: 'documents', capsule: dialog.capsule })}
        />
      )}
      {dialog?.kind === 'documents' && (
        <VerifyDocumentsDialog capsule={dialog.capsule} onClose={closeDialog} />
      )}
    </Stack>
  );
}
