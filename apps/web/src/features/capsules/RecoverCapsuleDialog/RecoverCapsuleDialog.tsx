import { CAPSULE_TEXTS, statusLabel } from '@capsule/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { serverErrorMessage } from '../../../lib/server-error';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import type { Capsule } from '../capsule-display';
import { useRefreshCapsules } from '../use-capsule-cache';

interface RecoverCapsuleDialogProps {
  capsule: Capsule;
  onClose: () => void;
}

/** Recover Capsule: a capsule marked for deletion goes back to the status it had. */
export function RecoverCapsuleDialog({ capsule, onClose }: RecoverCapsuleDialogProps) {
  const trpc = useTRPC();
  const refresh = useRefreshCapsules();

  const recover = useMutation(
    trpc.capsules.recover.mutationOptions({
      onSuccess: (updated) => {
        toast({
          title: CAPSULE_TEXTS.recoveredTitle,
          description: `${updated.title} is back to ${statusLabel(updated.status, { senderList: true })}.`,
        });
        void refresh();
        onClose();
      },
      onError: (error) => {
        // Spec section 7: the server's error body is shown as the message.
        toast({
          title: CAPSULE_TEXTS.recoveryFailedTitle,
          description: serverErrorMessage(error, CAPSULE_TEXTS.recoveryFailedBody),
          variant: 'destructive',
        });
      },
    }),
  );

  return (
    <Modal opened onClose={onClose} title="Recover Capsule" centered>
      <Stack gap="md">
        <Text size="sm">
          <strong>{capsule.title}</strong> is marked for deletion. Recovering it puts it back as it was before
          it was marked.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={recover.isPending} onClick={() => recover.mutate({ capsuleId: capsule.id })}>
            Recover Capsule
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
