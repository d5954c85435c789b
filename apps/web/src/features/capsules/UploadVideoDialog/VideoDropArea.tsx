import { CAPSULE_UPLOAD_TEXTS, type FileSource, MAX_VIDEO_MB, type UploadRefusal } from '@capsule/domain';
import { Button, Loader, Paper, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconVideoPlus } from '@tabler/icons-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import classes from './UploadVideoDialog.module.css';

const T = CAPSULE_UPLOAD_TEXTS;

interface VideoDropAreaProps {
  onFile: (file: File | null, source: FileSource) => void;
  reading: boolean;
  refusal: UploadRefusal | null;
  maxMinutes: number | null;
}

/**
 * Drag and drop or pick (spec section 2): native drag events on the area and a hidden file
 * input behind the button, so no drop-zone library is needed.
 */
export function VideoDropArea({ onFile, reading, refusal, maxMinutes }: VideoDropAreaProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const errorId = useId();

  const accepts = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      className={classes.drop}
      data-over={over || undefined}
      data-invalid={refusal ? true : undefined}
      data-testid="video-drop-area"
      onDragEnter={(event) => {
        if (!accepts(event)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragOver={(event) => {
        if (!accepts(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        onFile(event.dataTransfer?.files?.[0] ?? null, 'drop');
      }}
    >
      <Stack align="center" gap={6} ta="center">
        <ThemeIcon variant="light" size={48} radius="xl" aria-hidden>
          {reading ? <Loader size={22} /> : <IconVideoPlus size={26} stroke={1.6} />}
        </ThemeIcon>
        <Text fw={600}>{reading ? 'Reading the video…' : T.dropHere}</Text>
        <Text size="sm" c="dimmed">
          {T.orPick}
        </Text>
        <Button
          variant="light"
          onClick={() => input.current?.click()}
          disabled={reading}
          aria-describedby={refusal ? errorId : undefined}
        >
          {T.chooseFile}
        </Button>
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
        <input
          ref={input}
          type="file"
          accept="video/*"
          aria-label="Video file"
          tabIndex={-1}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0] ?? null;
            // The same file picked twice in a row still fires a change.
            event.currentTarget.value = '';
            onFile(file, 'pick');
          }}
        />
      </VisuallyHidden>
    </Paper>
  );
}
