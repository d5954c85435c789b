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
  const status = track(client.auth.status.query());
  // The AuthProvider handles a failure once it mounts; this keeps an early one from being
  // reported as unhandled before then.
  status.catch(() => undefined);
  startRouteData(client, location.pathname, location.search);
  return status;
}
