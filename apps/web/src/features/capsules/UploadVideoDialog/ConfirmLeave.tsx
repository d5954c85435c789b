import { CAPSULE_UPLOAD_TEXTS, discardBody } from '@capsule/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

const T = CAPSULE_UPLOAD_TEXTS;

/** What the sender is asked before work is dropped or an upload under way is stopped. */
export type LeaveQuestion =
  | { kind: 'stop' }
  | { kind: 'discard'; video: boolean; message: boolean; recorded?: boolean };

interface ConfirmLeaveProps {
  question: LeaveQuestion | null;
  /** No, keep it: back to the upload dialog as it was. */
  onKeep: () => void;
  onConfirm: () => void;
}

/**
 * The confirmation over the upload dialog, in the same Modal.Stack: Escape, its close button
 * and a click outside all mean 'keep', and the dialog below keeps its file, message and upload.
 */
export function ConfirmLeave({ question, onKeep, onConfirm }: ConfirmLeaveProps) {
  const stop = question?.kind === 'stop';
  return (
    <Modal
      stackId="upload-confirm"
      opened={question !== null}
      onClose={onKeep}
      title={stop ? T.stopTitle : T.discardTitle}
      centered
      size="sm"
      closeButtonProps={{ 'aria-label': T.closeDialog }}
    >
      <Stack gap="md">
        <Text size="sm">{question?.kind === 'discard' ? discardBody(question) : stop ? T.stopBody : ''}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onKeep} data-autofocus>
            {stop ? T.keepUploading : T.keepEditing}
          </Button>
          <Button color="red" onClick={onConfirm}>
            {stop ? T.stopUpload : T.discard}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
