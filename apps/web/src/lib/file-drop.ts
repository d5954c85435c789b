import type { FileSource } from '@capsule/domain';
import { type ChangeEvent, type DragEvent, useRef, useState } from 'react';

// Drag and drop or pick, as the spec's upload dialogs draw them (the video and the document):
// native drag events on an area and a hidden file input behind a button, so no drop-zone
// library is needed. The dialogs keep their own look; this holds the events.

interface FileDropOptions {
  onFile: (file: File | null, source: FileSource) => void;
  /** While disabled, drags are not taken and a drop does nothing. */
  disabled?: boolean;
}

export function useFileDrop({ onFile, disabled = false }: FileDropOptions) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const accepts = (event: DragEvent) =>
    !disabled && Array.from(event.dataTransfer?.types ?? []).includes('Files');

  /** Spread on the drop area. */
  const areaProps = {
    'data-over': over || undefined,
    onDragEnter: (event: DragEvent) => {
      if (!accepts(event)) return;
      event.preventDefault();
      setOver(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!accepts(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setOver(false);
      if (!disabled) onFile(event.dataTransfer?.files?.[0] ?? null, 'drop');
    },
  };

  /** Spread on the hidden `<input type="file">`. */
  const inputProps = {
    ref: input,
    type: 'file' as const,
    tabIndex: -1,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const file = event.currentTarget.files?.[0] ?? null;
      // The same file picked twice in a row still fires a change.
      event.currentTarget.value = '';
      onFile(file, 'pick');
    },
  };

  return { areaProps, inputProps, openPicker: () => input.current?.click() };
}
