import { formatDate, parseRelationshipType } from '@capsule/domain';
import { ActionIcon, Badge, Card, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCake, IconMail, IconPhone, IconTrash } from '@tabler/icons-react';
import type { Contact } from '../contact-types';
import { typeColor } from '../relationship-colors';
import classes from './ContactCard.module.css';

interface ContactCardProps {
  contact: Contact;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
}

/**
 * One contact (spec section 2, 'My Contacts page'): the whole card opens Edit Contact, the
 * trash icon opens Delete Contact. The icon sits beside the card's button, not inside it,
 * so neither control hides the other from a keyboard or a screen reader.
 */
export function ContactCard({ contact, onEdit, onDelete }: ContactCardProps) {
  const type = parseRelationshipType(contact.relationshipType);

  return (
    <Card withBorder padding={0} radius="md" className={classes.card} data-testid="contact-card">
      <UnstyledButton
        className={classes.main}
        onClick={() => onEdit(contact)}
        aria-label={`Edit ${contact.fullName}`}
      >
        <Stack gap={6}>
          <Text fw={600} size="md" lineClamp={1} pr={36} title={contact.fullName}>
            {contact.fullName}
          </Text>
          <Group gap={6} wrap="nowrap" c="dimmed">
            <IconMail size={15} stroke={1.6} style={{ flexShrink: 0 }} aria-hidden />
            <Text size="sm" truncate="end" title={contact.email}>
              {contact.email}
            </Text>
          </Group>
          {contact.phone && (
            <Group gap={6} wrap="nowrap" c="dimmed">
              <IconPhone size={15} stroke={1.6} style={{ flexShrink: 0 }} aria-hidden />
              <Text size="sm" truncate="end">
                {contact.phone}
              </Text>
            </Group>
          )}
          {contact.birthday && (
            <Group gap={6} wrap="nowrap" c="dimmed">
              <IconCake size={15} stroke={1.6} style={{ flexShrink: 0 }} aria-hidden />
              <Text size="sm">Birthday: {formatDate(contact.birthday)}</Text>
            </Group>
          )}
          {(type || contact.relationshipDetails) && (
            <Group gap={6} mt={4}>
              {type && (
                <Badge color={typeColor(type)} variant="light" size="sm">
                  {type}
                </Badge>
              )}
              {contact.relationshipDetails && (
                <Badge color={typeColor(type)} variant="outline" size="sm" tt="none">
                  {contact.relationshipDetails}
                </Badge>
              )}
            </Group>
          )}
        </Stack>
      </UnstyledButton>
      <Tooltip label="Delete contact" withArrow openDelay={400}>
        <ActionIcon
          className={classes.delete}
          variant="subtle"
          color="red"
          aria-label={`Delete ${contact.fullName}`}
          onClick={() => onDelete(contact)}
        >
          <IconTrash size={18} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
    </Card>
  );
}
