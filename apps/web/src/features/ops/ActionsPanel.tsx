import { OPS_ACTION_KINDS, type OpsActionKind, opsTrailInput } from '@capsule/domain';
import { Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CapsuleRecord } from '../../lib/CapsuleRecord';
import { useTRPC } from '../../lib/trpc';
import { ListState } from './ListState';
import { OpsTable } from './OpsTable';
import { OPS_CONSOLE_TEXTS } from './ops-texts';

/** Any capsule's whole record, by its id (the sender's, the recipient's and the operators' parts). */
function CapsuleRecordLookup() {
  const trpc = useTRPC();
  const [text, setText] = useState('');
  const capsuleId = text.trim();
  // The server's input rule, checked here before asking.
  const valid = opsTrailInput.safeParse({ capsuleId }).success;
  const trail = useQuery({ ...trpc.ops.trail.queryOptions({ capsuleId }), enabled: valid });
  return (
    <Stack gap="xs" mb="lg">
      <TextInput
        label="A capsule's record"
        description="Paste a capsule id: its lock, delivery, documents, verdicts, objections and opening."
        placeholder="3f2b8c1e-..."
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={capsuleId && !valid ? 'A capsule id looks like 3f2b8c1e-4d5e-4f6a-8b9c-0d1e2f3a4b5c' : null}
        maw={460}
      />
      {valid && trail.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing recorded for this capsule (not locked yet, or no such capsule).
        </Text>
      )}
      <CapsuleRecord lines={trail.data} />
    </Stack>
  );
}

/** Who did what, on what, why and when: every console action and role change, newest first. */
export function ActionsPanel() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<OpsActionKind | null>(null);
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 300);
  const list = useQuery(
    trpc.ops.actions.queryOptions({ page, action: action ?? undefined, text: search || undefined }),
  );
  return (
    <>
      <CapsuleRecordLookup />
      <Group mb="sm" align="flex-end">
        <Select
          label="Action"
          placeholder="Any"
          clearable
          data={[...OPS_ACTION_KINDS]}
          value={action}
          onChange={(value) => {
            setAction(value as OpsActionKind | null);
            setPage(1);
          }}
        />
        <TextInput
          label="Operator or subject"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>
      <ListState query={list} empty={OPS_CONSOLE_TEXTS.actions.none} onPage={setPage} label="Record pages">
        {(data) => (
          <OpsTable
            label="Operators' record"
            items={data.items}
            rowKey={(a) => a.id}
            testId="action-row"
            cells={(a) => (
              <>
                <Table.Td>
                  <Text size="sm">
                    <b>{a.action}</b> {a.subject}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {new Date(a.at).toLocaleString()} · {a.operator}
                  </Text>
                  {a.reason && <Text size="xs">“{a.reason}”</Text>}
                </Table.Td>
              </>
            )}
          />
        )}
      </ListState>
    </>
  );
}
