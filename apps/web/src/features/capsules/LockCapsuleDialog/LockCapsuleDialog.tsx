import {
  CAPSULE_INFO_TEXTS,
  CAPSULE_TEXTS,
  deliveryDateSchema,
  localCalendarDate,
  lockCapsuleInputSchema,
  lockConfirmationSchema,
  needsDeliveryDate,
} from '@capsule/domain';
import { Alert, Button, Checkbox, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarQuestion } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { serverErrorMessage } from '../../../lib/server-error';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import type { Capsule } from '../capsule-display';
import { ReleaseCondition } from '../ReleaseCondition/ReleaseCondition';
import { useRefreshCapsules } from '../use-capsule-cache';

// The date picker comes with Mantine's date package: loaded only when a lock needs a date.
const DeliveryDateField = lazy(() => import('../CapsuleInfoDialog/DeliveryDateField'));

/**
 * The 'Lock Failed' description (spec section 8): the server's refusal when it gave one,
 * 'Failed to lock capsule' when the call failed without one, 'Unknown error' otherwise.
 */
export const lockFailureMessage = (error: unknown): string =>
  serverErrorMessage(error, CAPSULE_TEXTS.lockFailedBody, { notACall: CAPSULE_TEXTS.unknownError });

export const LOCK_TEXTS = {
  needsDateTitle: 'Choose the day it opens',
  needsDate:
    'This capsule opens on its milestone date, and it has none yet. A locked capsule keeps its date for good, so choose it now: it is saved with the lock.',
  dateRequired: 'Choose the delivery date to lock this capsule.',
} as const;

interface LockCapsuleDialogProps {
  capsule: Capsule;
  onClose: () => void;
}

/**
 * Lock Capsule (spec section 5): irreversible, so it waits for the box to be ticked, checked
 * with the domain's confirmation schema. A Milestone Date capsule without its date would never
 * open once locked: the dialog says so and asks for the date, which the lock call sets with the
 * lock (docs/decisions/021). Only the domain's input for the action is sent.
 */
export function LockCapsuleDialog({ capsule, onClose }: LockCapsuleDialogProps) {
  const trpc = useTRPC();
  const refresh = useRefreshCapsules();
  const [confirmed, setConfirmed] = useState(false);
  const askDate = needsDeliveryDate(capsule);
  const [deliveryDate, setDeliveryDate] = useState<string | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  const canLock =
    lockConfirmationSchema.safeParse({ confirmed }).success && (!askDate || deliveryDate !== null);

  const lock = useMutation(
    trpc.capsules.lock.mutationOptions({
      onSuccess: (updated) => {
        toast({
          title: CAPSULE_TEXTS.lockedTitle,
          description: `${updated.title} is locked: its video is kept as it is.`,
        });
        void refresh();
        onClose();
      },
      onError: (error) => {
        toast({
          title: CAPSULE_TEXTS.lockFailedTitle,
          description: lockFailureMessage(error),
          variant: 'destructive',
        });
      },
    }),
  );

  const submit = () => {
    if (!canLock) return;
    if (askDate) {
      const date = deliveryDateSchema(() => localCalendarDate(new Date())).safeParse(deliveryDate);
      if (!date.success || date.data === null) {
        setDateError(
          date.success
            ? LOCK_TEXTS.dateRequired
            : (date.error.issues[0]?.message ?? CAPSULE_INFO_TEXTS.deliveryDateInvalid),
        );
        return;
      }
    }
    const input = lockCapsuleInputSchema(() => localCalendarDate(new Date())).parse({
      capsuleId: capsule.id,
      ...(askDate ? { deliveryDate } : {}),
    });
    lock.mutate(input);
  };

  return (
    <Modal opened onClose={onClose} title="Lock Capsule" centered>
      <Stack gap="md">
        <Text size="sm">
          Locking <strong>{capsule.title}</strong> is permanent. The video can no longer be replaced or
          deleted, and the recipient stays as it is.
        </Text>
        {askDate ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconCalendarQuestion size={18} />}
            title={LOCK_TEXTS.needsDateTitle}
          >
            <Stack gap="sm">
              <Text size="sm">{LOCK_TEXTS.needsDate}</Text>
              <Suspense fallback={<Skeleton height={58} radius="sm" />}>
                <DeliveryDateField
                  required
                  value={deliveryDate}
                  onChange={(value) => {
                    setDeliveryDate(value);
                    setDateError(null);
                  }}
                  error={dateError}
                />
              </Suspense>
            </Stack>
          </Alert>
        ) : (
          <ReleaseCondition capsule={capsule} />
        )}
        <Checkbox
          checked={confirmed}
          onChange={(event) => setConfirmed(event.currentTarget.checked)}
          label="I understand that locking this capsule cannot be undone."
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!canLock} loading={lock.isPending} onClick={submit}>
            Lock Capsule
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
