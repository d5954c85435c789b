import { CAPSULE_UPLOAD_TEXTS } from '@capsule/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isRefusal, serverErrorMessage } from '../../../lib/server-error';
import { toast } from '../../../lib/toast';
import type { Capsule } from '../capsule-display';
import { useRefreshCapsules } from '../use-capsule-cache';
import { BlockUpload, isAbort, UploadPausedError, UploadRefusedError } from './block-upload';
import { type UploadNotifyInput, useUploadCalls } from './upload-api';
import { ProgressMeter, type UploadProgress } from './upload-progress';

/**
 * idle: nothing under way. starting: asking the server for the upload slot. uploading: blocks
 * going to storage. finishing: the block list is committed, the server checks what arrived.
 * paused: the connection was lost; what storage holds is kept. cancelling: stopping.
 */
export type TransferPhase = 'idle' | 'starting' | 'uploading' | 'finishing' | 'paused' | 'cancelling';

/** The phases in which leaving the page would interrupt an upload. */
export const BUSY_PHASES: readonly TransferPhase[] = [
  'starting',
  'uploading',
  'finishing',
  'paused',
  'cancelling',
];

export interface BeginInput {
  file: File;
  durationSeconds: number;
  notify: UploadNotifyInput;
  /** Continue the capsule's open upload (the same file, re-picked after a reload). */
  resume: boolean;
}

interface Transfer {
  uploadId: string;
  upload: BlockUpload;
  controller: AbortController;
  meter: ProgressMeter;
}

/** The progress bar is redrawn at most this often; the last figure always shows. */
const REDRAW_MS = 200;
const T = CAPSULE_UPLOAD_TEXTS;

const failed = (description: string) =>
  toast({ title: T.uploadFailedTitle, description, variant: 'destructive' });

/**
 * The whole upload of one capsule's video: the slot (capsules.upload.start), the blocks
 * straight to storage (block-upload.ts, with the SDK loaded only now), the completion the
 * server checks, and Cancel, Resume and the toasts around them.
 */
