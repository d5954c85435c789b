import { RECEIVED_LIST_STALE_MS } from '@capsule/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type Trpc, useTRPC } from '../../lib/trpc';
import type { ReceivedFilters } from './use-received-filters';

// The calls of Received Capsules (tRPC receivedCapsules.*), in one place. Types come from the
// server's AppRouter like every other call.

/** The list input for the filters in the address; a filter not chosen is left out. */
const listInputOf = (filters: ReceivedFilters) => ({
  ...(filters.type ? { type: filters.type } : {}),
  ...(filters.status ? { status: filters.status } : {}),
  sort: filters.sort,
  page: filters.page,
});

/**
 * One page of received capsules and the counts over all of them, defined once: the page uses
 * it, and so does the first data it opens with (app/first-data.ts). Spec section 9: fresh for
 * 30 s and not refetched on window focus.
 */
export const receivedListQuery = (trpc: Trpc, filters: ReceivedFilters) =>
  trpc.receivedCapsules.list.queryOptions(listInputOf(filters), {
    staleTime: RECEIVED_LIST_STALE_MS,
    refetchOnWindowFocus: false,
    // A filter change keeps the cards on screen until the new page arrives, instead of
    // dropping back to skeletons (the stats do not blink either).
    placeholderData: (previous) => previous,
  });

export function useReceivedList(filters: ReceivedFilters) {
  return useQuery(receivedListQuery(useTRPC(), filters));
}

/** The capsule as the server has it now; asking records the first opening. */
export function useReceivedCapsule(id: string) {
  const trpc = useTRPC();
  return useQuery(trpc.receivedCapsules.byId.queryOptions({ id }));
}

/** The part of the capsule's record about the recipient; secondary, so not retried or toasted. */
export function useReceivedTrail(id: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.receivedCapsules.trail.queryOptions({ id }), retry: false });
}

/** The short-lived read URL of a released capsule's video. */
export function useSecureUrl() {
  const trpc = useTRPC();
  return useMutation(trpc.receivedCapsules.secureUrl.mutationOptions());
}

/** Records the first play (the client calls it on the video's first 'playing'). */
export function usePlayed() {
  const trpc = useTRPC();
  return useMutation(trpc.receivedCapsules.played.mutationOptions());
}

/** The document upload's two calls: a write URL for one blob, then the server's check. */
export function useDocumentCalls() {
  const trpc = useTRPC();
  const start = useMutation(trpc.receivedCapsules.document.start.mutationOptions());
  const complete = useMutation(trpc.receivedCapsules.document.complete.mutationOptions());
  return { start: start.mutateAsync, complete: complete.mutateAsync };
}

/** After a document upload: the list (every filter), the details and the dashboard's counts. */
export function useRefreshReceived() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.receivedCapsules.list.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.receivedCapsules.byId.pathKey() }),
      ]),
    [queryClient, trpc],
  );
}
