import { DOCUMENT_ACCEPT, MAX_DOCUMENT_MB } from '@capsule/domain';
import { Button, Paper, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { type DragEvent, useRef, useState } from 'react';
import classes from './VerifyDocumentsDialog.module.css';

export type DocumentSource = 'pick' | 'drop';

interface DocumentDropAreaProps {
  onFile: (file: File | null, source: DocumentSource) => void;
  disabled?: boolean;
}

/**
 * Drag and drop or pick (spec section 2): native drag events on the area and a hidden file
 * input behind the button, the pattern of the video upload (no drop-zone library).
 */
export function DocumentDropArea({ onFile, disabled = false }: DocumentDropAreaProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const accepts = (event: DragEvent) =>
    !disabled && Array.from(event.dataTransfer?.types ?? []).includes('Files');

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      className={classes.drop}
      data-over={over || undefined}
      data-testid="document-drop-area"
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
        if (!disabled) onFile(event.dataTransfer?.files?.[0] ?? null, 'drop');
      }}
    >
      <Stack align="center" gap={6} ta="center">
        <ThemeIcon variant="light" size={48} radius="xl" aria-hidden>
          <IconPhotoUp size={26} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600}>Drag and drop your document here</Text>
        <Text size="sm" c="dimmed">
          or choose a file
        </Text>
        <Button variant="light" onClick={() => input.current?.click()} disabled={disabled}>
          Choose a document
        </Button>
        <Text size="xs" c="dimmed">
          PNG, JPG or WEBP image, up to {MAX_DOCUMENT_MB} MB
        </Text>
      </Stack>
      <VisuallyHidden>
        <input
          ref={input}
          type="file"
          accept={DOCUMENT_ACCEPT}
          aria-label="Document file"
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
