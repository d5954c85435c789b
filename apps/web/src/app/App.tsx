import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { AuthProvider } from '../features/auth/AuthProvider/AuthProvider';
import type { AuthStatus } from '../features/auth/AuthProvider/auth-context';
import { ScrollToTop } from '../features/shell/ScrollToTop/ScrollToTop';
import { RenderClockContext } from '../lib/render-clock';
import type { TrpcClient } from '../lib/trpc-client';
import type { FirstData } from './first-data-context';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

interface AppProps {
  trpcClient: TrpcClient;
  /** The sign-in state, already asked for by main.tsx (or answered by the server). */
  initialStatus: Promise<AuthStatus>;
  /**
   * The browser's router by default; the server passes one fixed on the address it renders
   * (ssr/entry-server.tsx), which keeps that router out of the first visit's script.
   */
  Router?: ComponentType<{ children: ReactNode }>;
  /** When the server rendered the page: its instant, in both renders (lib/render-clock). */
  renderClock?: number;
  /** The data the opened page starts with (app/first-data.ts), when there is any. */
  firstData?: FirstData | null;
}

export function App({ trpcClient, initialStatus, Router = BrowserRouter, renderClock, firstData }: AppProps) {
  return (
    <RenderClockContext value={renderClock ?? null}>
      <AppProviders trpcClient={trpcClient} firstData={firstData}>
        <Router>
          <AuthProvider initialStatus={initialStatus}>
            <ScrollToTop />
            <AppRoutes />
          </AuthProvider>
        </Router>
      </AppProviders>
    </RenderClockContext>
  );
}
