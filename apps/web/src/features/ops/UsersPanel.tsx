import { formatDate, OPS_TEXTS } from '@capsule/domain';
import { Badge, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { ListState } from './ListState';
import { OpsTable } from './OpsTable';
import { OPS_CONSOLE_TEXTS } from './ops-texts';

const T = OPS_CONSOLE_TEXTS.users;

/** Find an account by e-mail; its capsules counted by status. Never a video, never a message. */
export function UsersPanel() {
  const trpc = useTRPC();
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [email] = useDebouncedValue(text.trim(), 300);
  const list = useQuery({ ...trpc.ops.users.queryOptions({ email, page }), enabled: email.length >= 3 });
  return (
    <Stack gap="md">
      <TextInput
        label={T.search}
        description={T.hint}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setPage(1);
        }}
        error={text.trim().length > 0 && text.trim().length < 3 ? OPS_TEXTS.searchTooShort : null}
        maw={420}
      />
      {email.length >= 3 && (
        <ListState query={list} empty={T.none} onPage={setPage} label="Users pages">
          {(data) => (
            <OpsTable
              label="Users"
              items={data.items}
              rowKey={(u) => u.id}
              testId="user-row"
              cells={(u) => (
                <>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {u.fullName} &lt;{u.email}&gt;
                    </Text>
                    <Text size="xs" c="dimmed">
                      since {formatDate(u.createdAt)} · {T.received} {u.capsules.received}
                    </Text>
                    <Group gap={4} mt={4}>
                      {Object.entries(u.capsules.owned).map(([status, n]) => (
                        <Badge key={status} variant="light" size="sm">
                          {status.replaceAll('_', ' ')}: {n}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                </>
              )}
            />
          )}
        </ListState>
      )}
    </Stack>
  );
}
