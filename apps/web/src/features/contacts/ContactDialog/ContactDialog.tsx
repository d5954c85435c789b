// Mantine's date pickers' styles load with the dialogs that use them (lazy chunks), not with
// the signed-in app.
import '@mantine/dates/styles.layer.css';
import {
  CONTACT_TEXTS,
  type ContactFormValues,
  contactFormSchema,
  contactFormToInput,
  contactToFormValues,
  detailsFor,
  EARLIEST_BIRTHDAY,
  EMPTY_CONTACT_FORM,
  isCalendarDate,
  isContactFormComplete,
  localCalendarDate,
  RELATIONSHIP_TYPES,
  type RelationshipType,
} from '@capsule/domain';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrorsOf, serverErrorMessage } from '../../../lib/server-error';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { CONTACT_SCREEN_TEXTS } from '../contact-screen-texts';
import type { Contact } from '../contact-types';
import { useContactsQuery, useInvalidateContacts } from '../use-contacts';
import { formErrorsFromServer } from './contact-form-errors';
import { contactWithEmail } from './duplicate-email';

interface ContactDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The contact to edit; none for Add New Contact. */
  contact?: Contact | null;
  /** The relationship type a network page starts a new contact with. */
  presetType?: RelationshipType;
  /** Bumped by the caller on every opening, so each opening starts from a fresh form. */
  formKey?: string | number;
}

/** Add New Contact and Edit Contact (spec sections 2 and 5, 'Contact form'). */
export function ContactDialog({ opened, onClose, contact, presetType, formKey }: ContactDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={contact ? CONTACT_TEXTS.editDialogTitle : CONTACT_TEXTS.addDialogTitle}
      size="lg"
    >
      <ContactForm key={formKey} contact={contact ?? null} presetType={presetType} onDone={onClose} />
    </Modal>
  );
}

// The browser's own date bounds the birthday, read at each check so a form left open over
// midnight does not go stale.
const today = () => localCalendarDate(new Date());
const schema = contactFormSchema(today);

interface ContactFormProps {
  contact: Contact | null;
  presetType: RelationshipType | undefined;
  onDone: () => void;
}

function initialValues(contact: Contact | null, presetType: RelationshipType | undefined): ContactFormValues {
  if (contact) return contactToFormValues(contact);
  return { ...EMPTY_CONTACT_FORM, x_studio_relationship_type: presetType ?? '' };
}

