import { CAPSULE_TEXTS } from '@capsule/domain';
import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconEye, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { serverErrorMessage } from '../../../lib/server-error';
import { toast } from '../../../lib/toast';
import type { Capsule } from '../capsule-display';
import { usePreviewCall } from '../UploadVideoDialog/upload-api';
import { useRefreshCapsules } from '../use-capsule-cache';
import classes from './PreviewDialog.module.css';

/** The pre-roll intro shipped with the web app (public/), played before every preview. */
export const INTRO_VIDEO_URL = '/capsule-intro.mp4';

type Stage = { kind: 'confirm' } | { kind: 'intro'; url: string } | { kind: 'capsule'; url: string };

interface PreviewDialogProps {
  capsule: Capsule;
  onClose: () => void;
}

/**
 * The one-time preview (spec section 2): the sender may watch a stored capsule once. Asking
 * for the URL uses the preview up (the server marks it in the same transaction), so the
 * dialog asks first; then the player plays the intro and, when it ends, the capsule.
 */
export function PreviewDialog({ capsule, onClose }: PreviewDialogProps) {
  const refresh = useRefreshCapsules();
  const preview = usePreviewCall();
  const [stage, setStage] = useState<Stage>({ kind: 'confirm' });

  const start = () =>
    preview.mutate(
      { id: capsule.id },
      {
        onSuccess: ({ url }) => {
          setStage({ kind: 'intro', url });
          // The preview is used now: the menu no longer offers it.
          void refresh();
        },
        onError: (error) => {
          toast({
            title: CAPSULE_TEXTS.fetchCapsuleFailedTitle,
            description: serverErrorMessage(error, CAPSULE_TEXTS.fetchCapsuleFailedBody),
            variant: 'destructive',
          });
          onClose();
        },
      },
    );

  const toCapsule = () => {
    if (stage.kind === 'intro') setStage({ kind: 'capsule', url: stage.url });
  };

  return (
    <Modal opened onClose={onClose} title="One-Time Preview" centered size="xl">
      {stage.kind === 'confirm' ? (
        <Stack gap="md">
          <Text size="sm">
            You can watch <strong>{capsule.title}</strong> once, as its recipient will see it. After this
            preview it cannot be played again from here.
          </Text>
          <Alert color="blue" icon={<IconInfoCircle size={18} />}>
            Make sure you have a few minutes: closing the player ends the preview.
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button leftSection={<IconEye size={16} />} loading={preview.isPending} onClick={start}>
              Play Preview
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Group>
            <Badge variant="light" data-testid="preview-stage">
              {stage.kind === 'intro' ? 'Intro' : capsule.title}
            </Badge>
          </Group>
          {/* biome-ignore lint/a11y/useMediaCaption: the sender's own recording has no captions */}
          <video
            key={stage.kind}
            className={classes.player}
            src={stage.kind === 'intro' ? INTRO_VIDEO_URL : stage.url}
            controls
            autoPlay
            playsInline
            data-testid="preview-player"
            onEnded={toCapsule}
            // A missing intro never stands between the sender and the capsule.
            onError={stage.kind === 'intro' ? toCapsule : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

export default PreviewDialog;
