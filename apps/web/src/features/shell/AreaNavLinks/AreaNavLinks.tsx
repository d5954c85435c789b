import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isActivePath, SIDEBAR_ITEMS } from '../nav-items';

interface AreaNavLinksProps {
  /** Called after a link is followed (the mobile drawer closes itself). */
  onNavigate?: () => void;
}

/** The signed-in areas, as the sidebar and the mobile menu both list them. */
export function AreaNavLinks({ onNavigate }: AreaNavLinksProps) {
  const { pathname } = useLocation();
  return SIDEBAR_ITEMS.map((item) => {
    return (
      <NavLink
        key={item.to}
        component={Link}
        to={item.to}
        label={item.label}
        leftSection={<item.icon size={18} stroke={1.7} />}
        active={isActivePath(pathname, item.to)}
        variant="light"
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
        onClick={onNavigate}
        // The sub-pages stay in view: always open, so one click reaches them.
        opened={item.children ? true : undefined}
        childrenOffset={28}
      >
        {item.children?.map((child) => (
          <NavLink
            key={child.to}
            component={Link}
            to={child.to}
            label={child.label}
            active={isActivePath(pathname, child.to)}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
            onClick={onNavigate}
          />
        ))}
      </NavLink>
    );
  });
}
