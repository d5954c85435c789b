import type { AuthStatus } from '../features/auth/AuthProvider/auth-context';
import { track } from '../lib/settled';
import type { TrpcClient } from '../lib/trpc-client';
import type { FirstData } from './first-data-context';
import { type FirstDataPage, firstDataPageAt } from './first-data-pages';
import { preloadSignedIn } from './router';

/** What a visit asks for before React's first render. */
export interface Visit {
  /** The sign-in state (tracked: the AuthProvider reads it at once when it has answered). */
  status: Promise<AuthStatus>;
  /** The opened page's first data, when the page has any and the visitor may have it; never fails. */
  firstData: Promise<FirstData | null>;
}

/**
 * The first request of a visit, sent as soon as the script runs rather than after React's
 * first render: the sign-in state. The opened page's first data (first-data.ts) is asked for
 * once that answer says the visitor may have it (signed in, terms accepted): sent beside it,
 * the data calls answered 401 to a signed-out visitor (an e-mail's link to /received-capsules)
 * and 403 to one who has not accepted the terms yet, each an error in the console. A signed-in
 * visitor with the terms accepted opening such a page gets it rendered by the server with its
 * data (decision 019); this path serves the rest, and the rare fallback from a failed render.
 */
export function startVisit(client: TrpcClient, location: Pick<Location, 'pathname' | 'search'>): Visit {
  // Tracked: the AuthProvider reads the answer if it is in when it mounts, and handles a
  // failure then (track keeps an early one from being reported as unhandled).
  const status = track(client.auth.status.query());
  const page = firstDataPageAt(location.pathname, location.search);
  return { status, firstData: page ? askFirstData(client, page, status) : Promise.resolve(null) };
}

/**
 * The page's first data, dehydrated, or null. The query layer's code (first-data.ts) loads
 * while the sign-in state is on its way; any failure leaves the data to the page itself.
 */
async function askFirstData(
  client: TrpcClient,
  page: FirstDataPage,
  status: Promise<AuthStatus>,
): Promise<FirstData | null> {
  const code = afterBootBatch(() => import('./first-data'));
  code.catch(() => undefined);
  try {
    if (!mayHaveData(await status)) return null;
    const { loadFirstData } = await code;
    return { state: await loadFirstData(page, { client }) };
  } catch {
    return null;
  }
}

/** Whether the server would answer a signed-in page's data calls for this sign-in state. */
function mayHaveData(status: AuthStatus): boolean {
  return status.loggedIn && status.hasReadTerms;
}

/**
 * Runs `load` (the signed-in app's code) once the boot batch has gone out. tRPC's batch link
 * sends a batch from a timer set when its first call is made; importing the signed-in app asks
 * at once for its chunk, its stylesheet and the dozen chunks it shares with the lazy dialogs.
 * Over HTTP/1.1 the browser keeps six connections to the server, so started first, those held
 * the data request in the browser's queue (about 70 ms in a traced cold /dashboard), and the
 * data arrived after the code it was meant to travel beside. A timer set after the
 * batch link's fires after it: timers of equal delay run in the order they were set.
 */
export function afterBootBatch<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<void>((resolve) => setTimeout(resolve)).then(load);
}

/**
 * What a protected page opened directly waits for before React's first render: the signed-in
 * app's code (asked for right after the boot batch has left), the sign-in state and, when it
 * allows them, the page's first data. Rendering earlier would only paint the loading screen
 * React draws (index.html already shows one), then render the whole page again when the
 * answers come; by committing a Suspense fallback it would also make React hold the page back
 * (the dashboard's content time). Failures settle too: the page reports them.
 */
export function protectedPageReady(visit: Visit): Promise<unknown> {
  return Promise.allSettled([afterBootBatch(preloadSignedIn), visit.status, visit.firstData]);
}
