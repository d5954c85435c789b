import { CAPSULE_TEXTS, deliveryCriteriaLabel, formatDate } from '@capsule/domain';
import { Anchor, Badge, Button, Group, Modal, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconInfoCircle, IconPlayerPlay } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { CapsuleRecord } from '../../../lib/CapsuleRecord';
import { serverErrorMessage } from '../../../lib/server-error';
import { toast } from '../../../lib/toast';
import { useNow } from '../../../lib/use-now';
import { useReceivedCapsule, useReceivedTrail } from '../received-api';
import { needsDocument, type ReceivedCapsule, receivedTitle } from '../received-display';
import { ReceivedVideo } from './ReceivedVideo';

export const RECEIVED_DETAILS_TEXTS = {
  sentToYou: 'Sent To You',
  from: 'From',
  theirMessage: 'Their Message',
  messageFallback: 'Their Capsule is their message to you.',
  capsuleInformation: 'Capsule Information',
  details: 'Details',
  video: 'Video',
  close: 'Close',
} as const;
const T = RECEIVED_DETAILS_TEXTS;

/** Document status as the recipient reads it. */
const DOCUMENT_STATUS_TEXTS: Record<string, string> = {
  Submitted: 'Submitted, waiting for review',
  Verified: 'Verified',
  Rejected: 'Not accepted',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4} mb={4}>
        {title}
      </Text>
      {children}
    </section>
  );
}

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

export type ReceivedDetailsTab = 'details' | 'video';

interface ReceivedDetailsDialogProps {
  capsule: ReceivedCapsule;
  initialTab: ReceivedDetailsTab;
  onClose: () => void;
  onSubmitDocuments: () => void;
}

/**
 * Received Capsule Details (spec section 2): the title, the capsule-type and 'Sent To You'
 * badges, a Details tab ('From' with a pulse until the server answers, 'Their Message' and
 * its fallback, 'Capsule Information') and a Video tab. It opens on the list's copy and asks
 * the server for the capsule, which records the first opening.
 */
export function ReceivedDetailsDialog({
  capsule: fromList,
  initialTab,
  onClose,
  onSubmitDocuments,
}: ReceivedDetailsDialogProps) {
  const now = useNow();
  const fresh = useReceivedCapsule(fromList.id);
  const record = useReceivedTrail(fromList.id);
  const capsule = fresh.data ?? fromList;
  const [tab, setTab] = useState<ReceivedDetailsTab>(initialTab);

  // Once per failure text: a refetch failing the same way does not toast again.
  const failure = fresh.isError
    ? serverErrorMessage(fresh.error, CAPSULE_TEXTS.fetchCapsuleFailedBody)
    : null;
  useEffect(() => {
    if (failure)
      toast({ title: CAPSULE_TEXTS.fetchCapsuleFailedTitle, description: failure, variant: 'destructive' });
  }, [failure]);

  const senderLoading = fresh.isPending;

  return (
    <Modal opened onClose={onClose} title={capsule.title} centered size="lg">
      <Stack gap="md">
        <Group gap={6} data-testid="details-badges">
          {capsule.category && (
            <Badge variant="outline" radius="sm">
              {capsule.category}
            </Badge>
          )}
          <Badge color="teal" variant="light" radius="sm">
            {T.sentToYou}
          </Badge>
        </Group>

        <Tabs value={tab} onChange={(value) => setTab(value === 'video' ? 'video' : 'details')}>
          <Tabs.List>
            <Tabs.Tab value="details" leftSection={<IconInfoCircle size={16} />}>
              {T.details}
            </Tabs.Tab>
            <Tabs.Tab value="video" leftSection={<IconPlayerPlay size={16} />}>
              {T.video}
            </Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="details" pt="md">
            <Stack gap="lg">
              <Section title={T.from}>
                {senderLoading ? (
                  <Stack gap={6} data-testid="sender-pulse" aria-busy aria-label="Loading the sender">
                    <Skeleton h={14} w="45%" radius="sm" />
                    <Skeleton h={12} w="60%" radius="sm" />
                  </Stack>
                ) : (
                  <div data-testid="sender">
                    <Text size="sm" fw={600}>
                      {capsule.sender.name}
                    </Text>
                    <Anchor
                      href={`mailto:${capsule.sender.email}`}
                      size="sm"
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {capsule.sender.email}
                    </Anchor>
                  </div>
                )}
              </Section>

              <Section title={T.theirMessage}>
                {capsule.message ? (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {capsule.message}
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed" fs="italic">
                    {T.messageFallback}
                  </Text>
                )}
              </Section>

              <Section title={T.capsuleInformation}>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={6}>
                  <Info label="Created">{formatDate(capsule.createdAt)}</Info>
                  <Info label="Received">{formatDate(capsule.receivedAt)}</Info>
                  <Info label="Type">{receivedTitle(capsule)}</Info>
                  <Info label="Delivery date">{formatDate(capsule.deliveryDate)}</Info>
                  <Info label="Condition">{deliveryCriteriaLabel(capsule.criteria)}</Info>
                  {needsDocument(capsule.criteria) && (
                    <Info label="Document">
                      {capsule.documentStatus
                        ? DOCUMENT_STATUS_TEXTS[capsule.documentStatus]
                        : 'Not submitted yet'}
                    </Info>
                  )}
                </SimpleGrid>
              </Section>

              <CapsuleRecord lines={record.data} />
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="video" pt="md">
            <ReceivedVideo
              capsule={capsule}
              now={now}
              active={tab === 'video'}
              autoStart={initialTab === 'video'}
              onSubmitDocuments={onSubmitDocuments}
            />
          </Tabs.Panel>
        </Tabs>

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {T.close}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
