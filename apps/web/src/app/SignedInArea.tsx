import { ProtectedRoute } from '../features/auth/ProtectedRoute/ProtectedRoute';
import { DataProviders } from './DataProviders';

/** Every protected route: the data layer, then the guard (spec section 4), then the page. */
export function SignedInArea() {
  return (
    <DataProviders>
      <ProtectedRoute />
    </DataProviders>
  );
}
