import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { MantineProvider } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useRef } from 'react';
import { TRPCProvider, type TrpcClient } from '../lib/trpc';
import { theme } from './theme';

interface AppProvidersProps {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals. */
  env?: 'default' | 'test';
}

/** Theme, toasts, data: everything but the router (tests bring a MemoryRouter). */
export function AppProviders({ queryClient, trpcClient, children, env = 'default' }: AppProvidersProps) {
  // F8 moves the focus to the toasts (spec section 9), so a keyboard user can reach their
  // close buttons.
  const toasts = useRef<HTMLDivElement>(null);
  useWindowEvent('keydown', (event) => {
    if (event.key === 'F8') {
      event.preventDefault();
      toasts.current?.focus();
    }
  });

  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
      {/* Spec section 9, 'Toast': bottom right, one at a time, 5 s, 420 px wide at most. */}
      <Notifications
        ref={toasts}
        position="bottom-right"
        limit={1}
        autoClose={5000}
        containerWidth={420}
        tabIndex={-1}
        aria-label="Notifications (F8)"
      />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
