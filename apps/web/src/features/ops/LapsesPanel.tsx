import { formatDate } from '@capsule/domain';
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { ListState } from './ListState';
import { OpsTable } from './OpsTable';
import { OPS_CONSOLE_TEXTS } from './ops-texts';

const T = OPS_CONSOLE_TEXTS.lapses;

/** Accounts whose storage plan lapsed, soonest grace end first, and what would be marked when it ends. */
export function LapsesPanel() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const list = useQuery(trpc.ops.lapses.queryOptions({ page }));
  return (
    <ListState query={list} empty={T.none} onPage={setPage} label="Lapses pages">
      {(data) => (
        <OpsTable
          label="Storage lapses"
          items={data.items}
          rowKey={(p) => p.subscriptionId}
          testId="lapse-row"
          cells={(p) => (
            <>
              <Table.Td>
                <Group gap="xs">
                  <Text size="sm" fw={500}>
                    {p.owner.name} &lt;{p.owner.email}&gt;
                  </Text>
                  <Badge color={p.daysLeft <= 7 ? 'red' : 'yellow'} variant="light">
                    {T.daysLeft(p.daysLeft)}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {p.plan} · {p.reason ?? 'lapsed'} since {formatDate(p.lapsedAt)} · grace ends{' '}
                  {formatDate(p.graceEndsAt)}
                </Text>
                <Stack gap={0} mt={4}>
                  <Text size="xs">{T.atRisk(p.capsules.length)}</Text>
                  {p.capsules.map((c) => (
                    <Text size="xs" c="dimmed" key={c.id}>
                      · {c.title} ({c.status})
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
            </>
          )}
        />
      )}
    </ListState>
  );
}