export function useVideoTransfer(capsule: Capsule, replacing: boolean, onDone: () => void) {
  const calls = useUploadCalls();
  const refresh = useRefreshCapsules();
  const [phase, setPhase] = useState<TransferPhase>('idle');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const transfer = useRef<Transfer | null>(null);
  const cancelRequested = useRef(false);
  const lastDraw = useRef(0);
  const capsuleId = capsule.id;

  const reset = useCallback(() => {
    transfer.current = null;
    setProgress(null);
    setPhase('idle');
  }, []);

  /** Best effort: the server also reverts an upload that never completes. */
  const release = useCallback(
    async (uploadId: string) => {
      await calls.cancel({ capsuleId, uploadId }).catch(() => undefined);
      void refresh();
    },
    [calls, capsuleId, refresh],
  );

  const sendAndComplete = useCallback(
    async (current: Transfer) => {
      setPhase('uploading');
      setProgress(current.meter.restart(current.upload.sentBytes, performance.now()));
      try {
        await current.upload.run(current.controller.signal);
      } catch (error) {
        if (isAbort(error) || current.controller.signal.aborted) return;
        if (error instanceof UploadPausedError) {
          // The bar shows what storage holds now (a failed block's part is taken back).
          setProgress(current.meter.sample(current.upload.sentBytes, performance.now()));
          setPhase('paused');
          return;
        }
        reset();
        if (error instanceof UploadRefusedError && error.stage === 'renew') {
          // The server ended this upload (cancelled elsewhere, or timed out): nothing to release.
          failed(serverErrorMessage(error.cause, T.somethingWentWrong));
          void refresh();
          return;
        }
        failed(T.storageFailed);
        await release(current.uploadId);
        return;
      }

      setProgress(current.meter.sample(current.upload.sentBytes, performance.now()));
      setPhase('finishing');
      try {
        await calls.complete({ capsuleId, uploadId: current.uploadId });
      } catch (error) {
        if (isRefusal(error)) {
          // The server checked what arrived and refused it (too big, not a video, ...).
          reset();
          failed(serverErrorMessage(error, T.somethingWentWrong));
          void refresh();
        } else {
          // No answer: the blocks are committed; Resume asks for the completion again.
          setPhase('paused');
        }
        return;
      }
      transfer.current = null;
      toast(
        replacing
          ? { title: T.videoReplacedTitle, description: T.videoReplacedBody }
          : { title: T.uploadSuccessfulTitle, description: T.uploadSuccessfulBody },
      );
      void refresh();
      onDone();
    },
    [calls, capsuleId, onDone, refresh, release, replacing, reset],
  );

  const begin = useCallback(
    async ({ file, durationSeconds, notify, resume }: BeginInput) => {
      cancelRequested.current = false;
      setPhase('starting');
      let session: Awaited<ReturnType<typeof calls.start>>;
      try {
        session = await calls.start({
          capsuleId,
          fileName: file.name,
          fileSize: file.size,
          contentType: file.type,
          durationSeconds: Math.round(durationSeconds * 1000) / 1000,
          notify,
          ...(resume ? { resume: true } : {}),
        });
      } catch (error) {
        reset();
        failed(serverErrorMessage(error, T.somethingWentWrong));
        return;
      }
      let createTarget: typeof import('./azure-block-target').createAzureBlockTarget;
      try {
        ({ createAzureBlockTarget: createTarget } = await import('./azure-block-target'));
      } catch {
        reset();
        failed(T.somethingWentWrong);
        await release(session.uploadId);
        return;
      }
      const meter = new ProgressMeter(file.size);
      const current: Transfer = {
        uploadId: session.uploadId,
        controller: new AbortController(),
        meter,
        upload: new BlockUpload({
          file,
          blockSize: session.blockSize,
          grant: session,
          staged: session.resumed ? session.stagedBlocks : [],
          createTarget,
          renew: () => calls.renew({ capsuleId, uploadId: session.uploadId }),
          onProgress: (sent) => {
            const at = performance.now();
            const figures = meter.sample(sent, at);
            if (at - lastDraw.current >= REDRAW_MS || sent === file.size) {
              lastDraw.current = at;
              setProgress(figures);
            }
          },
        }),
      };
      transfer.current = current;
      if (cancelRequested.current) {
        // Cancel was pressed while the slot was being issued.
        reset();
        await release(current.uploadId);
        onDone();
        return;
      }
      await sendAndComplete(current);
    },
    [calls, capsuleId, onDone, release, reset, sendAndComplete],
  );

  const resume = useCallback(() => {
    const current = transfer.current;
    if (!current) return;
    current.controller = new AbortController();
    void sendAndComplete(current);
  }, [sendAndComplete]);

  /** Stops the transfer and gives the slot back; the dialog closes. */
  const cancel = useCallback(async () => {
    const current = transfer.current;
    if (phase === 'starting' && !current) {
      cancelRequested.current = true;
      setPhase('cancelling');
      return;
    }
    if (!current) {
      onDone();
      return;
    }
    current.controller.abort();
    setPhase('cancelling');
    try {
      await calls.cancel({ capsuleId, uploadId: current.uploadId });
    } catch (error) {
      toast({
        title: T.uploadFailedTitle,
        description: serverErrorMessage(error, T.cancelFailed),
        variant: 'destructive',
      });
    }
    transfer.current = null;
    void refresh();
    onDone();
  }, [calls, capsuleId, onDone, phase, refresh]);

  // Leaving the page stops the blocks under way; the upload stays open on the server and
  // the dialog offers to resume it next time.
  useEffect(() => () => transfer.current?.controller.abort(), []);

  const busy = BUSY_PHASES.includes(phase);
  useEffect(() => {
    if (!busy) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  return { phase, progress, busy, begin, resume, cancel };
}
