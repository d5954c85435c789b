import { GROUP_TEXTS } from '@capsule/domain';
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { httpStatusOf, serverErrorMessage } from '../../../lib/server-error';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import type { Contact, ContactGroup } from '../../contacts';
import { CARD_COLUMNS, EmptyState } from '../../contacts';
import { GROUP_SCREEN_TEXTS } from '../network-texts';
import { GroupCard } from './GroupCard';
import { AddMembersDialog, DeleteGroupDialog, GroupFormDialog } from './group-dialogs';

export type GroupType = 'Family' | 'Friend';

type DialogState =
  | { kind: 'create' }
  | { kind: 'rename'; group: ContactGroup }
  | { kind: 'add'; group: ContactGroup }
  | { kind: 'delete'; group: ContactGroup };

interface GroupsViewProps {
  type: GroupType;
  /** The user's contacts of this type: the only ones a group of it can hold. */
  contacts: readonly Contact[];
  contactsLoading?: boolean;
}

/** A name another group of the user already has (409): said under the name field too. */
function nameConflict(error: unknown): string | null {
  return httpStatusOf(error) === 409 ? serverErrorMessage(error, '') || null : null;
}

/** The Groups view of the Family Tree and the Friends Network. */
export function GroupsView({ type, contacts, contactsLoading = false }: GroupsViewProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const groups = useQuery(trpc.contacts.groups.list.queryOptions({ relationshipType: type }));
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [opened, setOpened] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const contactsById = useMemo(() => new Map(contacts.map((contact) => [contact.id, contact])), [contacts]);

  const open = (next: DialogState) => {
    setNameError(null);
    setDialog(next);
    setOpened(true);
  };
  const close = () => setOpened(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.contacts.groups.pathKey() });
  const failed = (title: string) => (error: unknown) =>
    toast({
      title,
      description: serverErrorMessage(error, GROUP_SCREEN_TEXTS.unknownError),
      variant: 'destructive',
    });

  const create = useMutation(
    trpc.contacts.groups.create.mutationOptions({
      onSuccess: async (group) => {
        toast({ title: GROUP_SCREEN_TEXTS.created, description: `${group.name} is ready.` });
        close();
        await refresh();
      },
      onError: (error) => {
        setNameError(nameConflict(error));
        failed(GROUP_SCREEN_TEXTS.createFailed)(error);
      },
    }),
  );
  const rename = useMutation(
    trpc.contacts.groups.rename.mutationOptions({
      onSuccess: async (group) => {
        toast({ title: GROUP_SCREEN_TEXTS.renamed, description: `The group is now called ${group.name}.` });
        close();
        await refresh();
      },
      onError: (error) => {
        setNameError(nameConflict(error));
        failed(GROUP_SCREEN_TEXTS.renameFailed)(error);
      },
    }),
  );
  const addMembers = useMutation(
    trpc.contacts.groups.addMembers.mutationOptions({
      onSuccess: async (group) => {
        toast({ title: GROUP_SCREEN_TEXTS.membersAdded, description: `${group.name} has been updated.` });
        close();
        await refresh();
      },
      onError: failed(GROUP_SCREEN_TEXTS.addMembersFailed),
    }),
  );
  const removeMember = useMutation(
    trpc.contacts.groups.removeMember.mutationOptions({
      onSuccess: async () => {
        toast({ title: GROUP_SCREEN_TEXTS.memberRemoved });
        await refresh();
      },
      onError: failed(GROUP_SCREEN_TEXTS.removeMemberFailed),
    }),
  );
  const remove = useMutation(
    trpc.contacts.groups.delete.mutationOptions({
      onSuccess: async () => {
        toast({ title: GROUP_SCREEN_TEXTS.deleted });
        close();
        await refresh();
      },
      onError: failed(GROUP_SCREEN_TEXTS.deleteFailed),
    }),
  );

  const list = groups.data ?? [];
  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => open({ kind: 'create' })}>
      {GROUP_TEXTS.createDialogTitle}
    </Button>
  );

  let body: ReactNode;
  if (groups.isPending || contactsLoading) {
    body = (
      <SimpleGrid cols={CARD_COLUMNS} spacing="md" aria-busy="true" aria-label="Loading groups">
        {[0, 1, 2].map((index) => (
          <Card key={index} withBorder padding="md">
            <Stack gap={10}>
              <Skeleton height={18} width="50%" />
              <Skeleton height={12} width="30%" />
              <Skeleton height={24} width="80%" radius="xl" />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  } else if (groups.isError) {
    body = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title="Could not load your groups."
      >
        <Button size="xs" variant="white" color="red" mt="xs" onClick={() => groups.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (list.length === 0) {
    body = <EmptyState title={GROUP_SCREEN_TEXTS.empty} description={GROUP_SCREEN_TEXTS.emptyHint(type)} />;
  } else {
    body = (
      <SimpleGrid cols={CARD_COLUMNS} spacing="md">
        {list.map((group) => (
          <GroupCard
            key={group.id}
            group={group}
            contactsById={contactsById}
            onAddMembers={(g) => open({ kind: 'add', group: g })}
            onRename={(g) => open({ kind: 'rename', group: g })}
            onDelete={(g) => open({ kind: 'delete', group: g })}
            onRemoveMember={(g, contact) => removeMember.mutate({ groupId: g.id, contactId: contact.id })}
          />
        ))}
      </SimpleGrid>
    );
  }

  const current = dialog && 'group' in dialog ? dialog.group : null;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {groups.isSuccess ? `${list.length} ${list.length === 1 ? 'group' : 'groups'}` : ' '}
        </Text>
        {createButton}
      </Group>
      {body}

      <GroupFormDialog
        mode={dialog?.kind === 'rename' ? 'rename' : 'create'}
        type={type}
        opened={opened && (dialog?.kind === 'create' || dialog?.kind === 'rename')}
        onClose={close}
        group={dialog?.kind === 'rename' ? dialog.group : null}
        candidates={contacts}
        pending={create.isPending || rename.isPending}
        nameError={nameError}
        onSubmit={({ name, contactIds }) => {
          if (dialog?.kind === 'rename') rename.mutate({ id: dialog.group.id, name });
          else create.mutate({ name, relationshipType: type, contactIds });
        }}
      />
      <AddMembersDialog
        opened={opened && dialog?.kind === 'add'}
        onClose={close}
        group={current}
        candidates={contacts}
        pending={addMembers.isPending}
        onSubmit={(contactIds) => current && addMembers.mutate({ groupId: current.id, contactIds })}
      />
      <DeleteGroupDialog
        opened={opened && dialog?.kind === 'delete'}
        onClose={close}
        group={current}
        pending={remove.isPending}
        onConfirm={() => current && remove.mutate({ id: current.id })}
      />
    </Stack>
  );
}
