import {
  parseRelationshipType,
  RELATIONSHIP_TYPES,
  type RelationshipType,
  topDetailCounts,
} from '@capsule/domain';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Contact } from '../../contacts';
import { detailColor, typeColor } from '../../contacts';
import { NETWORK_TEXTS } from '../network-texts';

interface NetworkSummaryProps {
  contacts: readonly Contact[];
  /** The page's own type comes first. */
  current: RelationshipType;
}

/** The top 3 relationship details of each type (spec section 2, 'Network pages'). */
export function NetworkSummary({ contacts, current }: NetworkSummaryProps) {
  const types = [current, ...RELATIONSHIP_TYPES.filter((type) => type !== current)];
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="network-summary-title">
      <Title order={2} size="h5" id="network-summary-title" mb="sm">
        {NETWORK_TEXTS.summaryTitle}
      </Title>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="md">
        {types.map((type) => {
          const total = contacts.filter((c) => parseRelationshipType(c.relationshipType) === type).length;
          const top = topDetailCounts(contacts, type, 3);
          return (
            <Stack key={type} gap={6} data-testid={`summary-${type}`} style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Badge color={typeColor(type)} variant={type === current ? 'filled' : 'light'} size="sm">
                  {type}
                </Badge>
                <Text size="xs" c="dimmed">
                  {total}
                </Text>
              </Group>
              {top.length === 0 ? (
                <Text size="xs" c="dimmed">
                  {NETWORK_TEXTS.summaryNone}
                </Text>
              ) : (
                <Stack gap={2} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
                  {top.map((row) => (
                    <Group key={row.detail} component="li" gap={6} wrap="nowrap" justify="space-between">
                      <Text size="sm" truncate="end" title={row.detail}>
                        <Text span c={detailColor(type, row.detail)} fw={700} aria-hidden>
                          ●{' '}
                        </Text>
                        {row.detail}
                      </Text>
                      <Text size="sm" fw={600}>
                        {row.count}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              )}
            </Stack>
          );
        })}
      </SimpleGrid>
    </Card>
  );
}
