// The drawer's styles come with it (it loads when first opened, LazyMobileNav): on the public
// screens only the first visit's subset of Mantine's styles is loaded (app/first-visit-styles.ts).
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import { Divider, Drawer, NavLink, Stack } from '@mantine/core';
import {
  IconExternalLink,
  IconHome,
  IconLogin,
  IconLogout,
  IconSettings,
  IconUserPlus,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { ROUTES } from '../../../app/routes';
import { newTab } from '../../../lib/external-links';
import { Logo } from '../../../lib/ui/Logo/Logo';
import { useAuth, useShopUrl } from '../../auth';
import { AreaNavLinks } from '../AreaNavLinks/AreaNavLinks';
import { headerExternalItems } from '../header-links';
import { isActivePath } from '../nav-items';

interface MobileNavProps {
  opened: boolean;
  onClose: () => void;
}

/** The navigation behind the header's menu toggle on small screens. */
export function MobileNav({ opened, onClose }: MobileNavProps) {
  const { isAuthenticated, otpVerified, logout } = useAuth();
  const { pathname } = useLocation();
  const signedIn = isAuthenticated && otpVerified;
  const externalItems = headerExternalItems(useShopUrl());

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size="xs"
      title={<Logo size={28} />}
      hiddenFrom="sm"
      closeButtonProps={{ 'aria-label': 'Close navigation' }}
    >
      <Stack gap={2} component="nav" aria-label="Mobile">
        {signedIn ? (
          <>
            <NavLink
              component={Link}
              to={ROUTES.dashboard}
              label="Home"
              leftSection={<IconHome size={18} />}
              onClick={onClose}
            />
            <AreaNavLinks onNavigate={onClose} />
            <NavLink
              component={Link}
              to={ROUTES.settings}
              label="Account Settings"
              leftSection={<IconSettings size={18} />}
              active={isActivePath(pathname, ROUTES.settings)}
              onClick={onClose}
            />
          </>
        ) : (
          <>
            <NavLink
              component={Link}
              to={ROUTES.auth}
              label="Login"
              leftSection={<IconLogin size={18} />}
              onClick={onClose}
            />
            <NavLink
              component={Link}
              to={ROUTES.auth}
              label="Sign Up"
              leftSection={<IconUserPlus size={18} />}
              onClick={onClose}
            />
          </>
        )}
        <Divider my="xs" />
        {externalItems.map((item) => (
          <NavLink
            key={item.label}
            href={item.href}
            label={item.label}
            rightSection={<IconExternalLink size={14} />}
            component="a"
            {...newTab}
          />
        ))}
        {signedIn && (
          <>
            <Divider my="xs" />
            <NavLink
              component="button"
              label="Logout"
              color="red"
              active
              variant="subtle"
              leftSection={<IconLogout size={18} />}
              onClick={() => {
                onClose();
                void logout();
              }}
            />
          </>
        )}
      </Stack>
    </Drawer>
  );
}
