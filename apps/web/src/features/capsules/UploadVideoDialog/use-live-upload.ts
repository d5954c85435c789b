import { useCallback, useEffect, useRef } from 'react';
import { useRefreshCapsules } from '../use-capsule-cache';
import { LiveBlockStager } from './live-block-stager';
import type { RecordingStart } from './RecordVideo/use-recorder';
import { useUploadCalls } from './upload-api';

interface LiveTake {
  slot: Promise<{ uploadId: string } | null>;
  stager: LiveBlockStager;
}

/**
 * A recording uploaded while it is recorded (docs/server-rules.md, 'Capsule lifecycle'): a
 * slot opened as recording starts (capsules.upload.startRecording), the take's blocks staged
 * as they come (live-block-stager.ts). Using the take hands the slot over to the upload, which
 * resumes it; a new take, a file chosen instead or the dialog closed gives it up.
 */
export function useLiveUpload(capsuleId: string) {
  const calls = useUploadCalls();
  const refreshCapsules = useRefreshCapsules();
  const take = useRef<LiveTake | null>(null);

  const discard = useCallback(() => {
    const current = take.current;
    take.current = null;
    if (!current) return;
    current.stager.stop();
    // Best effort: the server also ends a recording's slot when the next one starts, or at expiry.
    void current.slot
      .then((slot) => slot && calls.cancel({ capsuleId, uploadId: slot.uploadId }))
      .catch(() => undefined)
      .finally(() => void refreshCapsules());
  }, [calls, capsuleId, refreshCapsules]);

  const begin = useCallback(
    (recording: RecordingStart) => {
      discard();
      const slot = calls.startRecording({ capsuleId, ...recording });
      const staging = slot.then(async ({ sasUrl, blockSize }) => {
        const { createAzureBlockTarget } = await import('./azure-block-target');
        return { target: createAzureBlockTarget(sasUrl), blockSize };
      });
      take.current = {
        // No slot (a file's upload left open, the network): the upload after 'Use' opens one.
        slot: slot.then(
          ({ uploadId }) => ({ uploadId }),
          () => null,
        ),
        stager: new LiveBlockStager({ slot: staging }),
      };
    },
    [calls, capsuleId, discard],
  );

  const push = useCallback((chunk: Blob) => take.current?.stager.push(chunk), []);

  /** The take is used: the block under way lands, then the upload resumes the slot. */
  const handOver = useCallback(async () => {
    const current = take.current;
    take.current = null;
    await current?.stager.finish();
  }, []);

  // The dialog went away with a take not used: its slot is given up. (Through a ref: the calls
  // are a new object at each render, and an effect on them would give the take up each time.)
  const latestDiscard = useRef(discard);
  latestDiscard.current = discard;
  useEffect(() => () => latestDiscard.current(), []);

  return { begin, push, discard, handOver };
}
