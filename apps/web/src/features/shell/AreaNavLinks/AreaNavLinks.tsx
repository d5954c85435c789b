import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isActivePath, SIDEBAR_ITEMS } from '../nav-items';

interface AreaNavLinksProps {
  /** Called after a link is followed (the mobile drawer closes itself). */
  onNavigate?: () => void;
}

const ROUNDED = { borderRadius: 'var(--mantine-radius-md)' } as const;

/**
 * The signed-in areas, as the sidebar and the mobile menu both list them. An area's pages are
 * drawn under it as links of their own, always in view, and not as the NavLink's children:
 * a NavLink with children is a toggle that cancels its own link's navigation, so 'My Contacts'
 * went nowhere.
 */
export function AreaNavLinks({ onNavigate }: AreaNavLinksProps) {
  const { pathname } = useLocation();
  return SIDEBAR_ITEMS.map((item) => (
    <div key={item.to}>
      <NavLink
        component={Link}
        to={item.to}
        label={item.label}
        leftSection={<item.icon size={18} stroke={1.7} />}
        active={isActivePath(pathname, item.to)}
        variant="light"
        style={ROUNDED}
        onClick={onNavigate}
      />
      {item.children && (
        <Stack gap={2} pl={28} mt={2} role="group" aria-label={`${item.label} pages`}>
          {item.children.map((child) => (
            <NavLink
              key={child.to}
              component={Link}
              to={child.to}
              label={child.label}
              active={isActivePath(pathname, child.to)}
              variant="light"
              style={ROUNDED}
              onClick={onNavigate}
            />
          ))}
        </Stack>
      )}
    </div>
  ));
}
