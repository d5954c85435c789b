import { Card, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ContactCard } from '../ContactCard/ContactCard';
import type { Contact } from '../contact-types';

// One column on a phone, two from 768 px, three from 1200 px (the team's layout conventions for responsive pages).
export const CARD_COLUMNS = { base: 1, sm: 2, lg: 3 } as const;
const SKELETON_CARDS = 6;

interface ContactGridProps {
  contacts: readonly Contact[];
  loading?: boolean;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
  /** What an empty list shows: a title and, optionally, a line and an action. */
  empty: { title: string; description?: string; action?: ReactNode };
}

/** Contact cards in a responsive grid, skeleton cards while loading, an empty state. */
export function ContactGrid({ contacts, loading = false, onEdit, onDelete, empty }: ContactGridProps) {
  if (loading) {
    return (
      <SimpleGrid cols={CARD_COLUMNS} spacing="md" aria-busy="true" aria-label="Loading contacts">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <Card key={index} withBorder padding="md" data-testid="contact-skeleton">
            <Stack gap={10}>
              <Skeleton height={18} width="60%" />
              <Skeleton height={12} width="85%" />
              <Skeleton height={12} width="45%" />
              <Skeleton height={20} width="50%" radius="xl" />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  }

  if (contacts.length === 0) return <EmptyState {...empty} />;

  return (
    <SimpleGrid cols={CARD_COLUMNS} spacing="md">
      {contacts.map((contact) => (
        <ContactCard key={contact.id} contact={contact} onEdit={onEdit} onDelete={onDelete} />
      ))}
    </SimpleGrid>
  );
}

export function EmptyState({ title, description, action }: ContactGridProps['empty']) {
  return (
    <Card withBorder padding="xl" radius="md">
      <Stack align="center" gap="sm" py="lg">
        <ThemeIcon size={48} radius="xl" variant="light" color="brand">
          <IconUsers size={26} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600} ta="center">
          {title}
        </Text>
        {description && (
          <Text c="dimmed" size="sm" ta="center" maw={420}>
            {description}
          </Text>
        )}
        {action}
      </Stack>
    </Card>
  );
}
