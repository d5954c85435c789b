import {
  CAPSULE_RECORD_TEXTS,
  CAPSULE_UPLOAD_TEXTS,
  type FileSource,
  MAX_VIDEO_MB,
  type UploadRefusal,
} from '@capsule/domain';
import { Button, Group, Loader, Paper, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconFolderOpen, IconVideo, IconVideoPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { useFileDrop } from '../../../lib/file-drop';
import classes from './UploadVideoDialog.module.css';

const T = CAPSULE_UPLOAD_TEXTS;

interface VideoDropAreaProps {
  onFile: (file: File | null, source: FileSource) => void;
  /** 'Record a video': the dialog shows the recorder in the drop area's place. */
  onRecord: () => void;
  reading: boolean;
  refusal: UploadRefusal | null;
  maxMinutes: number | null;
}

/**
 * Drag and drop or pick (spec section 2), with lib/file-drop.ts's events; or record one with
 * the camera (RecordVideo/), the second way in.
 */
export function VideoDropArea({ onFile, onRecord, reading, refusal, maxMinutes }: VideoDropAreaProps) {
  const { areaProps, inputProps, openPicker } = useFileDrop({ onFile });
  const errorId = useId();

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      className={classes.drop}
      data-invalid={refusal ? true : undefined}
      data-testid="video-drop-area"
      {...areaProps}
    >
      <Stack align="center" gap={6} ta="center">
        <ThemeIcon variant="light" size={48} radius="xl" aria-hidden>
          {reading ? <Loader size={22} /> : <IconVideoPlus size={26} stroke={1.6} />}
        </ThemeIcon>
        <Text fw={600}>{reading ? 'Reading the video…' : T.dropHere}</Text>
        <Text size="sm" c="dimmed">
          {T.orPick}
        </Text>
        <Group justify="center" gap="xs">
          <Button
            variant="light"
            onClick={openPicker}
            disabled={reading}
            aria-describedby={refusal ? errorId : undefined}
            leftSection={<IconFolderOpen size={16} />}
          >
            {T.chooseFile}
          </Button>
          <Button variant="light" onClick={onRecord} disabled={reading} leftSection={<IconVideo size={16} />}>
            {CAPSULE_RECORD_TEXTS.recordVideo}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          MP4 or MOV, under {MAX_VIDEO_MB} MB
          {maxMinutes ? `, at most ${maxMinutes} ${maxMinutes === 1 ? 'minute' : 'minutes'}` : ''}
        </Text>
        {refusal && (
          <Text size="sm" c="red" id={errorId} role="alert">
            {refusal.title}: {refusal.description}
          </Text>
        )}
      </Stack>
      <VisuallyHidden>
        <input {...inputProps} accept="video/*" aria-label="Video file" />
      </VisuallyHidden>
    </Paper>
  );
}
