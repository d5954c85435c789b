import {
  CAPSULE_UPLOAD_TEXTS,
  checkVideoDuration,
  checkVideoFile,
  type FileSource,
  type UploadRefusal,
} from '@capsule/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { readVideoDuration } from './video-metadata';

export interface ChosenVideo {
  file: File;
  /** An object URL of the file: the preview plays it, nothing is uploaded yet. */
  url: string;
  durationSeconds: number;
}

/**
 * The file the sender dropped or picked, checked in the spec's order (section 5): type,
 * size, then the duration the browser reads against the capsule length. A refusal is the
 * spec's destructive toast and stays written under the drop area until the next choice.
 */
export function useChosenVideo(capsuleLength: string | null) {
  const [video, setVideo] = useState<ChosenVideo | null>(null);
  const [reading, setReading] = useState(false);
  const [refusal, setRefusal] = useState<UploadRefusal | null>(null);
  // The latest choice wins: a slow metadata read of an earlier file is dropped.
  const choice = useRef(0);
  const current = useRef<ChosenVideo | null>(null);

  const show = useCallback((next: ChosenVideo | null) => {
    if (current.current && current.current.url !== next?.url) URL.revokeObjectURL(current.current.url);
    current.current = next;
    setVideo(next);
  }, []);

  const refuse = useCallback(
    (reason: UploadRefusal) => {
      show(null);
      setRefusal(reason);
      toast({ title: reason.title, description: reason.description, variant: 'destructive' });
    },
    [show],
  );

  const choose = useCallback(
    async (file: File | null, source: FileSource) => {
      const id = ++choice.current;
      const refused = checkVideoFile(file, source);
      if (refused || !file) {
        setReading(false);
        refuse(
          refused ?? {
            title: CAPSULE_UPLOAD_TEXTS.noFileTitle,
            description: CAPSULE_UPLOAD_TEXTS.noFileBody,
          },
        );
        return;
      }
      const url = URL.createObjectURL(file);
      setReading(true);
      setRefusal(null);
      const seconds = await readVideoDuration(url).catch(() => null);
      if (id !== choice.current) {
        URL.revokeObjectURL(url);
        return;
      }
      setReading(false);
      const tooLong = checkVideoDuration(seconds, capsuleLength);
      if (tooLong || seconds === null) {
        URL.revokeObjectURL(url);
        refuse(
          tooLong ?? {
            title: CAPSULE_UPLOAD_TEXTS.metadataTitle,
            description: CAPSULE_UPLOAD_TEXTS.metadataBody,
          },
        );
        return;
      }
      show({ file, url, durationSeconds: seconds });
    },
    [capsuleLength, refuse, show],
  );

  const remove = useCallback(() => {
    choice.current += 1;
    setReading(false);
    setRefusal(null);
    show(null);
  }, [show]);

  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current.url);
    },
    [],
  );

  return { video, reading, refusal, choose, remove };
}
