import { CAPSULE_UPLOAD_TEXTS, storageRefusedBody } from '@capsule/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isRefusal, serverErrorMessage } from '../../../lib/server-error';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import type { Capsule } from '../capsule-display';
import { useRefreshCapsules } from '../use-capsule-cache';
import { BlockUpload, failureStatus, isAbort, UploadPausedError, UploadRefusedError } from './block-upload';
import { type UploadNotifyInput, useUploadCalls } from './upload-api';
import { ProgressMeter, type UploadProgress } from './upload-progress';

/**
 * idle: nothing under way. starting: asking the server for the upload slot. uploading: blocks
 * going to storage. finishing: the block list is committed, the server checks what arrived.
 * paused: the connection was lost or the sender stopped it; what storage holds is kept, and
 * the slot stays open on the server, so it can be resumed now or after closing the dialog.
 */
export type TransferPhase = 'idle' | 'starting' | 'uploading' | 'finishing' | 'paused';

/** Why a paused upload waits. */
export type PauseReason = 'connection' | 'stopped';

/** The phases in which closing or leaving the page would interrupt something under way. */
export const ACTIVE_PHASES: readonly TransferPhase[] = ['starting', 'uploading', 'finishing'];

export interface BeginInput {
  file: File;
  durationSeconds: number;
  notify: UploadNotifyInput;
  /** Continue the capsule's open upload (the same file, re-picked after a reload or a stop). */
  resume: boolean;
  /** An open upload of another file, given back before this one starts. */
  replaces: string | null;
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
 * What to say when storage stopped the upload: its HTTP answer when it gave one (a refusal, not
 * a network fault), else the spec's 'Upload failed, please try again.'.
 */
export function storageFailureText(error: UploadRefusedError): string {
  const status = failureStatus(error.cause);
  return status === null ? T.storageFailed : storageRefusedBody(status);
}

/**
 * The whole upload of one capsule's video: the slot (capsules.upload.start), the blocks
 * straight to storage (block-upload.ts, with the SDK loaded only now), the completion the
 * server checks, and Stop, Resume and the toasts around them.
 */
export function useVideoTransfer(capsule: Capsule, replacing: boolean, onDone: () => void) {
  const calls = useUploadCalls();
  const refreshCapsules = useRefreshCapsules();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<TransferPhase>('idle');
  const [pauseReason, setPauseReason] = useState<PauseReason>('connection');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const transfer = useRef<Transfer | null>(null);
  const stopRequested = useRef(false);
  const lastDraw = useRef(0);
  const capsuleId = capsule.id;

  /** The card, the counts, and the dialog's offer to resume, as the server now has them. */
  const refresh = useCallback(
    () =>
      Promise.all([
        refreshCapsules(),
        queryClient.invalidateQueries({ queryKey: trpc.capsules.upload.open.queryKey({ capsuleId }) }),
      ]),
    [capsuleId, queryClient, refreshCapsules, trpc],
  );

  const reset = useCallback(() => {
    transfer.current = null;
    setProgress(null);
    setPhase('idle');
  }, []);

  const pause = useCallback(
    (current: Transfer, reason: PauseReason) => {
      // The bar shows what storage holds now (a failed or stopped block's part is taken back).
      setProgress(current.meter.sample(current.upload.sentBytes, performance.now()));
      setPauseReason(reason);
      setPhase('paused');
      void refresh();
    },
    [refresh],
  );

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
        // Stopped by the sender (stop() has paused it) or the dialog went away.
        if (isAbort(error) || current.controller.signal.aborted) return;
        if (error instanceof UploadPausedError) {
          pause(current, 'connection');
          return;
        }
        reset();
        if (error instanceof UploadRefusedError && error.stage === 'renew') {
          // The server ended this upload (cancelled elsewhere, or timed out): nothing to release.
          failed(serverErrorMessage(error.cause, T.somethingWentWrong));
          void refresh();
          return;
        }
        failed(error instanceof UploadRefusedError ? storageFailureText(error) : T.storageFailed);
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
          pause(current, 'connection');
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
    [calls, capsuleId, onDone, pause, refresh, release, replacing, reset],
  );

  const begin = useCallback(
    async ({ file, durationSeconds, notify, resume, replaces }: BeginInput) => {
      stopRequested.current = false;
      setPhase('starting');
      let session: Awaited<ReturnType<typeof calls.start>>;
      try {
        // The sender chose another file than the interrupted one: that upload is given up.
        if (replaces) await calls.cancel({ capsuleId, uploadId: replaces }).catch(() => undefined);
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
        void refresh();
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
      if (stopRequested.current) {
        // Stop was confirmed while the slot was being issued: it waits, open, for a resume.
        pause(current, 'stopped');
        return;
      }
      await sendAndComplete(current);
    },
    [calls, capsuleId, pause, refresh, release, reset, sendAndComplete],
  );

  const resume = useCallback(() => {
    const current = transfer.current;
    if (!current) return;
    current.controller = new AbortController();
    void sendAndComplete(current);
  }, [sendAndComplete]);

  /**
   * Stops the blocks under way (the sender confirmed it). Nothing is given back: the slot stays
   * open, what storage holds stays, and Resume (now, or after a reload) sends only the rest.
   */
  const stop = useCallback(() => {
    const current = transfer.current;
    if (!current) {
      stopRequested.current = true;
      return;
    }
    current.controller.abort();
    pause(current, 'stopped');
  }, [pause]);

  // Leaving the page stops the blocks under way; the upload stays open on the server and
  // the dialog offers to resume it next time.
  useEffect(() => () => transfer.current?.controller.abort(), []);

  const active = ACTIVE_PHASES.includes(phase);
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  return { phase, pauseReason, progress, active, paused: phase === 'paused', begin, resume, stop };
}
