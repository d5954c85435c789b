import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '../../lib/trpc';

/**
 * After any successful capsule action: the list (every filter and page), the stats strip
 * and the capsule's own details and record are fetched again, so no screen shows the old state.
 */
export function useRefreshCapsules() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.capsules.list.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.capsules.counts.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.capsules.byId.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.capsules.trail.pathKey() }),
      ]),
    [queryClient, trpc],
  );
}
