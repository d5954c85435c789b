import { track } from '../lib/settled';
import type { TrpcClient } from '../lib/trpc-client';
import { ROUTES } from './routes';

// A signed-in page's first data, asked for in the same tRPC batch as the sign-in state (the
// AuthProvider calls startRouteData beside auth.status), so the data request and the page's
// code chunks load together instead of one after the other (issue #10). The signed-in app's
// data cache adopts these answers (app/DataProviders); if the visitor turns out not to be
// signed in, they are simply never used.

export interface RouteQuery {
  /** The procedure path, e.g. 'capsules.list'. */
  path: string;
  input: unknown;
  result: Promise<unknown>;
}

/** The dashboard's list as it opens without filters (features/capsules/use-capsule-filters). */
export const DEFAULT_CAPSULE_LIST_INPUT = { status: null, types: [], page: 1 };

/** Received Capsules as it opens without filters (features/received/received-api listInputOf). */
export const DEFAULT_RECEIVED_LIST_INPUT = { sort: 'all', page: 1 } as const;

/** Answers older than this are not adopted: the page asks again. */
const FRESH_FOR_MS = 10_000;

let started: { at: number; queries: RouteQuery[] } | null = null;

function quiet(path: string, input: unknown, result: Promise<unknown>): RouteQuery {
  // Not awaited until adopted; track keeps a failure (signed out) from surfacing as unhandled.
  return { path, input, result: track(result) };
}

const ROUTE_QUERIES: Partial<Record<string, (client: TrpcClient) => RouteQuery[]>> = {
  [ROUTES.dashboard]: (client) => [
    quiet('capsules.counts', undefined, client.capsules.counts.query()),
    quiet('subscriptions.current', undefined, client.subscriptions.current.query()),
    quiet(
      'capsules.list',
      DEFAULT_CAPSULE_LIST_INPUT,
      client.capsules.list.query(DEFAULT_CAPSULE_LIST_INPUT),
    ),
  ],
  [ROUTES.receivedCapsules]: (client) => [
    quiet(
      'receivedCapsules.list',
      DEFAULT_RECEIVED_LIST_INPUT,
      client.receivedCapsules.list.query(DEFAULT_RECEIVED_LIST_INPUT),
    ),
  ],
};

/** Starts the first data of the page at `pathname`, when it has plain defaults (no filters). */
export function startRouteData(client: TrpcClient, pathname: string, search = ''): void {
  const queries = search ? undefined : ROUTE_QUERIES[pathname];
  started = queries ? { at: Date.now(), queries: queries(client) } : null;
}

/** The answers started at boot, while they are fresh. */
export function routeData(): RouteQuery[] {
  if (!started || Date.now() - started.at > FRESH_FOR_MS) return [];
  return started.queries;
}
