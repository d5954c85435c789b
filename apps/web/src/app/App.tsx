import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { AuthProvider } from '../features/auth/AuthProvider/AuthProvider';
import { ScrollToTop } from '../features/shell/ScrollToTop/ScrollToTop';
import { makeTrpcClient } from '../lib/trpc-client';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export function App() {
  const [trpcClient] = useState(() => makeTrpcClient());
  return (
    <AppProviders trpcClient={trpcClient}>
      <BrowserRouter>
        <AuthProvider prefetchRouteData>
          <ScrollToTop />
          <AppRoutes />
        </AuthProvider>
      </BrowserRouter>
    </AppProviders>
  );
}
