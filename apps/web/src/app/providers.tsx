// Only the styles the sign-in screens use load with the first visit; the signed-in app brings
// the rest (signed-in.ts). Mantine's layered styles lose to ours whatever the load order.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './first-visit-styles';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { type TrpcClient, TrpcClientProvider } from '../lib/trpc-client';
import { ToastHost } from './ToastHost';
import { theme } from './theme';

interface AppProvidersProps {
  trpcClient: TrpcClient;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals. */
  env?: 'default' | 'test';
}

/** Theme, toasts and the API client: everything but the router (tests bring a MemoryRouter). */
export function AppProviders({ trpcClient, children, env = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
      <ToastHost />
      <TrpcClientProvider client={trpcClient}>{children}</TrpcClientProvider>
    </MantineProvider>
  );
}
