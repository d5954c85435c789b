import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext, useEffect, useMemo } from 'react';
import { useAuth } from '../features/auth/AuthProvider/auth-context';
import { httpStatusOf } from '../lib/server-error';
import { makeQueryClient, TRPCProvider } from '../lib/trpc';
import { useTrpcClient } from '../lib/trpc-client';
import { firstDataClient } from './first-data';
import { FirstDataContext } from './first-data-context';

/**
 * The signed-in app's data layer: TanStack Query over the same tRPC client. One cache per
 * session epoch (AuthProvider): a new sign-in or a logout starts an empty cache, so data read
 * under one session is never shown under the next. A 401 from any call ends the local session.
 */
export function DataProviders({ children }: { children: ReactNode }) {
  const { sessionEpoch, sessionLost } = useAuth();
  const client = useTrpcClient();
  const first = useContext(FirstDataContext);
  // The first epoch's cache starts with the data the page opened with (first-data.ts).
  const queryClient = useMemo(
    () => (sessionEpoch === 0 && first ? firstDataClient(first) : makeQueryClient()),
    [sessionEpoch, first],
  );

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
