import { formatDate } from '@capsule/domain';
import { Button, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { serverErrorMessage } from '../../lib/server-error';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from './ConfirmDialog';
import { ListState } from './ListState';
import { OpsTable } from './OpsTable';
import { OPS_CONSOLE_TEXTS } from './ops-texts';

const T = OPS_CONSOLE_TEXTS.sync;

/** The business-system records still pending or failed, with their errors; retry one or all. */
export function SyncPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<'failed' | 'pending'>('failed');
  const [page, setPage] = useState(1);
  const [confirmAll, setConfirmAll] = useState(false);
  const list = useQuery(trpc.ops.sync.list.queryOptions({ status, page }));
  const retry = useMutation(
    trpc.ops.sync.retry.mutationOptions({
      onSuccess: (done) => {
        setConfirmAll(false);
        toast({ title: T.retried(done.retried) });
      },
      onError: (error) => toast({ title: serverErrorMessage(error), variant: 'destructive' }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.ops.sync.pathKey() }),
    }),
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <SegmentedControl
          value={status}
          onChange={(value) => {
            setStatus(value as 'failed' | 'pending');
            setPage(1);
          }}
          data={[
            { value: 'failed', label: T.failed },
            { value: 'pending', label: T.pending },
          ]}
        />
        {status === 'failed' && (
          <Button size="xs" color="orange" disabled={!list.data?.total} onClick={() => setConfirmAll(true)}>
            {T.retryAll}
          </Button>
        )}
      </Group>
      <ListState query={list} empty={T.none} onPage={setPage} label="Sync records pages">
        {(data) => (
          <OpsTable
            label={status === 'failed' ? T.failed : T.pending}
            items={data.items}
            rowKey={(r) => r.id}
            testId="sync-record"
            cells={(r) => (
              <>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {r.entityType} {r.externalModel ? `→ ${r.externalModel}` : ''}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {r.attempts} tries · {formatDate(r.updatedAt)}
                    {r.nextTryAt ? ` · next try ${formatDate(r.nextTryAt)}` : ''}
                  </Text>
                  {r.error && (
                    <Text size="xs" c="red" ff="monospace">
                      {r.error}
                    </Text>
                  )}
                </Table.Td>
                {status === 'failed' && (
                  <Table.Td ta="right">
                    <Button size="xs" variant="light" onClick={() => retry.mutate({ id: r.id })}>
                      Retry
                    </Button>
                  </Table.Td>
                )}
              </>
            )}
          />
        )}
      </ListState>
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
