import type { AppRouter } from '@capsule/server/app-router';
import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import type { inferRouterContext } from '@trpc/server';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import {
  capsuleCountsQuery,
  capsuleListQuery,
  currentPlanQuery,
} from '../features/capsules/dashboard-queries';
import { readCapsuleFilters } from '../features/capsules/use-capsule-filters';
import { receivedListQuery } from '../features/received/received-api';
import { readReceivedFilters } from '../features/received/use-received-filters';
import { makeQueryClient, type Trpc } from '../lib/trpc';
import type { TrpcClient } from '../lib/trpc-client';
import type { FirstData } from './first-data-context';
import type { FirstDataPage } from './first-data-pages';
import { ROUTES } from './routes';

// A page's first data through TanStack Query's own server-side path: the queries are fetched
// into a cache, dehydrated, carried to the render (the server's, or the browser's first), and
// hydrated there. The queries are the components' own options (one definition each), so the
// page finds its answers under the keys it asks with.

/** The address without a query string: what the filters read as on a page's plain address. */
const PLAIN_ADDRESS = new URLSearchParams();

const FIRST_QUERIES: Record<FirstDataPage, (trpc: Trpc, cache: QueryClient) => Array<Promise<unknown>>> = {
  [ROUTES.dashboard]: (trpc, cache) => [
    cache.fetchQuery(capsuleCountsQuery(trpc)),
    cache.fetchQuery(currentPlanQuery(trpc)),
    cache.fetchQuery(capsuleListQuery(trpc, readCapsuleFilters(PLAIN_ADDRESS))),
  ],
  [ROUTES.receivedCapsules]: (trpc, cache) => [
    cache.fetchQuery(receivedListQuery(trpc, readReceivedFilters(PLAIN_ADDRESS))),
  ],
};

/**
 * Where the answers come from: the browser's tRPC client, or on the server the router itself
 * under the request's context (tRPC's server-side caller: the same procedures, session rules
 * and output checks, without a request over the network).
 */
export type FirstDataSource =
  | { client: TrpcClient }
  | { router: AppRouter; ctx: inferRouterContext<AppRouter> };

/**
 * Asks for the first data of `page` and returns it dehydrated. `every`: fail unless every call
 * answered (the server renders a page whole or leaves it to the browser); otherwise what
 * answered, and the page asks again for the rest (a failed query is not dehydrated).
 */
export async function loadFirstData(
  page: FirstDataPage,
  source: FirstDataSource,
  { every = false } = {},
): Promise<DehydratedState> {
  const cache = makeQueryClient();
  const trpc = createTRPCOptionsProxy<AppRouter>({ ...source, queryClient: cache });
  const calls = FIRST_QUERIES[page](trpc, cache);
  if (every) await Promise.all(calls);
  else await Promise.allSettled(calls);
  return dehydrate(cache);
}

/** How long hydrated answers count as just asked: mounting the page does not ask again. */
const FIRST_DATA_FRESH_MS = 5_000;

/**
 * The data cache of the first session epoch: a new one hydrated from the first data, made once
 * and kept in `first.client`. The answers count from now, by this machine's clock, however
 * long the app's code took to arrive: the page drawn with them (by the server, say) must draw
 * the same on its first render here. For a few seconds mounting does not ask again (the
 * default policy, stale at once, would send each call twice on every opening); after that the
 * usual policy applies.
 */
export function firstDataClient(first: FirstData): QueryClient {
  if (first.client) return first.client;
  const cache = makeQueryClient();
  const now = Date.now();
  hydrate(cache, {
    ...first.state,
    queries: first.state.queries.map((query) => ({
      ...query,
      state: { ...query.state, dataUpdatedAt: now },
    })),
  });
  for (const { queryKey } of first.state.queries) {
    cache.setQueryDefaults(queryKey, {
      refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt > FIRST_DATA_FRESH_MS,
    });
  }
  first.client = cache;
  return cache;
}
