import { CAPSULE_TEXTS, capsuleRefInputSchema, lockConfirmationSchema } from '@capsule/domain';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { serverErrorMessage } from '../../../lib/server-error';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import type { Capsule } from '../capsule-display';
import { useRefreshCapsules } from '../use-capsule-cache';

/**
 * The 'Lock Failed' description (spec section 8): the server's refusal when it gave one,
 * 'Failed to lock capsule' when the call failed without one, 'Unknown error' otherwise.
 */
export const lockFailureMessage = (error: unknown): string =>
  serverErrorMessage(error, CAPSULE_TEXTS.lockFailedBody, { notACall: CAPSULE_TEXTS.unknownError });

interface LockCapsuleDialogProps {
  capsule: Capsule;
  onClose: () => void;
}

/**
 * Lock Capsule (spec section 5): irreversible, so it waits for the box to be ticked, checked
 * with the domain's confirmation schema. Only the domain's input for the action is sent.
 */
export function LockCapsuleDialog({ capsule, onClose }: LockCapsuleDialogProps) {
  const trpc = useTRPC();
  const refresh = useRefreshCapsules();
  const [confirmed, setConfirmed] = useState(false);
  const canLock = lockConfirmationSchema.safeParse({ confirmed }).success;

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

  return (
    <Modal opened onClose={onClose} title="Lock Capsule" centered>
      <Stack gap="md">
        <Text size="sm">
          Locking <strong>{capsule.title}</strong> is permanent. The video can no longer be replaced or
          deleted, and the recipient stays as it is.
        </Text>
        <Checkbox
          checked={confirmed}
          onChange={(event) => setConfirmed(event.currentTarget.checked)}
          label="I understand that locking this capsule cannot be undone."
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!canLock}
            loading={lock.isPending}
            onClick={() => {
              if (canLock) lock.mutate(capsuleRefInputSchema.parse({ capsuleId: capsule.id }));
            }}
          >
            Lock Capsule
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
