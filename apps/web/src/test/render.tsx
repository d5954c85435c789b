import { render as rtlRender } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { DataProviders } from '../app/DataProviders';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';
import { AuthProvider } from '../features/auth/AuthProvider/AuthProvider';
import { makeTrpcClient } from '../lib/trpc-client';
import { signedOut } from './fixtures';
import { type Call, type Handlers, mockLink } from './trpc-mock';

export interface RenderOptions {
  /** The address the app starts at. */
  route?: string;
  /** tRPC answers by procedure path; unanswered calls fail with a 404. */
  handlers?: Handlers;
}

/** Shows where the router is, so tests can assert redirects as a user would see the URL. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders a piece of the portal inside everything the real one has: Mantine (no
 * transitions), toasts, tRPC over a mocked link, a MemoryRouter, the auth state, and the
 * signed-in data layer (a QueryClient per session, with the app's defaults).
 */
export function render(ui: ReactElement, { route = '/', handlers = signedOut }: RenderOptions = {}) {
  const calls: Call[] = [];
  const trpcClient = makeTrpcClient([mockLink(handlers, calls)]);
  const user = userEvent.setup();
  const result = rtlRender(
    <AppProviders trpcClient={trpcClient} env="test">
      <MemoryRouter initialEntries={[route]}>
        <AuthProvider>
          <DataProviders>
            {ui}
            <LocationProbe />
          </DataProviders>
        </AuthProvider>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, user, calls };
}

/** The whole route table at `route`. */
export function renderApp(options: RenderOptions = {}) {
  return render(<AppRoutes />, options);
}
