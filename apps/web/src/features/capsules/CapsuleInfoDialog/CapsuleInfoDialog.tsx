import {
  CAPSULE_CATEGORIES,
  CAPSULE_INFO_TEXTS,
  CAPSULE_MESSAGE_MAX,
  CAPSULE_REFUSALS,
  CAPSULE_TEXTS,
  capsuleInfoSchema,
  deliveryDateAllowed,
  formatDate,
  hasCapsuleInfo,
  localCalendarDate,
  notBeforeAllowed,
} from '@capsule/domain';
import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { fieldErrorsOf, serverErrorMessage } from '../../../lib/server-error';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import type { Capsule } from '../capsule-display';
import { ReleaseCondition } from '../ReleaseCondition/ReleaseCondition';
import { useRefreshCapsules } from '../use-capsule-cache';
import { BirthdayRuleField } from './BirthdayRuleField';
import DeliveryDateField from './DeliveryDateField';

interface CapsuleInfoDialogProps {
  capsule: Capsule;
  onClose: () => void;
}

interface InfoValues {
  deliveryDate: string | null;
  category: string | null;
  message: string;
  birthdayAge: number | null;
  notBefore: string | null;
}

const current = (value: string | null) => (value ? `Now: ${value}` : undefined);

/**
 * Additional Capsule Information (spec sections 2 and 5): a delivery date (Milestone_Date
 * capsules only), a category and a message. The server keeps what a blank field leaves out,
 * so the fields start empty and show what is set now; the submit waits until something is
 * given. A locked capsule's info is final, but for a missing date, which it offers alone
 * (docs/decisions/021; the menu offers the dialog only then).
 */
export function CapsuleInfoDialog({ capsule, onClose }: CapsuleInfoDialogProps) {
  const trpc = useTRPC();
  const refresh = useRefreshCapsules();
  const withDate = deliveryDateAllowed(capsule.deliveryCriteria);
  const dateOnly = capsule.locked;
  const schema = useMemo(
    () => capsuleInfoSchema(() => localCalendarDate(new Date()), capsule.deliveryCriteria),
    [capsule.deliveryCriteria],
  );
  const form = useForm<InfoValues>({
    initialValues: { deliveryDate: null, category: null, message: '', birthdayAge: null, notBefore: null },
    validate: schemaResolver(schema, { sync: true }),
  });

  // How the day is chosen: a date, or the recipient's Nth birthday (the birthday rule); on a
  // capsule that opens with a document, the day it opens no earlier than, if any (combined rule).
  const withNotBefore = notBeforeAllowed(capsule.deliveryCriteria);
  const [rule, setRule] = useState<'none' | 'date' | 'birthday'>(
    capsule.birthdayAge ? 'birthday' : withNotBefore && !capsule.notBeforeDate ? 'none' : 'date',
  );
  const chooseRule = (next: string) => {
    setRule(next as 'none' | 'date' | 'birthday');
    form.setValues(
      next === 'birthday'
        ? { deliveryDate: null, notBefore: null }
        : { birthdayAge: null, notBefore: null, deliveryDate: null },
    );
  };
  const birthdayField = (
    <BirthdayRuleField
      recipientName={capsule.recipientName}
      recipientBirthday={capsule.recipientBirthday}
      value={form.values.birthdayAge}
      onChange={(age) => form.setFieldValue('birthdayAge', age)}
      error={form.errors.birthdayAge as string | undefined}
    />
  );

  const save = useMutation(
    trpc.capsules.setInfo.mutationOptions({
      onSuccess: (updated) => {
        toast({
          title: CAPSULE_TEXTS.deliveryDateSet,
          description: updated.deliveryDate
            ? `${updated.title} will be delivered on ${formatDate(updated.deliveryDate)}.`
            : `The information of ${updated.title} is saved.`,
        });
        void refresh();
        onClose();
      },
      onError: (error) => {
        form.setErrors(fieldErrorsOf(error));
        toast({
          title: CAPSULE_TEXTS.deliveryDateFailed,
          description: serverErrorMessage(error),
          variant: 'destructive',
        });
      },
    }),
  );

  const submit = form.onSubmit((values) => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) return;
    // The rules' fields are sent only when chosen: a date, category or message alone goes as before.
    const { birthdayAge, notBefore, ...info } = parsed.data;
    save.mutate({
      capsuleId: capsule.id,
      info: {
        ...info,
        ...(typeof birthdayAge === 'number' ? { birthdayAge } : {}),
        ...(notBefore ? { notBefore } : {}),
      },
    });
  });

  return (
    <Modal opened onClose={onClose} title={CAPSULE_INFO_TEXTS.dialogTitle} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            For <strong>{capsule.title}</strong>. Leave a field empty to keep what is already set.
          </Text>

          <ReleaseCondition capsule={capsule} />
          {dateOnly && (
            <Alert color="orange" variant="light" icon={<IconLock size={18} />}>
              <Text size="sm">{CAPSULE_REFUSALS.onlyMissingDate}</Text>
            </Alert>
          )}

          {withDate ? (
            <>
              <SegmentedControl
                aria-label="The capsule opens on"
                value={rule}
                onChange={chooseRule}
                data={[
                  { value: 'date', label: 'A date' },
                  { value: 'birthday', label: 'A birthday' },
                ]}
              />
              {rule === 'date' ? (
                <DeliveryDateField
                  required={dateOnly}
                  description={current(capsule.deliveryDate ? formatDate(capsule.deliveryDate) : null)}
                  {...form.getInputProps('deliveryDate')}
                />
              ) : (
                birthdayField
              )}
            </>
          ) : withNotBefore && !dateOnly ? (
            <>
              <Text size="sm">
                It opens once the recipient's document is verified; it may also wait for a day.
                {capsule.notBeforeDate ? ` Now: not before ${formatDate(capsule.notBeforeDate)}.` : ''}
              </Text>
              <SegmentedControl
                aria-label="Not before"
                value={rule}
                onChange={chooseRule}
                data={[
                  { value: 'none', label: 'No day' },
                  { value: 'date', label: 'Not before a date' },
                  { value: 'birthday', label: 'Not before a birthday' },
                ]}
              />
              {rule === 'date' && (
                <DeliveryDateField label="Not before" {...form.getInputProps('notBefore')} />
              )}
              {rule === 'birthday' && birthdayField}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              This capsule opens by its condition, so it has no delivery date to set.
            </Text>
          )}

          {!dateOnly && (
            <>
              <Select
                label="Category"
                placeholder="Choose a category"
                description={current(capsule.category)}
                data={[...CAPSULE_CATEGORIES]}
                clearable
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('category')}
              />

              <Textarea
                label="Message"
                placeholder="A few words for your recipient"
                description={
                  capsule.message
                    ? 'A message is set; a new one replaces it.'
                    : `Up to ${CAPSULE_MESSAGE_MAX.toLocaleString('en-US')} characters.`
                }
                rows={4}
                resize="vertical"
                maxLength={CAPSULE_MESSAGE_MAX}
                {...form.getInputProps('message')}
              />
            </>
          )}

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!hasCapsuleInfo(form.values)} loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
