import type { RouterInputs } from '@capsule/server/app-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

// The upload procedures (capsules.upload.*, capsules.preview) as the upload flow
// uses them. Types come from the server's AppRouter like every other call.

/** The notification choice capsules.upload.start takes (the domain's notifyOptionsSchema). */
export type UploadNotifyInput = RouterInputs['capsules']['upload']['start']['notify'];

/**
 * The upload's calls, as mutations of the signed-in cache (so a 401 ends the session as
 * everywhere else). Each answer is awaited by the upload's own flow.
 */
export function useUploadCalls() {
  const trpc = useTRPC();
  const start = useMutation(trpc.capsules.upload.start.mutationOptions());
  const startRecording = useMutation(trpc.capsules.upload.startRecording.mutationOptions());
  const renew = useMutation(trpc.capsules.upload.renew.mutationOptions());
  const complete = useMutation(trpc.capsules.upload.complete.mutationOptions());
  const cancel = useMutation(trpc.capsules.upload.cancel.mutationOptions());
  return {
    start: start.mutateAsync,
    startRecording: startRecording.mutateAsync,
    renew: renew.mutateAsync,
    complete: complete.mutateAsync,
    cancel: cancel.mutateAsync,
  };
}

/**
 * The interrupted upload of a capsule, if any: asked afresh each time the dialog opens (an
 * upload stopped a minute ago must be offered), not kept once the dialog is closed.
 */
export function useOpenUpload(capsuleId: string) {
  const trpc = useTRPC();
  return useQuery(
    trpc.capsules.upload.open.queryOptions({ capsuleId }, { refetchOnWindowFocus: false, gcTime: 0 }),
  );
}

/** The one-time preview's read URL; asking for it uses the preview up. */
export function usePreviewCall() {
  const trpc = useTRPC();
  return useMutation(trpc.capsules.preview.mutationOptions());
}
