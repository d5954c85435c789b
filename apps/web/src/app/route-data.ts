import { answered, track } from '../lib/settled';
import type { TrpcClient } from '../lib/trpc-client';
import { ROUTES } from './routes';

// A signed-in page's first data, asked for at boot as soon as the sign-in state allows it
// (boot.ts calls startRouteData once auth.status answers signed in with the terms accepted),
// so the data request and the page's code chunks load together instead of one after the
// other. The signed-in app's data cache adopts these answers (app/DataProviders).
// When the server rendered the page (first-page.ts), its answers come with the page instead,
// and the same table says what it asked.

/** One call of a page's first data: the procedure path, e.g. 'capsules.list', and its input. */
export interface FirstQuery {
  path: string;
  input: unknown;
}

export interface RouteQuery extends FirstQuery {
  result: Promise<unknown>;
}

/** The dashboard's list as it opens without filters (features/capsules/use-capsule-filters). */
export const DEFAULT_CAPSULE_LIST_INPUT = { status: null, types: [], page: 1 };

/** Received Capsules as it opens without filters (features/received/received-api listInputOf). */
export const DEFAULT_RECEIVED_LIST_INPUT = { sort: 'all', page: 1 } as const;

/** Answers asked for at boot and older than this are not adopted: the page asks again. */
const FRESH_FOR_MS = 10_000;

const FIRST_QUERIES: Partial<Record<string, readonly FirstQuery[]>> = {
  [ROUTES.dashboard]: [
    { path: 'capsules.counts', input: undefined },
    { path: 'subscriptions.current', input: undefined },
    { path: 'capsules.list', input: DEFAULT_CAPSULE_LIST_INPUT },
  ],
  [ROUTES.receivedCapsules]: [{ path: 'receivedCapsules.list', input: DEFAULT_RECEIVED_LIST_INPUT }],
};

/** The pages that open with first data (the server renders these when opened directly). */
export const FIRST_DATA_PAGES: readonly string[] = Object.keys(FIRST_QUERIES);

/** The first data of the page at `pathname`, when it opens with plain defaults (no filters). */
export function firstQueries(pathname: string, search = ''): readonly FirstQuery[] {
  return (search ? undefined : FIRST_QUERIES[pathname]) ?? [];
}

/** The procedure at `path` of a tRPC proxy (the client, or the query layer's options proxy). */
export function procedureAt<T>(proxy: unknown, path: string): T {
  // The path comes from the table above; the proxy resolves it like proxy.a.b.
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], proxy) as T;
}

/**
 * Answers kept until the signed-in app adopts them. `expires`: boot answers go stale after
 * FRESH_FOR_MS; the server's not before they are adopted, since the page it rendered shows them
 * and the browser's first render must show the same, however long its code took to arrive (the
 * cache asks again once mounted if they aged).
 */
let started: { at: number; expires: boolean; queries: RouteQuery[] } | null = null;

/** Starts the first data of the page at `pathname`, when it has plain defaults (no filters). */
export function startRouteData(client: TrpcClient, pathname: string, search = ''): void {
  const queries = firstQueries(pathname, search).map(({ path, input }) => ({
    path,
    input,
    // Not awaited until adopted; track keeps a failure (signed out) from surfacing as unhandled.
    result: track(procedureAt<{ query: (input: unknown) => Promise<unknown> }>(client, path).query(input)),
  }));
  started = queries.length > 0 ? { at: Date.now(), expires: true, queries } : null;
}

/** The page's first data as answered by the server (already read: no request is made). */
export function setServerRouteData(
  answers: ReadonlyArray<FirstQuery & { value: unknown }>,
  at: number,
): void {
  started = {
    at,
    expires: false,
    queries: answers.map(({ path, input, value }) => ({ path, input, result: answered(value, at) })),
  };
}

/**
 * The data layer has adopted the answers: from now on the server's age like boot answers, so a
 * later mount of the signed-in app (after a not-found page, say) does not show them again.
 */
export function routeDataAdopted(): void {
  if (started && !started.expires) started = { ...started, at: Date.now(), expires: true };
}

/** Forgets the first data (the server, once it has rendered a page with it). */
export function clearRouteData(): void {
  started = null;
}

/** The answers started at boot while they are fresh, or the server's. */
export function routeData(): RouteQuery[] {
  if (!started || (started.expires && Date.now() - started.at > FRESH_FOR_MS)) return [];
  return started.queries;
}
