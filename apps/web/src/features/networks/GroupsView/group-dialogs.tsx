import { GROUP_TEXTS, groupNameSchema, type RelationshipType } from '@capsule/domain';
import { Button, Group, Modal, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Contact, ContactGroup } from '../../contacts';
import { GROUP_SCREEN_TEXTS } from '../network-texts';

const validateName = (value: string) => {
  const result = groupNameSchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? GROUP_TEXTS.nameRequired);
};

/** Contacts as MultiSelect options: the name, and the relationship detail beside it. */
function memberOptions(contacts: readonly Contact[]) {
  return contacts.map((contact) => ({
    value: contact.id,
    label: contact.relationshipDetails
      ? `${contact.fullName} (${contact.relationshipDetails})`
      : contact.fullName,
  }));
}

interface DialogBase {
  opened: boolean;
  onClose: () => void;
  pending: boolean;
  /** A message from the server for the name field (e.g. a duplicate name). */
  nameError?: string | null;
}

interface GroupFormDialogProps extends DialogBase {
  mode: 'create' | 'rename';
  type: RelationshipType;
  group?: ContactGroup | null;
  /** Who can be chosen as members (create only): the contacts of the group's type. */
  candidates?: readonly Contact[];
  onSubmit: (values: { name: string; contactIds: string[] }) => void;
}

/** Create New Group (name and members) and Rename Group (name). */
export function GroupFormDialog({ mode, opened, onClose, ...rest }: GroupFormDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={mode === 'create' ? GROUP_TEXTS.createDialogTitle : GROUP_SCREEN_TEXTS.renameTitle}
    >
      <GroupForm mode={mode} onClose={onClose} opened={opened} {...rest} />
    </Modal>
  );
}

function GroupForm({
  mode,
  type,
  group,
  candidates = [],
  onSubmit,
  onClose,
  pending,
  nameError,
}: GroupFormDialogProps) {
  const form = useForm({
    initialValues: { name: group?.name ?? '', contactIds: [] as string[] },
    validate: { name: validateName },
    validateInputOnBlur: ['name'],
  });
  const nameProps = form.getInputProps('name');

  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit({ ...values, name: values.name.trim() }))}>
      <Stack gap="md">
        <TextInput
          label={GROUP_SCREEN_TEXTS.nameLabel}
          placeholder={GROUP_SCREEN_TEXTS.namePlaceholder}
          withAsterisk
          data-autofocus
          autoComplete="off"
          {...nameProps}
          error={nameProps.error ?? nameError ?? undefined}
        />
        {mode === 'create' &&
          (candidates.length > 0 ? (
            <MultiSelect
              label={GROUP_SCREEN_TEXTS.membersLabel}
              placeholder={GROUP_SCREEN_TEXTS.membersPlaceholder}
              data={memberOptions(candidates)}
              searchable
              clearable
              hidePickedOptions
              maxDropdownHeight={260}
              nothingFoundMessage={GROUP_SCREEN_TEXTS.nothingFound}
              {...form.getInputProps('contactIds')}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {GROUP_SCREEN_TEXTS.noCandidates(type)}
            </Text>
          ))}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {GROUP_SCREEN_TEXTS.cancel}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending
              ? GROUP_SCREEN_TEXTS.saving
              : mode === 'create'
                ? GROUP_SCREEN_TEXTS.create
                : GROUP_SCREEN_TEXTS.rename}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface AddMembersDialogProps extends DialogBase {
  group: ContactGroup | null;
  candidates: readonly Contact[];
  onSubmit: (contactIds: string[]) => void;
}

/** Adds contacts of the group's type who are not in it yet. */
export function AddMembersDialog({
  opened,
  onClose,
  group,
  candidates,
  onSubmit,
  pending,
}: AddMembersDialogProps) {
  const available = candidates.filter((contact) => !group?.memberIds.includes(contact.id));
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        group ? `${GROUP_SCREEN_TEXTS.addMembersTitle}: ${group.name}` : GROUP_SCREEN_TEXTS.addMembersTitle
      }
    >
      <AddMembersForm available={available} onSubmit={onSubmit} onClose={onClose} pending={pending} />
    </Modal>
  );
}

function AddMembersForm({
  available,
  onSubmit,
  onClose,
  pending,
}: {
  available: readonly Contact[];
  onSubmit: (contactIds: string[]) => void;
  onClose: () => void;
  pending: boolean;
}) {
  const form = useForm({ initialValues: { contactIds: [] as string[] } });
  const chosen = form.values.contactIds.length;
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(values.contactIds))}>
      <Stack gap="md">
        {available.length > 0 ? (
          <MultiSelect
            label={GROUP_SCREEN_TEXTS.membersLabel}
            placeholder={GROUP_SCREEN_TEXTS.membersPlaceholder}
            data={memberOptions(available)}
            searchable
            clearable
            hidePickedOptions
            maxDropdownHeight={260}
            nothingFoundMessage={GROUP_SCREEN_TEXTS.nothingFound}
            data-autofocus
            {...form.getInputProps('contactIds')}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {GROUP_SCREEN_TEXTS.allMembersAlready}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {GROUP_SCREEN_TEXTS.cancel}
          </Button>
          <Button type="submit" disabled={pending || chosen === 0}>
            {pending ? GROUP_SCREEN_TEXTS.saving : GROUP_SCREEN_TEXTS.addMembers}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface DeleteGroupDialogProps extends DialogBase {
  group: ContactGroup | null;
  onConfirm: () => void;
}

/** Deleting a group removes the group only; its members stay contacts. */
export function DeleteGroupDialog({ opened, onClose, group, onConfirm, pending }: DeleteGroupDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={GROUP_SCREEN_TEXTS.deleteTitle}>
      <Stack gap="md">
        <Text size="sm">
          Delete the group{' '}
          <Text span fw={600}>
            {group?.name}
          </Text>
          ? {GROUP_SCREEN_TEXTS.deleteBody}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {GROUP_SCREEN_TEXTS.cancel}
          </Button>
          <Button color="red" onClick={onConfirm} disabled={pending}>
            {pending ? GROUP_SCREEN_TEXTS.saving : GROUP_SCREEN_TEXTS.delete}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
