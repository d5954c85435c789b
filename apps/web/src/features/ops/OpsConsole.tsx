import {
  Alert,
  Anchor,
  Box,
  Container,
  Group,
  NativeSelect,
  ScrollArea,
  Skeleton,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Link, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { httpStatusOf, serverErrorMessage } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';
import { ActionsPanel } from './ActionsPanel';
import { AffiliatesPanel } from './AffiliatesPanel';
import { DeliveriesPanel } from './DeliveriesPanel';
import { DocumentQueue } from './DocumentQueue';
import { LapsesPanel } from './LapsesPanel';
import { OPS_CONSOLE_TEXTS as T } from './ops-texts';
import { SyncPanel } from './SyncPanel';
import { UsersPanel } from './UsersPanel';

/** The console's sections: path under /ops (the queue is /ops itself), tab label, panel. */
const SECTIONS: Array<{ path: string; label: string; Panel: ComponentType }> = [
  { path: 'documents', label: T.sections.documents, Panel: DocumentQueue },
  { path: 'deliveries', label: T.sections.deliveries, Panel: DeliveriesPanel },
  { path: 'affiliates', label: T.sections.affiliates, Panel: AffiliatesPanel },
  { path: 'sync', label: T.sections.sync, Panel: SyncPanel },
  { path: 'lapses', label: T.sections.lapses, Panel: LapsesPanel },
  { path: 'users', label: T.sections.users, Panel: UsersPanel },
  { path: 'actions', label: T.sections.actions, Panel: ActionsPanel },
];

/**
 * /ops: the operators' console (docs/operations/operators.md), its own lazy chunk. The server
 * decides who is an operator; a member who opens it is told the page is not for them.
 */
export function OpsConsole() {
  const trpc = useTRPC();
  const me = useQuery(trpc.ops.me.queryOptions());
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const go = (section: string) => navigate(section === 'documents' ? '/ops' : `/ops/${section}`);
  const current = pathname.replace(/^\/ops\/?/, '').split('/')[0] || 'documents';

  return (
    <Container size="xl" py="md" px={{ base: 'sm', sm: 'md' }}>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {T.title}
        </Title>
        <Group gap="md">
          {me.data && (
            <Text size="sm" c="dimmed" data-testid="operator">
              {me.data.email}
            </Text>
          )}
          <Anchor component={Link} to="/dashboard" size="sm">
            {T.backToPortal}
          </Anchor>
        </Group>
      </Group>
      {me.isPending ? (
        <Skeleton height={200} radius="md" />
      ) : me.isError ? (
        <Alert
          color={httpStatusOf(me.error) === 403 ? 'gray' : 'red'}
          variant="light"
          // The server's own words: its one refusal for members, or what went wrong.
          title={serverErrorMessage(me.error, T.loadFailed)}
        />
      ) : (
        <>
          {/* A phone gets the sections as one list: seven tabs do not fit 375 px. */}
          <NativeSelect
            hiddenFrom="sm"
            mb="md"
            aria-label="Section"
            value={current}
            onChange={(event) => go(event.currentTarget.value)}
            data={SECTIONS.map((s) => ({ value: s.path, label: s.label }))}
          />
          <ScrollArea type="never" mb="md" visibleFrom="sm">
            <Tabs value={current} onChange={(value) => value && go(value)}>
              <Tabs.List style={{ flexWrap: 'nowrap' }}>
                {SECTIONS.map((s) => (
                  <Tabs.Tab key={s.path} value={s.path}>
                    {s.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
          </ScrollArea>
          <Box>
            <Routes>
              <Route index element={<DocumentQueue />} />
              {SECTIONS.map(({ path, Panel }) => (
                <Route key={path} path={path} element={<Panel />} />
              ))}
              <Route path="*" element={<Navigate to="/ops" replace />} />
            </Routes>
          </Box>
        </>
      )}
    </Container>
  );
}
