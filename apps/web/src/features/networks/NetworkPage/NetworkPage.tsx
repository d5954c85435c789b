import {
  NETWORK_PAGES,
  NETWORK_VIEW_LABELS,
  type NetworkPageKey,
  type NetworkView,
  parseRelationshipType,
} from '@capsule/domain';
import { Alert, Box, Button, SegmentedControl, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../auth';
import {
  CONTACT_SCREEN_TEXTS,
  ContactGrid,
  EmptyState,
  PageTitleRow,
  useContactDialogs,
  useContactsQuery,
} from '../../contacts';
import { displayName } from '../../shell';
import {
  ALL_DETAILS,
  type DetailFilter,
  DetailTabs,
  filterByDetail,
  parseDetailFilter,
} from '../DetailTabs/DetailTabs';
import { GroupsView } from '../GroupsView/GroupsView';
import { NetworkSummary } from '../NetworkSummary/NetworkSummary';
import { NETWORK_TEXTS } from '../network-texts';

// React Flow and d3-force are only fetched when someone opens the map.
const RelationshipMap = lazy(async () => ({
  default: (await import('../RelationshipMap/RelationshipMap')).RelationshipMap,
}));

interface NetworkPageProps {
  page: NetworkPageKey;
  description: string;
}

/** The view named by ?view=, or the page's first view (Cards) for an unknown one. */
export function parseView(value: string | null, views: readonly NetworkView[]): NetworkView {
  return views.find((view) => view === value) ?? views[0] ?? 'cards';
}

/**
 * Family Tree, Friends Network and Professional Network (spec section 2, 'Network pages'):
 * the page's contacts as cards, a relationship map or groups, tabbed by relationship detail,
 * with the add button presetting the page's type and the summary of every type.
 */
export function NetworkPage({ page: key, description }: NetworkPageProps) {
  const page = NETWORK_PAGES[key];
  const type = page.relationshipType;
  const views: readonly NetworkView[] = page.views;
  const [params, setParams] = useSearchParams();
  const view = parseView(params.get('view'), views);
  const detail = parseDetailFilter(params.get('detail'), type);
  const { user } = useAuth();

  const contactsQuery = useContactsQuery();
  const { openAdd, openEdit, openDelete, dialogs } = useContactDialogs(type);
  const all = contactsQuery.data;
  const ofType = useMemo(
    () => (all ?? []).filter((contact) => parseRelationshipType(contact.relationshipType) === type),
    [all, type],
  );
  const shown = useMemo(() => filterByDetail(ofType, detail), [ofType, detail]);

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  const setDetail = (value: DetailFilter) => setParam('detail', value === ALL_DETAILS ? null : value);

  const loading = contactsQuery.isPending;
  const emptyState =
    detail === ALL_DETAILS
      ? {
          title: NETWORK_TEXTS.emptyType(type),
          action: (
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={openAdd}>
              {page.addLabel}
            </Button>
          ),
        }
      : { title: NETWORK_TEXTS.emptyDetail(detail) };

  let content: ReactNode;
  if (contactsQuery.isError) {
    content = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title={CONTACT_SCREEN_TEXTS.loadFailed}
      >
        <Button size="xs" variant="white" color="red" mt="xs" onClick={() => contactsQuery.refetch()}>
          {CONTACT_SCREEN_TEXTS.retry}
        </Button>
      </Alert>
    );
  } else if (view === 'groups' && (type === 'Family' || type === 'Friend')) {
    content = <GroupsView type={type} contacts={ofType} contactsLoading={loading} />;
  } else {
    const tabs = <DetailTabs type={type} contacts={ofType} value={detail} onChange={setDetail} />;
    if (view === 'map') {
      content = (
        <Stack gap="md">
          {tabs}
          {loading ? (
            <Skeleton h={{ base: 400, sm: 620 }} radius="md" />
          ) : shown.length === 0 && detail !== ALL_DETAILS ? (
            <EmptyState {...emptyState} />
          ) : (
            <Suspense
              fallback={
                <Skeleton h={{ base: 400, sm: 620 }} radius="md" aria-label={NETWORK_TEXTS.mapLoading} />
              }
            >
              <RelationshipMap
                userName={displayName(user)}
                type={type}
                contacts={shown}
                onContactClick={(id) => {
                  const contact = ofType.find((c) => c.id === id);
                  if (contact) openEdit(contact);
                }}
              />
            </Suspense>
          )}
        </Stack>
      );
    } else {
      content = (
        <Stack gap="md">
          {tabs}
          <ContactGrid
            contacts={shown}
            loading={loading}
            onEdit={openEdit}
            onDelete={openDelete}
            empty={emptyState}
          />
        </Stack>
      );
    }
  }

  return (
    <>
      <PageTitleRow
        title={page.title}
        description={description}
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={openAdd}>
            {page.addLabel}
          </Button>
        }
      />

      <Stack gap="lg">
        {all && <NetworkSummary contacts={all} current={type} />}
        {views.length > 1 && (
          <Box>
            <SegmentedControl
              aria-label={NETWORK_TEXTS.viewSwitchLabel}
              value={view}
              onChange={(value) => setParam('view', value === views[0] ? null : value)}
              data={views.map((value) => ({ value, label: NETWORK_VIEW_LABELS[value] }))}
              fullWidth
              w={{ base: '100%', sm: 'auto' }}
              maw={{ sm: 460 }}
            />
          </Box>
        )}
        {content}
      </Stack>
      {dialogs}
    </>
  );
}
