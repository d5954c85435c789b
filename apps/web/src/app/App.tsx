import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { AuthProvider } from '../features/auth/AuthProvider/AuthProvider';
import { ScrollToTop } from '../features/shell/ScrollToTop/ScrollToTop';
import { makeQueryClient, makeTrpcClient } from '../lib/trpc';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export function App() {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() => makeTrpcClient());
  return (
    <AppProviders queryClient={queryClient} trpcClient={trpcClient}>
      <BrowserRouter>
        <AuthProvider>
          <ScrollToTop />
          <AppRoutes />
        </AuthProvider>
      </BrowserRouter>
    </AppProviders>
  );
}
