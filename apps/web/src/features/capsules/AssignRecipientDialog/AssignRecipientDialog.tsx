import {
  assignRecipientConfirmationSchema,
  assignRecipientInputSchema,
  CAPSULE_TEXTS,
  localCalendarDate,
} from '@capsule/domain';
import { Alert, Anchor, Button, Checkbox, Group, Modal, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../../app/routes';
import { serverErrorMessage } from '../../../lib/server-error';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import type { Capsule } from '../capsule-display';
import { ReleaseCondition } from '../ReleaseCondition/ReleaseCondition';
import { useRefreshCapsules } from '../use-capsule-cache';

export const ASSIGN_TEXTS = {
  permanenceLabel: 'I understand that assigning a recipient is permanent: it cannot be changed later.',
  chooseRecipient: 'Choose a recipient from your contacts.',
} as const;

// What is sent is the domain's input for this action, the one the server parses ('one
// input schema per action'); the permanence box is the dialog's own confirmation, checked here
// with the domain's confirmation schema and never sent. The browser's date bounds the info.
const inputSchema = assignRecipientInputSchema(() => localCalendarDate(new Date()));

/** The confirmation schema's own message for an unticked box, or null once it is ticked. */
function permanenceError(permanent: boolean): string | null {
  const result = assignRecipientConfirmationSchema.safeParse({ permanent });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

interface AssignRecipientDialogProps {
  capsule: Capsule;
  onClose: () => void;
}

/**
 * Assign Recipient (spec sections 2 and 5): a contact and the permanence box. The capsule
 * keeps its own copy of the contact's name and e-mail, and the choice cannot be undone.
 */
export function AssignRecipientDialog({ capsule, onClose }: AssignRecipientDialogProps) {
  const trpc = useTRPC();
  const refresh = useRefreshCapsules();
  const contacts = useQuery(trpc.contacts.list.queryOptions());
  const [contactId, setContactId] = useState<string | null>(null);
  const [permanent, setPermanent] = useState(false);
  // Set by a refused submit: the field that is missing says so itself, beside the spec's toast.
  const [showMissing, setShowMissing] = useState(false);

  const assign = useMutation(
    trpc.capsules.assignRecipient.mutationOptions({
      onSuccess: (updated) => {
        toast({
          title: CAPSULE_TEXTS.recipientAssigned,
          description: `${updated.title} will go to ${updated.recipientName ?? 'your recipient'}.`,
        });
        void refresh();
        onClose();
      },
      onError: (error) => {
        toast({
          title: CAPSULE_TEXTS.assignRecipientFailed,
          description: serverErrorMessage(error),
          variant: 'destructive',
        });
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = inputSchema.safeParse({ capsuleId: capsule.id, contactId: contactId ?? '' });
    if (!input.success || permanenceError(permanent)) {
      setShowMissing(true);
      toast({
        title: CAPSULE_TEXTS.noRecipientSelectedTitle,
        description: CAPSULE_TEXTS.noRecipientSelectedBody,
        variant: 'destructive',
      });
      return;
    }
    assign.mutate(input.data);
  };

  const boxError = showMissing ? permanenceError(permanent) : null;
  const options = (contacts.data ?? []).map((contact) => ({
    value: contact.id,
    label: `${contact.fullName} (${contact.email})`,
  }));

  return (
    <Modal opened onClose={onClose} title="Assign Recipient" centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Choose who will receive <strong>{capsule.title}</strong>.
          </Text>
          <ReleaseCondition capsule={capsule} />

          {contacts.isPending && <Skeleton height={60} radius="sm" />}
          {contacts.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title="Your contacts could not be loaded">
              <Group gap="xs">
                <Text size="sm">Check your connection and try again.</Text>
                <Button size="compact-sm" variant="light" color="red" onClick={() => contacts.refetch()}>
                  Retry
                </Button>
              </Group>
            </Alert>
          )}
          {contacts.isSuccess && options.length === 0 && (
            <Alert color="brand" variant="light" title="You have no contacts yet">
              <Text size="sm">
                A capsule goes to one of your contacts.{' '}
                <Anchor component={Link} to={ROUTES.contacts} size="sm">
                  Add a contact in My Contacts
                </Anchor>
                , then come back to assign it.
              </Text>
            </Alert>
          )}
          {contacts.isSuccess && options.length > 0 && (
            <Select
              label="Recipient"
              placeholder="Search your contacts"
              data={options}
              value={contactId}
              onChange={setContactId}
              withAsterisk
              error={showMissing && !contactId ? ASSIGN_TEXTS.chooseRecipient : undefined}
              searchable
              clearable
              nothingFoundMessage="No results found"
              comboboxProps={{ withinPortal: true }}
            />
          )}

          <Checkbox
            checked={permanent}
            onChange={(event) => setPermanent(event.currentTarget.checked)}
            label={ASSIGN_TEXTS.permanenceLabel}
            aria-required
            aria-invalid={boxError !== null}
            error={boxError ?? undefined}
          />

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={assign.isPending}>
              Assign Recipient
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
