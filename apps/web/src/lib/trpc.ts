import type { AppRouter } from '@capsule/server/app-router';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCContext } from '@trpc/tanstack-react-query';

/**
 * The one tRPC + TanStack Query client of the portal. Components use
 * `const trpc = useTRPC()` and then `useQuery(trpc.area.procedure.queryOptions(input))` or
 * `useMutation(trpc.area.procedure.mutationOptions())`; the types come from the server's
 * AppRouter, so a new router (contacts, capsules, subscriptions) needs no change here.
 */
export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

/** The typed query options of every procedure (`trpc.capsules.list.queryOptions(input)`). */
export type Trpc = ReturnType<typeof useTRPC>;

/** Spec section 9, 'Default data policy': no automatic retries, stale at once, refetch on
 * focus and on reconnect, no polling. A list that wants otherwise says so in its own query. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: 0,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
