import { Burger, Button, Group } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../../app/routes';
import { newTab } from '../../../lib/external-links';
import { Logo } from '../../../lib/ui/Logo/Logo';
import { useAuth, useShopUrl } from '../../auth';
import { headerExternalItems } from '../header-links';
import classes from './Header.module.css';

const BetaBadge = lazy(() => import('./SignedInHeaderItems').then((m) => ({ default: m.BetaBadge })));
const SignedInActions = lazy(() =>
  import('./SignedInHeaderItems').then((m) => ({ default: m.SignedInActions })),
);

interface HeaderProps {
  mobileNavOpened: boolean;
  onToggleMobileNav: () => void;
}

/** Spec section 2, 'Header': signed-in links and user menu, or Login and Sign Up. */
export function Header({ mobileNavOpened, onToggleMobileNav }: HeaderProps) {
  const { isAuthenticated, otpVerified } = useAuth();
  const signedIn = isAuthenticated && otpVerified;
  const externalItems = headerExternalItems(useShopUrl());

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={mobileNavOpened}
          onClick={onToggleMobileNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={mobileNavOpened ? 'Close navigation' : 'Open navigation'}
        />
        <Link
          to={signedIn ? ROUTES.dashboard : ROUTES.login}
          className={classes.brand}
          aria-label="Legacy Capsule home"
        >
          <Logo />
        </Link>
        {signedIn && (
          <Suspense fallback={null}>
            <BetaBadge />
          </Suspense>
        )}
      </Group>

      <Group gap={4} visibleFrom="sm" wrap="nowrap" component="nav" aria-label="Main">
        {signedIn && (
          <Link to={ROUTES.dashboard} className={classes.link}>
            Home
          </Link>
        )}
        {externalItems.map((item) => (
          <a key={item.label} href={item.href} className={classes.link} {...newTab}>
            {item.label}
          </a>
        ))}
      </Group>

      <Group gap="sm" wrap="nowrap">
        {signedIn ? (
          <Suspense fallback={null}>
            <SignedInActions />
          </Suspense>
        ) : (
          <Group gap="xs" visibleFrom="sm" wrap="nowrap">
            <Button component={Link} to={ROUTES.auth} variant="subtle">
              Login
            </Button>
            <Button component={Link} to={ROUTES.auth}>
              Sign Up
            </Button>
          </Group>
        )}
      </Group>
    </Group>
  );
}
