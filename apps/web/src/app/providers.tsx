// Only the styles the sign-in screens use load with the first visit; the signed-in app brings
// the rest (signed-in.ts). Mantine's layered styles lose to ours whatever the load order.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './first-visit-styles';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { type TrpcClient, TrpcClientProvider } from '../lib/trpc-client';
import { type FirstData, FirstDataContext } from './first-data-context';
import { ToastHost } from './ToastHost';
import { theme } from './theme';

interface AppProvidersProps {
  trpcClient: TrpcClient;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals. */
  env?: 'default' | 'test';
  /** The data the opened page starts with, when the server or the boot asked for it. */
  firstData?: FirstData | null;
}

/**
 * Theme, toasts, the API client and the page's first data: everything but the router (tests
 * bring a MemoryRouter).
 */
export function AppProviders({ trpcClient, children, env = 'default', firstData = null }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
      <ToastHost />
      <TrpcClientProvider client={trpcClient}>
        <FirstDataContext value={firstData}>{children}</FirstDataContext>
      </TrpcClientProvider>
    </MantineProvider>
  );
}
