import { AFFILIATE_TEXTS, initials } from '@capsule/domain';
import { Avatar, Box, Group, Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings, IconShare } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ROUTES } from '../../../app/routes';
import { useAuth } from '../../auth';
import { displayName } from '../display-name';
import { UserIdentity } from '../UserIdentity/UserIdentity';

/** Loaded with the signed-in chunk: a signed-out visitor never needs it. */
export default function UserMenu() {
  const { user, logout } = useAuth();
  const name = displayName(user);

  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Open user menu" data-testid="user-menu-button">
          <Group gap={8} wrap="nowrap">
            <Avatar color="brand" radius="xl" size={36}>
              {initials(name)}
            </Avatar>
            <Box visibleFrom="xs" display="flex">
              <IconChevronDown size={16} stroke={1.8} aria-hidden />
            </Box>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py="xs">
          <UserIdentity avatarSize={40} />
        </Box>
        <Menu.Divider />
        <Menu.Item component={Link} to={ROUTES.settings} leftSection={<IconSettings size={16} />}>
          Account Settings
        </Menu.Item>
        <Menu.Item component={Link} to={ROUTES.affiliate} leftSection={<IconShare size={16} />}>
          {AFFILIATE_TEXTS.menuItem}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
