import { CAPSULE_TEXTS, isDeleteConfirmation } from '@capsule/domain';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { serverErrorMessage } from '../../../lib/server-error';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import type { Capsule } from '../capsule-display';
import { useRefreshCapsules } from '../use-capsule-cache';

interface DeleteVideoDialogProps {
  capsule: Capsule;
  onClose: () => void;
}

/**
 * Delete Video, opened by the menu's 'Delete Capsule' (docs/server-rules.md, 'Capsule lifecycle'): the video is
 * removed and the capsule goes back to Pending Upload. Typing delete, in any case, confirms.
 */
export function DeleteVideoDialog({ capsule, onClose }: DeleteVideoDialogProps) {
  const trpc = useTRPC();
  const refresh = useRefreshCapsules();
  const [confirmation, setConfirmation] = useState('');
  const confirmed = isDeleteConfirmation(confirmation);

  const remove = useMutation(
    trpc.capsules.deleteVideo.mutationOptions({
      onSuccess: (updated) => {
        toast({
          title: CAPSULE_TEXTS.videoDeleted,
          description: `${updated.title} is waiting for a new video.`,
        });
        void refresh();
        onClose();
      },
      onError: (error) => {
        // The server's reason when it refuses (409: e.g. the capsule is locked), else the spec's text.
        toast({
          title: CAPSULE_TEXTS.errorTitle,
          description: serverErrorMessage(error, CAPSULE_TEXTS.deleteVideoFailed),
          variant: 'destructive',
        });
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmed) remove.mutate({ capsuleId: capsule.id });
  };

  return (
    <Modal opened onClose={onClose} title="Delete Video" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            This deletes the video of <strong>{capsule.title}</strong>. The capsule and its recipient stay,
            and it goes back to Pending Upload for a new video.
          </Text>
          <TextInput
            label="Type delete to confirm"
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={!confirmed} loading={remove.isPending}>
              Delete Video
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
