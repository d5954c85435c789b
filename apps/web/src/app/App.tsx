import { BrowserRouter } from 'react-router';
import { AuthProvider } from '../features/auth/AuthProvider/AuthProvider';
import type { AuthStatus } from '../features/auth/AuthProvider/auth-context';
import { ScrollToTop } from '../features/shell/ScrollToTop/ScrollToTop';
import type { TrpcClient } from '../lib/trpc-client';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

interface AppProps {
  trpcClient: TrpcClient;
  /** The sign-in state, already asked for by main.tsx. */
  initialStatus: Promise<AuthStatus>;
}

export function App({ trpcClient, initialStatus }: AppProps) {
  return (
    <AppProviders trpcClient={trpcClient}>
      <BrowserRouter>
        <AuthProvider initialStatus={initialStatus}>
          <ScrollToTop />
          <AppRoutes />
        </AuthProvider>
      </BrowserRouter>
    </AppProviders>
  );
}
