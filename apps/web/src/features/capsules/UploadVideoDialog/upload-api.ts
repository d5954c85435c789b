import type { NotifyTimezone, NotifyTiming } from '@capsule/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTrpcClient } from '../../../lib/trpc-client';
import type { Capsule } from '../capsule-display';
import type { StagedBlock } from './block-plan';
import type { SasGrant } from './block-upload';

// The upload procedures of issue 11 (capsules.upload.*, capsules.preview), as the server's
// contract states them. TEMPORARY: they are not in AppRouter yet (the server side is being
// built in parallel), so this file alone reaches them through a cast of the tRPC client.
// When they land, these types become RouterInputs/RouterOutputs and the calls
// trpc.capsules.upload.*.mutationOptions(); nothing outside this file changes.

export interface UploadNotifyInput {
  enabled: boolean;
  timing: NotifyTiming;
  /** The custom date and time as a wall clock in `timezone`: 'YYYY-MM-DDTHH:mm:ss'. */
  customDate?: string;
  timezone?: NotifyTimezone;
  /** Optional words sent with the notification. */
  message?: string;
}

export interface UploadStartInput {
  capsuleId: string;
  fileName: string;
  fileSize: number;
  contentType: string;
  durationSeconds: number;
  notify: UploadNotifyInput;
  /** Continue the open upload of this capsule: the answer lists the blocks storage holds. */
  resume?: boolean;
}

export interface UploadSession extends SasGrant {
  uploadId: string;
  blockSize: number;
  stagedBlocks: StagedBlock[];
  resumed: boolean;
}

export interface UploadRef {
  capsuleId: string;
  uploadId: string;
}

/** An upload of this capsule that was started and never completed (a reload, a lost tab). */
export interface OpenUpload {
  uploadId: string;
  fileName: string;
  fileSize: number;
  stagedBytes: number;
}

export interface PreviewGrant {
  url: string;
  expiresOn: string;
}

interface Mutation<I, O> {
  mutate(input: I): Promise<O>;
}
interface Query<I, O> {
  query(input: I): Promise<O>;
}
/** The procedures still missing from AppRouter (see above). */
interface PendingProcedures {
  capsules: {
    upload: {
      start: Mutation<UploadStartInput, UploadSession>;
      renew: Mutation<UploadRef, SasGrant>;
      open: Query<{ capsuleId: string }, OpenUpload | null>;
      complete: Mutation<UploadRef, Capsule>;
      cancel: Mutation<UploadRef, Capsule>;
    };
    preview: Mutation<{ id: string }, PreviewGrant>;
  };
}

function usePendingProcedures(): PendingProcedures['capsules'] {
  return (useTrpcClient() as unknown as PendingProcedures).capsules;
}

/**
 * The upload's calls, as mutations of the signed-in cache (so a 401 ends the session as
 * everywhere else). Each answer is awaited by the upload's own flow.
 */
export function useUploadCalls() {
  const capsules = usePendingProcedures();
  const start = useMutation({ mutationFn: (input: UploadStartInput) => capsules.upload.start.mutate(input) });
  const renew = useMutation({ mutationFn: (input: UploadRef) => capsules.upload.renew.mutate(input) });
  const complete = useMutation({ mutationFn: (input: UploadRef) => capsules.upload.complete.mutate(input) });
  const cancel = useMutation({ mutationFn: (input: UploadRef) => capsules.upload.cancel.mutate(input) });
  return {
    start: start.mutateAsync,
    renew: renew.mutateAsync,
    complete: complete.mutateAsync,
    cancel: cancel.mutateAsync,
  };
}

/** The interrupted upload of a capsule, if any (asked once when the dialog opens). */
export function useOpenUpload(capsuleId: string) {
  const capsules = usePendingProcedures();
  return useQuery({
    queryKey: ['capsules', 'upload', 'open', { capsuleId }],
    queryFn: () => capsules.upload.open.query({ capsuleId }),
    refetchOnWindowFocus: false,
  });
}

/** The one-time preview's read URL; asking for it uses the preview up. */
export function usePreviewCall() {
  const capsules = usePendingProcedures();
  return useMutation({ mutationFn: (id: string) => capsules.preview.mutate({ id }) });
}
