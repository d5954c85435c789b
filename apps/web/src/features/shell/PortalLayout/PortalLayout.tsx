import { AppShell, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingIndicator } from '../../../lib/ui/LoadingIndicator/LoadingIndicator';
import { useAuth } from '../../auth';
import { Footer } from '../Footer/Footer';
import { Header } from '../Header/Header';
import { LazyMobileNav } from '../MobileNav/LazyMobileNav';
import { Sidebar } from '../Sidebar/Sidebar';

interface PortalLayoutProps {
  /** Show the signed-in sidebar (hidden on small screens, where the menu toggle holds it). */
  withSidebar?: boolean;
}

/** Header, optional sidebar, the page, and the footer: the signed-in screens' frame
 * (PublicLayout draws the same frame for the public screens). */
export function PortalLayout({ withSidebar = false }: PortalLayoutProps) {
  const { isAuthenticated, otpVerified } = useAuth();
  const [mobileNavOpened, mobileNav] = useDisclosure(false);
  const { pathname } = useLocation();
  const sidebar = withSidebar && isAuthenticated && otpVerified;

  // A link followed from the mobile menu closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route change only
  useEffect(() => mobileNav.close(), [pathname]);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={sidebar ? { width: 260, breakpoint: 'sm', collapsed: { mobile: true } } : undefined}
      padding={0}
    >
      <AppShell.Header>
        <Header mobileNavOpened={mobileNavOpened} onToggleMobileNav={mobileNav.toggle} />
      </AppShell.Header>
      {sidebar && (
        <AppShell.Navbar p="md" visibleFrom="sm">
          <Sidebar />
        </AppShell.Navbar>
      )}
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        <Box style={{ flex: 1 }} px={{ base: 'md', sm: 'xl' }} py="xl">
          <Suspense fallback={<LoadingIndicator label="Loading page..." />}>
            <Outlet />
          </Suspense>
        </Box>
        <Footer />
      </AppShell.Main>
      <LazyMobileNav opened={mobileNavOpened} onClose={mobileNav.close} />
    </AppShell>
  );
}
