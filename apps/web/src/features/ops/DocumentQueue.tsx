import { formatDate, MAX_DECISION_REASON, OPS_TEXTS } from '@capsule/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Image,
  Kbd,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CapsuleRecord } from '../../lib/CapsuleRecord';
import { serverErrorMessage } from '../../lib/server-error';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from './ConfirmDialog';
import { ListState } from './ListState';
import { OPS_CONSOLE_TEXTS } from './ops-texts';

const T = OPS_CONSOLE_TEXTS.documents;

/**
 * The document verification queue, oldest first: one document at a time with its image inline,
 * the condition, the recipient and the sender. Staff who do this all day use keys: J and K move,
 * A approves (Enter confirms), R rejects (type the reason, Enter sends). A document another
 * operator decided meanwhile is refused by the server and said so; the queue then refreshes.
 */
export function DocumentQueue() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [index, setIndex] = useState(0);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const list = useQuery(trpc.ops.documents.list.queryOptions({ page }));
  const items = list.data?.items ?? [];
  const current = items[Math.min(index, items.length - 1)];

  const decide = useMutation(
    trpc.ops.documents.decide.mutationOptions({
      onSuccess: (done) => {
        setDialog(null);
        toast({ title: done.status === 'Verified' ? T.approved : T.rejected });
      },
      onError: (error) => {
        // Decided by someone else (409): said, and the queue shows what is left.
        if ((error.data as { httpStatus?: number } | undefined)?.httpStatus === 409) {
          setDialog(null);
          toast({ title: serverErrorMessage(error), variant: 'destructive' });
        }
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.ops.documents.list.queryKey() }),
    }),
  );

  const open = (which: 'approve' | 'reject') => {
    decide.reset();
    setDialog(which);
  };
  const move = (step: number) =>
    setIndex((i) => Math.max(0, Math.min(items.length - 1, Math.min(i, items.length - 1) + step)));
  useHotkeys(
    dialog || !current
      ? []
      : [
          ['j', () => move(1)],
          ['n', () => move(1)],
          ['k', () => move(-1)],
          ['a', () => current.link && open('approve')],
          ['r', () => open('reject')],
        ],
  );

  const send = (verdict: 'Verified' | 'Rejected', reason?: string) => {
    if (!current) return;
    decide.mutate({ capsuleId: current.capsuleId, documentId: current.documentId, verdict, reason });
  };

  return (
    <ListState
      query={list}
      empty={T.empty}
      label="Documents pages"
      onPage={(next) => {
        setPage(next);
        setIndex(0);
      }}
    >
      {(data) => (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Text fw={600}>{T.waiting(data.total)}</Text>
            <Text size="xs" c="dimmed" visibleFrom="sm">
              <Kbd>J</Kbd> next · <Kbd>K</Kbd> previous · <Kbd>A</Kbd> approve · <Kbd>R</Kbd> reject
            </Text>
          </Group>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Table highlightOnHover aria-label="Waiting documents">
                <Table.Tbody>
                  {data.items.map((doc, i) => (
                    <Table.Tr
                      key={doc.documentId}
                      data-testid="queue-row"
                      aria-selected={doc.documentId === current?.documentId}
                      bg={
                        doc.documentId === current?.documentId ? 'var(--mantine-color-blue-light)' : undefined
                      }
                      style={{ cursor: 'pointer' }}
                      onClick={() => setIndex(i)}
                    >
                      <Table.Td>
                        <Text size="sm" fw={500} lineClamp={1}>
                          {doc.recipient.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {formatDate(doc.submittedAt)} · {doc.category ?? doc.criteria}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              {current && (
                <Card withBorder radius="md" padding="md" data-testid="current-document">
                  <Stack gap="sm">
                    <Title order={3} fz="lg">
                      {current.title}
                    </Title>
                    <Group gap="xs">
                      <Badge variant="light">{current.criteria.replace('_', ' ')}</Badge>
                      {current.category && <Badge variant="outline">{current.category}</Badge>}
                    </Group>
                    <Facts
                      rows={[
                        [T.recipient, `${current.recipient.name} <${current.recipient.email}>`],
                        [T.sender, `${current.sender.name} <${current.sender.email}>`],
                        [T.submitted, formatDate(current.submittedAt)],
                      ]}
                    />
                    {/* The verdict first: on a laptop the image may run below the fold. */}
                    <Group>
                      <Button color="green" onClick={() => open('approve')} disabled={!current.link}>
                        {T.approve}
                      </Button>
                      <Button color="red" variant="light" onClick={() => open('reject')}>
                        {T.reject}
                      </Button>
                    </Group>
                    {current.objection && (
                      <Alert color="orange" variant="light" title={T.objected}>
                        {current.objection.reason}
                      </Alert>
                    )}
                    {current.link ? (
                      <Image
                        src={current.link}
                        alt={`Document sent by ${current.recipient.name}`}
                        radius="sm"
                        fit="contain"
                        mah={480}
                      />
                    ) : (
                      <Alert color="red" variant="light" title={T.noImage}>
                        {current.problem}
                      </Alert>
                    )}
                    <CurrentRecord capsuleId={current.capsuleId} />
                  </Stack>
                </Card>
              )}
            </Grid.Col>
          </Grid>
          <ConfirmDialog
            opened={dialog === 'approve'}
            title={T.approveTitle}
            body={T.approveBody}
            confirmLabel={T.approve}
            color="green"
            busy={decide.isPending}
            error={decide.error ? serverErrorMessage(decide.error) : null}
            onConfirm={() => send('Verified')}
            onClose={() => setDialog(null)}
          />
          <ConfirmDialog
            opened={dialog === 'reject'}
            title={T.rejectTitle}
            confirmLabel={T.reject}
            color="red"
            reason={{
              label: T.reasonLabel,
              max: MAX_DECISION_REASON,
              requiredText: OPS_TEXTS.reasonRequired,
            }}
            busy={decide.isPending}
            error={decide.error ? serverErrorMessage(decide.error) : null}
            onConfirm={(reason) => send('Rejected', reason)}
            onClose={() => setDialog(null)}
          />
        </Stack>
      )}
    </ListState>
  );
}

/** What the capsule's record holds so far: its lock, delivery, earlier documents and verdicts. */
function CurrentRecord({ capsuleId }: { capsuleId: string }) {
  const trpc = useTRPC();
  const trail = useQuery(trpc.ops.trail.queryOptions({ capsuleId }));
  return <CapsuleRecord lines={trail.data} />;
}

/** Label and value pairs, one per line. */
export function Facts({ rows }: { rows: Array<[string, string]> }) {
  return (
    <Stack gap={2}>
      {rows.map(([label, value]) => (
        <Text size="sm" key={label}>
          <Text span c="dimmed" size="sm">
            {label}:{' '}
          </Text>
          {value}
        </Text>
      ))}
    </Stack>
  );
}
