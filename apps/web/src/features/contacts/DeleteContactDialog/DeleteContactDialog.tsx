import { CONTACT_TEXTS, isDeleteConfirmation } from '@capsule/domain';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { serverErrorMessage } from '../../../lib/server-error';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { CONTACT_SCREEN_TEXTS } from '../contact-screen-texts';
import type { Contact } from '../contact-types';
import { useInvalidateContacts } from '../use-contacts';

interface DeleteContactDialogProps {
  opened: boolean;
  onClose: () => void;
  contact: Contact | null;
  formKey?: string | number;
}

/** Delete Contact: the user types 'delete', in any case, to enable the button (spec section 5). */
export function DeleteContactDialog({ opened, onClose, contact, formKey }: DeleteContactDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={CONTACT_TEXTS.deleteDialogTitle}>
      {contact && <DeleteContactForm key={formKey} contact={contact} onDone={onClose} />}
    </Modal>
  );
}

function DeleteContactForm({ contact, onDone }: { contact: Contact; onDone: () => void }) {
  const trpc = useTRPC();
  const invalidateContacts = useInvalidateContacts();
  const [confirmation, setConfirmation] = useState('');
  const remove = useMutation(
    trpc.contacts.delete.mutationOptions({
      onSuccess: async () => {
        toast({ title: CONTACT_TEXTS.deleted, description: `${contact.fullName} has been removed.` });
        onDone();
        await invalidateContacts();
      },
      onError: (error) =>
        toast({
          title: CONTACT_TEXTS.deleteFailed,
          description: serverErrorMessage(error, CONTACT_TEXTS.unknownError),
          variant: 'destructive',
        }),
    }),
  );
  const confirmed = isDeleteConfirmation(confirmation);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (confirmed && !remove.isPending) remove.mutate({ id: contact.id });
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          <Text span fw={600}>
            {contact.fullName}
          </Text>{' '}
          will be removed from your contacts and groups. Capsules already assigned to them keep their
          recipient.
        </Text>
        <TextInput
          label={CONTACT_TEXTS.deleteConfirmHint}
          placeholder="delete"
          autoComplete="off"
          data-autofocus
          value={confirmation}
          onChange={(event) => setConfirmation(event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={remove.isPending}>
            {CONTACT_SCREEN_TEXTS.cancel}
          </Button>
          <Button type="submit" color="red" disabled={!confirmed || remove.isPending}>
            {remove.isPending ? CONTACT_SCREEN_TEXTS.deleting : CONTACT_SCREEN_TEXTS.deleteButton}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
