import { initials } from '@capsule/domain';
import { Avatar, Group, Text } from '@mantine/core';
import { useAuth } from '../../auth';
import { displayName } from '../display-name';

/** The signed-in user's avatar initials, name and e-mail (sidebar and user menu). */
export function UserIdentity({ avatarSize = 42, px }: { avatarSize?: number; px?: number | string }) {
  const { user } = useAuth();
  const name = displayName(user);
  return (
    <Group gap="sm" wrap="nowrap" px={px}>
      <Avatar color="brand" radius="xl" size={avatarSize}>
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
  );
}
