import { initials } from '@capsule/domain';
import { Avatar, Divider, Group, Stack, Text } from '@mantine/core';
import { useAuth } from '../../auth/AuthProvider/auth-context';
import { AreaNavLinks } from '../AreaNavLinks/AreaNavLinks';
import { displayName } from '../display-name';

/** Spec section 2, 'Sidebar': the user's name and e-mail, then the signed-in areas. */
export function Sidebar() {
  const { user } = useAuth();
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
        <AreaNavLinks />
      </Stack>
    </Stack>
  );
}
