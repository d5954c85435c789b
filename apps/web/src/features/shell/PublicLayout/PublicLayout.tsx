import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingIndicator } from '../../../lib/ui/LoadingIndicator/LoadingIndicator';
import { Footer } from '../Footer/Footer';
import { Header } from '../Header/Header';
import { LazyMobileNav } from '../MobileNav/LazyMobileNav';
import classes from './PublicLayout.module.css';

/**
 * The frame of the screens anyone may open (sign-in, code, not found): header, page, footer.
 * It looks like the signed-in PortalLayout but is plain CSS, so the first visit does not load
 * Mantine's AppShell.
 */
export function PublicLayout() {
  const [mobileNavOpened, mobileNav] = useDisclosure(false);
  const { pathname } = useLocation();

  // A link followed from the mobile menu closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route change only
  useEffect(() => mobileNav.close(), [pathname]);

  return (
    <div className={classes.shell}>
      <header className={classes.header}>
        <Header mobileNavOpened={mobileNavOpened} onToggleMobileNav={mobileNav.toggle} />
      </header>
      <main className={classes.main}>
        <div className={classes.page}>
          <Suspense fallback={<LoadingIndicator label="Loading page..." />}>
            <Outlet />
          </Suspense>
        </div>
        <Footer />
      </main>
      <LazyMobileNav opened={mobileNavOpened} onClose={mobileNav.close} />
    </div>
  );
}
