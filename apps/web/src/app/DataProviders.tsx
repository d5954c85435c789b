import type { AppRouter } from '@capsule/server/app-router';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useAuth } from '../features/auth/AuthProvider/auth-context';
import { httpStatusOf } from '../lib/server-error';
import { answerOf } from '../lib/settled';
import { makeQueryClient, TRPCProvider } from '../lib/trpc';
import { type TrpcClient, useTrpcClient } from '../lib/trpc-client';
import { procedureAt, routeData, routeDataAdopted } from './route-data';

const ADOPTED_FRESH_MS = 5_000;

/** Adopts the answers asked for at boot (route-data.ts) as the cache's first fetches. */
function adoptRouteData(queryClient: QueryClient, client: TrpcClient): void {
  const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient });
  for (const { path, input, result } of routeData()) {
    const procedure = procedureAt<{
      queryOptions: (input: unknown) => { queryKey: readonly unknown[]; queryFn?: unknown };
    }>(trpc, path);
    const options = procedure.queryOptions(input);
    // The answer is a moment old when the page mounts: mounting does not ask again unless it
    // has aged (the default policy refetches a stale query on mount, which would send the
    // same call twice on every opening of the dashboard).
    queryClient.setQueryDefaults(options.queryKey, {
      refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt > ADOPTED_FRESH_MS,
    });
    // Already answered (the usual case: main.tsx renders once the sign-in state is here, and
    // it travels in the same batch): in the cache now, so the page's first render has its data.
    const answer = answerOf(result);
    if (answer) {
      queryClient.setQueryData(options.queryKey, answer.value, { updatedAt: answer.at });
      continue;
    }
    void queryClient.prefetchQuery({
      queryKey: options.queryKey,
      // A failed early answer (e.g. the session ended in between) is asked for again.
      queryFn: (context) =>
        result.catch(() => (options.queryFn as (c: typeof context) => Promise<unknown>)(context)),
    });
  }
}

/**
 * The signed-in app's data layer: TanStack Query over the same tRPC client. One cache per
 * session epoch (AuthProvider): a new sign-in or a logout starts an empty cache, so data read
 * under one session is never shown under the next. A 401 from any call ends the local session.
 */
export function DataProviders({ children }: { children: ReactNode }) {
  const { sessionEpoch, sessionLost } = useAuth();
  const client = useTrpcClient();
  const queryClient = useMemo(() => {
    const fresh = makeQueryClient();
    if (sessionEpoch === 0) {
      adoptRouteData(fresh, client);
      routeDataAdopted();
    }
    return fresh;
  }, [sessionEpoch, client]);

  useEffect(() => {
    const onEvent = (event: { type: string; action?: { type: string; error?: unknown } }) => {
      if (
        event.type === 'updated' &&
        event.action?.type === 'error' &&
        httpStatusOf(event.action.error) === 401
      ) {
        sessionLost();
      }
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe(onEvent);
    const unsubscribeMutations = queryClient.getMutationCache().subscribe(onEvent);
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, sessionLost]);

  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={client} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
