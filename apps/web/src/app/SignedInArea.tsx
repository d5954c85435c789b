import { useEffect } from 'react';
import { ProtectedRoute } from '../features/auth/ProtectedRoute/ProtectedRoute';
import { DataProviders } from './DataProviders';

/**
 * Set on <html> once the signed-in app has taken over the page: on a page the server rendered,
 * its markup answers clicks only from then on (the browser tests wait for it before acting).
 */
export const TAKEN_OVER_ATTRIBUTE = 'data-app-ready';

/** Every protected route: the data layer, then the guard (spec section 4), then the page. */
export function SignedInArea() {
  // Effects run once everything below has committed (or been hydrated).
  useEffect(() => document.documentElement.setAttribute(TAKEN_OVER_ATTRIBUTE, ''), []);
  return (
    <DataProviders>
      <ProtectedRoute />
    </DataProviders>
  );
}
