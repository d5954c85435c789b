import { initials } from '@capsule/domain';
import { Avatar, Divider, Group, NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../auth/AuthProvider/auth-context';
import { displayName } from '../display-name';
import { isActivePath, SIDEBAR_ITEMS } from '../nav-items';

/** Spec section 2, 'Sidebar': the user's name and e-mail, then the signed-in areas. */
export function Sidebar() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const name = displayName(user);

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap" px={4}>
        <Avatar color="brand" radius="xl" size={42}>
          {initials(name)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" truncate="end">
            {name}
          </Text>
          <Text c="dimmed" size="xs" truncate="end">
            {user?.email}
          </Text>
        </div>
      </Group>
      <Divider />
      <Stack gap={4} component="nav" aria-label="Sidebar">
        {SIDEBAR_ITEMS.map((item) => (
          <NavLink
            key={item.to}
            component={Link}
            to={item.to}
            label={item.label}
            leftSection={<item.icon size={18} stroke={1.7} />}
            active={isActivePath(pathname, item.to)}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        ))}
      </Stack>
    </Stack>
  );
}
