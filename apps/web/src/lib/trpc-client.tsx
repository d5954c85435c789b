import type { AppRouter } from '@capsule/server/app-router';
import { createTRPCClient, httpBatchLink, type TRPCClient, type TRPCLink } from '@trpc/client';
import { createContext, type ReactNode, useContext } from 'react';

// The plain tRPC client, without TanStack Query: all the sign-in screens need. The query
// layer (lib/trpc.ts) sits on this same client and loads with the signed-in app, which keeps
// the first visit small.

export type TrpcClient = TRPCClient<AppRouter>;

/** Every call sends the session cookie (spec section 7: 'All calls send credentials'). */
export function makeTrpcClient(links?: TRPCLink<AppRouter>[]): TrpcClient {
  return createTRPCClient<AppRouter>({
    links: links ?? [
      httpBatchLink({
        url: '/trpc',
        fetch: (url, options) => fetch(url, { ...options, credentials: 'include' }),
      }),
    ],
  });
}

const TrpcClientContext = createContext<TrpcClient | null>(null);

export function TrpcClientProvider({ client, children }: { client: TrpcClient; children: ReactNode }) {
  return <TrpcClientContext value={client}>{children}</TrpcClientContext>;
}

export function useTrpcClient(): TrpcClient {
  const client = useContext(TrpcClientContext);
  if (!client) throw new Error('useTrpcClient must be used inside <TrpcClientProvider>');
  return client;
}
