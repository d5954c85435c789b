import type { AuthStatus } from '../features/auth/AuthProvider/auth-context';
import { track } from '../lib/settled';
import type { TrpcClient } from '../lib/trpc-client';
import { startRouteData } from './route-data';

/**
 * The first request of a visit, sent as soon as the script runs rather than after React's
 * first render: the sign-in state, and in the same tRPC batch the opened page's data
 * (route-data.ts). The signed-in app's chunk is fetched meanwhile (main.tsx), so the
 * dashboard waits for one round trip and its code in parallel (issue #10).
 */
export function startVisit(
  client: TrpcClient,
  location: Pick<Location, 'pathname' | 'search'>,
): Promise<AuthStatus> {
  // Tracked: the AuthProvider reads the answer if it is in when it mounts, and handles a
  // failure then (track keeps an early one from being reported as unhandled).
  const status = track(client.auth.status.query());
  startRouteData(client, location.pathname, location.search);
  return status;
}
