import { ActionIcon, Badge, Button, Card, CloseButton, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconDots, IconPencil, IconTrash, IconUserPlus } from '@tabler/icons-react';
import type { Contact, ContactGroup } from '../../contacts';
import { GROUP_SCREEN_TEXTS } from '../network-texts';

interface GroupCardProps {
  group: ContactGroup;
  contactsById: ReadonlyMap<string, Contact>;
  onAddMembers: (group: ContactGroup) => void;
  onRename: (group: ContactGroup) => void;
  onDelete: (group: ContactGroup) => void;
  onRemoveMember: (group: ContactGroup, contact: Contact) => void;
}

/** A group: its name, its members (each removable), and its actions. */
export function GroupCard({
  group,
  contactsById,
  onAddMembers,
  onRename,
  onDelete,
  onRemoveMember,
}: GroupCardProps) {
  const members = group.memberIds
    .map((id) => contactsById.get(id))
    .filter((contact): contact is Contact => !!contact)
    .sort((a, b) => a.fullName.localeCompare(b.fullName));

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="group-card"
      component="article"
      aria-label={group.name}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Title order={3} size="h5" lineClamp={2} style={{ wordBreak: 'break-word' }}>
              {group.name}
            </Title>
            <Text size="xs" c="dimmed">
              {GROUP_SCREEN_TEXTS.memberCount(members.length)}
            </Text>
          </div>
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for the group ${group.name}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconUserPlus size={16} />} onClick={() => onAddMembers(group)}>
                {GROUP_SCREEN_TEXTS.addMembers}
              </Menu.Item>
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onRename(group)}>
                {GROUP_SCREEN_TEXTS.rename}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(group)}>
                {GROUP_SCREEN_TEXTS.delete}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        {members.length === 0 ? (
          <Text size="sm" c="dimmed">
            {GROUP_SCREEN_TEXTS.noMembers}
          </Text>
        ) : (
          <Group gap={6} aria-label={`Members of ${group.name}`} role="list">
            {members.map((member) => (
              <Badge
                key={member.id}
                role="listitem"
                size="lg"
                variant="light"
                color="gray"
                tt="none"
                fw={500}
                pr={3}
                maw="100%"
                rightSection={
                  <CloseButton
                    size="xs"
                    radius="xl"
                    aria-label={`Remove ${member.fullName} from ${group.name}`}
                    onClick={() => onRemoveMember(group, member)}
                  />
                }
              >
                {member.fullName}
              </Badge>
            ))}
          </Group>
        )}
        <Group mt="auto">
          <Button
            variant="subtle"
            size="xs"
            px={6}
            leftSection={<IconUserPlus size={14} />}
            onClick={() => onAddMembers(group)}
          >
            {GROUP_SCREEN_TEXTS.addMembers}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
