import { DOCUMENT_ACCEPT, type FileSource, MAX_DOCUMENT_MB } from '@capsule/domain';
import { Button, Paper, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useFileDrop } from '../../../lib/file-drop';
import classes from './VerifyDocumentsDialog.module.css';

export type DocumentSource = FileSource;

interface DocumentDropAreaProps {
  onFile: (file: File | null, source: DocumentSource) => void;
  disabled?: boolean;
}

/** Drag and drop or pick (spec section 2), with lib/file-drop.ts's events, as the video's. */
export function DocumentDropArea({ onFile, disabled = false }: DocumentDropAreaProps) {
  const { areaProps, inputProps, openPicker } = useFileDrop({ onFile, disabled });

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      className={classes.drop}
      data-testid="document-drop-area"
      {...areaProps}
    >
      <Stack align="center" gap={6} ta="center">
        <ThemeIcon variant="light" size={48} radius="xl" aria-hidden>
          <IconPhotoUp size={26} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600}>Drag and drop your document here</Text>
        <Text size="sm" c="dimmed">
          or choose a file
        </Text>
        <Button variant="light" onClick={openPicker} disabled={disabled}>
          Choose a document
        </Button>
        <Text size="xs" c="dimmed">
          PNG, JPG or WEBP image, up to {MAX_DOCUMENT_MB} MB
        </Text>
      </Stack>
      <VisuallyHidden>
        <input {...inputProps} accept={DOCUMENT_ACCEPT} aria-label="Document file" />
      </VisuallyHidden>
    </Paper>
  );
}
