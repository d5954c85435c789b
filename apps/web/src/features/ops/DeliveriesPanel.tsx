import { formatDate } from '@capsule/domain';
import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { serverErrorMessage } from '../../lib/server-error';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from './ConfirmDialog';
import { ListState } from './ListState';
import { OpsTable } from './OpsTable';
import { OPS_CONSOLE_TEXTS } from './ops-texts';

const T = OPS_CONSOLE_TEXTS.deliveries;

/** Capsules overdue (a fault: red), then recipients' mails failed or still retrying, with their errors. */
export function DeliveriesPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const overview = useQuery(trpc.ops.deliveries.overview.queryOptions());
  const [confirmAll, setConfirmAll] = useState(false);
  const retry = useMutation(
    trpc.ops.deliveries.retry.mutationOptions({
      onSuccess: (done) => {
        setConfirmAll(false);
        toast({ title: T.retried(done.retried) });
      },
      onError: (error) => toast({ title: serverErrorMessage(error), variant: 'destructive' }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.ops.deliveries.pathKey() }),
    }),
  );
  const o = overview.data;
  return (
    <Stack gap="lg">
      {o && (
        <Alert
          color={o.overdueCapsules > 0 ? 'red' : 'green'}
          variant={o.overdueCapsules > 0 ? 'filled' : 'light'}
          title={T.overdue(o.overdueCapsules)}
          data-testid="overdue"
        >
          {o.overdue.map((c) => (
            <Text size="sm" key={c.id}>
              {c.title} · due {formatDate(c.dueAt)} · {c.status}
            </Text>
          ))}
          <Text size="sm">{T.awaiting(o.awaitingAccount)}</Text>
        </Alert>
      )}
      <Group justify="space-between">
        <Title order={3} fz="lg">
          {T.failed} {o ? `(${o.failedMails})` : ''}
        </Title>
        <Button
          size="xs"
          color="orange"
          disabled={!o || o.failedMails === 0}
          onClick={() => setConfirmAll(true)}
        >
          {T.retryAll}
        </Button>
      </Group>
      <MailList state="failed" onRetry={(id) => retry.mutate({ id })} />
      <Title order={3} fz="lg">
        {T.retrying} {o ? `(${o.retryingMails})` : ''}
      </Title>
      <MailList state="retrying" />
      <ConfirmDialog
        opened={confirmAll}
        title={T.retryAllTitle}
        confirmLabel={T.retryAll}
        busy={retry.isPending}
        onConfirm={() => retry.mutate({})}
        onClose={() => setConfirmAll(false)}
      />
    </Stack>
  );
}

function MailList({ state, onRetry }: { state: 'failed' | 'retrying'; onRetry?: (id: string) => void }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const list = useQuery(trpc.ops.deliveries.mails.queryOptions({ state, page }));
  return (
    <ListState query={list} empty={T.noMails} onPage={setPage} label={`${state} mails pages`}>
      {(data) => (
        <OpsTable
          label={state === 'failed' ? T.failed : T.retrying}
          items={data.items}
          rowKey={(m) => m.id}
          testId={`${state}-mail`}
          cells={(m) => (
            <>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {m.capsuleTitle} → {m.recipientEmail ?? '?'}
                </Text>
                <Text size="xs" c="dimmed">
                  {m.kind} mail · {m.attempts} tries · delivered {formatDate(m.deliveredAt)}
                  {m.nextTryAt ? ` · next try ${formatDate(m.nextTryAt)}` : ''}
                </Text>
                {m.lastError && (
                  <Text size="xs" c="red" ff="monospace">
                    {m.lastError}
                  </Text>
                )}
              </Table.Td>
              {onRetry && (
                <Table.Td ta="right">
                  <Button size="xs" variant="light" onClick={() => onRetry(m.id)}>
                    {T.retryOne}
                  </Button>
                </Table.Td>
              )}
            </>
          )}
        />
      )}
    </ListState>
  );
}