function ContactForm({ contact, presetType, onDone }: ContactFormProps) {
  const trpc = useTRPC();
  const invalidateContacts = useInvalidateContacts();
  const form = useForm<ContactFormValues>({
    initialValues: initialValues(contact, presetType),
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnChange: true,
  });

  const onError = (error: unknown) => {
    form.setErrors(formErrorsFromServer(fieldErrorsOf(error)));
    toast({
      title: contact ? CONTACT_SCREEN_TEXTS.editFailed : CONTACT_TEXTS.addFailed,
      description: serverErrorMessage(error, CONTACT_TEXTS.unknownError),
      variant: 'destructive',
    });
  };

  const create = useMutation(
    trpc.contacts.create.mutationOptions({
      onSuccess: async (created) => {
        toast({ title: CONTACT_TEXTS.added, description: `${created.fullName} is now in your contacts.` });
        onDone();
        await invalidateContacts();
      },
      onError,
    }),
  );
  const update = useMutation(
    trpc.contacts.update.mutationOptions({
      onSuccess: async (updated) => {
        toast({ title: CONTACT_TEXTS.edited, description: `${updated.fullName} has been updated.` });
        onDone();
        await invalidateContacts();
      },
      onError,
    }),
  );
  // A second contact with the same e-mail is allowed (two people may share an address), but
  // rarely meant: say who already has it, from the list the pages have loaded, and let the
  // user decide.
  const contacts = useContactsQuery();
  const sameEmail = contactWithEmail(contacts.data ?? [], form.values.x_studio_email, contact?.id);
  // Escape closes the open birthday picker only, not the whole dialog (Mantine's Modal leaves
  // alone an Escape whose target carries data-mantine-stop-propagation).
  const [pickerOpen, setPickerOpen] = useState(false);

  const pending = create.isPending || update.isPending;
  const complete = isContactFormComplete(form.values);
  const type = form.values.x_studio_relationship_type;
  const detailOptions = detailsFor(type);

  const submit = form.onSubmit((values) => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) return;
    const input = contactFormToInput(parsed.data);
    if (contact) update.mutate({ id: contact.id, contact: input });
    else create.mutate(input);
  });

  const typeProps = form.getInputProps('x_studio_relationship_type');
  const detailsProps = form.getInputProps('x_relationship_details');
  const birthdayProps = form.getInputProps('birthday');

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="First name"
            autoComplete="off"
            withAsterisk
            data-autofocus
            {...form.getInputProps('firstName')}
          />
          <TextInput label="Last name" autoComplete="off" withAsterisk {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          placeholder="name@example.com"
          withAsterisk
          {...form.getInputProps('x_studio_email')}
        />
        {sameEmail && (
          <Alert
            variant="light"
            color="yellow"
            icon={<IconInfoCircle size={18} />}
            role="status"
            data-testid="duplicate-email-notice"
            py={8}
            px="sm"
          >
            <Text size="sm">
              {CONTACT_SCREEN_TEXTS.duplicateEmail(sameEmail.fullName)}{' '}
              {CONTACT_SCREEN_TEXTS.duplicateEmailHint}
            </Text>
          </Alert>
        )}
        <TextInput
          label="Phone"
          type="tel"
          autoComplete="off"
          placeholder="+1 613 555 0100"
          description="Optional"
          {...form.getInputProps('phone')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <Select
            label="Relationship type"
            placeholder="Choose a type"
            withAsterisk
            data={RELATIONSHIP_TYPES as unknown as string[]}
            allowDeselect={false}
            value={type || null}
            error={typeProps.error}
            onBlur={typeProps.onBlur}
            onFocus={typeProps.onFocus}
            onChange={(value) => {
              // The details belong to the type: a new type clears them (spec section 5).
              if ((value ?? '') !== type) form.setFieldValue('x_relationship_details', '');
              form.setFieldValue('x_studio_relationship_type', value ?? '');
            }}
          />
          <Select
            label="Relationship details"
            placeholder={detailOptions.length ? 'Choose details' : 'Choose a type first'}
            withAsterisk
            data={detailOptions as unknown as string[]}
            disabled={detailOptions.length === 0}
            allowDeselect={false}
            searchable
            nothingFoundMessage="No such detail for this type"
            value={form.values.x_relationship_details || null}
            error={detailsProps.error}
            onBlur={detailsProps.onBlur}
            onFocus={detailsProps.onFocus}
            onChange={(value) => form.setFieldValue('x_relationship_details', value ?? '')}
          />
        </SimpleGrid>
        <DateInput
          label="Birthday"
          description="Optional"
          placeholder="YYYY-MM-DD"
          valueFormat="YYYY-MM-DD"
          clearable
          minDate={EARLIEST_BIRTHDAY}
          maxDate={today()}
          defaultLevel={form.values.birthday ? 'month' : 'decade'}
          value={form.values.birthday || null}
          error={birthdayProps.error}
          onBlur={birthdayProps.onBlur}
          onChange={(value) => form.setFieldValue('birthday', value ?? '')}
          // The picker only takes days inside its bounds, and a typed day outside them would
          // be reverted without a word: a whole typed day goes to the form as it is, so the
          // schema's message says why it cannot be kept (spec section 5).
          onInput={(event) => {
            const typed = event.currentTarget.value.trim();
            if (isCalendarDate(typed) && typed !== form.values.birthday)
              form.setFieldValue('birthday', typed);
          }}
          popoverProps={{ onOpen: () => setPickerOpen(true), onClose: () => setPickerOpen(false) }}
          data-mantine-stop-propagation={pickerOpen || undefined}
        />
        {!complete && (
          <Text size="sm" c="dimmed" role="note">
            {CONTACT_TEXTS.incompleteHint}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            {CONTACT_SCREEN_TEXTS.cancel}
          </Button>
          <Button type="submit" disabled={!complete || pending}>
            {pending
              ? CONTACT_SCREEN_TEXTS.submitting
              : contact
                ? CONTACT_SCREEN_TEXTS.submitEdit
                : CONTACT_SCREEN_TEXTS.submitAdd}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
