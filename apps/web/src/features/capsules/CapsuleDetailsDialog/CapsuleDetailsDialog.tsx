import {
  CAPSULE_TEXTS,
  formatDate,
  mediaFactsLine,
  normaliseStatus,
  parseCapsuleLength,
  statusColor,
  statusLabel,
} from '@capsule/domain';
import { Alert, Badge, Button, Group, Image, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { CapsuleRecord } from '../../../lib/CapsuleRecord';
import { serverErrorMessage } from '../../../lib/server-error';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { type Capsule, formatFingerprint, kindBadgeColor, kindLabel } from '../capsule-display';
import { ObjectionPanel } from '../ObjectionPanel/ObjectionPanel';
import { ReleaseCondition } from '../ReleaseCondition/ReleaseCondition';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

const Fallback = ({ children }: { children: ReactNode }) => (
  <Text span size="sm" c="dimmed" fs="italic">
    {children}
  </Text>
);

type Delivery = NonNullable<Capsule['delivery']>;

/** 'Delivered on …, opened on …, played on …': what the recipient has done so far. */
function deliveryLine(d: Delivery): string {
  return [
    `Delivered on ${formatDate(d.deliveredAt)}`,
    d.openedAt ? `opened on ${formatDate(d.openedAt)}` : null,
    d.playedAt ? `played on ${formatDate(d.playedAt)}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** What became of the recipient's e-mail (the server retries it for about 14 days). */
function emailNote(d: Delivery): { text: string; failed: boolean } | null {
  switch (d.emailStatus) {
    case 'sent':
      return { text: `Recipient e-mailed on ${formatDate(d.emailedAt)}`, failed: false };
    case 'pending':
      return { text: 'The e-mail to the recipient is not sent yet; we keep trying.', failed: false };
    case 'failed':
      return { text: 'The e-mail to the recipient could not be sent.', failed: true };
    case 'skipped':
      return { text: 'No e-mail: Notify Recipient was off.', failed: false };
    default:
      return null;
  }
}

interface CapsuleDetailsDialogProps {
  capsule: Capsule;
  onClose: () => void;
}

/**
 * Capsule Details, sender side (spec section 2): the recipient, the message and the video
 * status, with the spec's fallbacks, and the rest of what the capsule holds. It opens on the
 * list's copy and refreshes it from the server.
 */
export function CapsuleDetailsDialog({ capsule: fromList, onClose }: CapsuleDetailsDialogProps) {
  const trpc = useTRPC();
  const fresh = useQuery(trpc.capsules.byId.queryOptions({ id: fromList.id }));
  // The record is secondary: a failure to load it shows nothing rather than a second toast.
  const record = useQuery({ ...trpc.capsules.trail.queryOptions({ id: fromList.id }), retry: false });
  const capsule = fresh.data ?? fromList;

  // Once per failure: a text, so a refetch failing the same way does not toast again.
  const failure = fresh.isError
    ? serverErrorMessage(fresh.error, CAPSULE_TEXTS.fetchCapsuleFailedBody)
    : null;
  useEffect(() => {
    if (failure) {
      toast({ title: CAPSULE_TEXTS.fetchCapsuleFailedTitle, description: failure, variant: 'destructive' });
    }
  }, [failure]);

  const length = parseCapsuleLength(capsule.capsuleLength);
  const status = normaliseStatus(capsule.status);
  // The server says whether a reviewed video is kept; older answers lack the field.
  const hasVideo = capsule.hasVideo ?? Boolean(capsule.uploadDate || capsule.videoUrl);
  const videoText =
    status === 'Reviewing' || status === 'Upload_In_Progress'
      ? `Uploaded ${formatDate(capsule.uploadDate)}, being ${status === 'Reviewing' ? 'reviewed' : 'uploaded'}`
      : hasVideo
        ? `Uploaded ${formatDate(capsule.uploadDate)}`
        : null;

  const mailNote = capsule.delivery ? emailNote(capsule.delivery) : null;

  return (
    <Modal opened onClose={onClose} title="Capsule Details" centered size="lg">
      <Stack gap="md">
        <div>
          <Text fw={700} size="lg">
            {capsule.title}
          </Text>
          <Group gap={6} mt={4}>
            <Badge color={kindBadgeColor(capsule.kind)} variant="outline" radius="sm">
              {kindLabel(capsule.kind)}
            </Badge>
            <Badge color={statusColor(capsule.status)} variant="light" radius="sm">
              {statusLabel(capsule.status, { senderList: true })}
            </Badge>
            {capsule.locked && (
              <Badge color="gray" variant="light" radius="sm">
                Locked
              </Badge>
            )}
          </Group>
        </div>

        <ObjectionPanel capsule={capsule} />

        {status === 'Needs_Review' && capsule.reviewReason && (
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={18} />}
            title="The review did not accept the video"
          >
            <Text size="sm">{capsule.reviewReason}</Text>
          </Alert>
        )}

        {capsule.videoThumbnailUrl && (
          <Image
            src={capsule.videoThumbnailUrl}
            alt={`A still from the video of ${capsule.title}`}
            radius="md"
            h={180}
            fit="cover"
            data-testid="details-thumbnail"
          />
        )}

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <Detail label="Recipient">
            {capsule.recipientName ? (
              <>
                {capsule.recipientName}
                {capsule.recipientEmail && (
                  <Text size="xs" c="dimmed">
                    {capsule.recipientEmail}
                  </Text>
                )}
              </>
            ) : (
              <Fallback>{CAPSULE_TEXTS.noRecipientYet}</Fallback>
            )}
          </Detail>
          <Detail label="Video">{videoText ?? <Fallback>{CAPSULE_TEXTS.noVideoYet}</Fallback>}</Detail>
          <Detail label="Status">{statusLabel(capsule.status, { senderList: true })}</Detail>
          <Detail label="Delivery date">{formatDate(capsule.deliveryDate)}</Detail>
          <Detail label="Opens">
            <ReleaseCondition capsule={capsule} />
          </Detail>
          <Detail label="Capsule length">{length?.label ?? 'Not set'}</Detail>
          <Detail label="Category">{capsule.category ?? 'Not set'}</Detail>
          <Detail label="Purchased">{formatDate(capsule.createdAt)}</Detail>
        </SimpleGrid>

        {capsule.videoFingerprint && (
          <Detail label="Video fingerprint">
            <Text
              size="sm"
              ff="monospace"
              title={`SHA-256 ${capsule.videoFingerprint}`}
              data-testid="details-fingerprint"
            >
              {formatFingerprint(capsule.videoFingerprint)}
            </Text>
            <Text size="xs" c="dimmed">
              {CAPSULE_TEXTS.fingerprintNote}
            </Text>
          </Detail>
        )}

        {capsule.videoFacts?.original && (
          <Detail label={CAPSULE_TEXTS.originalLabel}>
            <Text size="sm" data-testid="details-original">
              {mediaFactsLine(capsule.videoFacts.original)}
            </Text>
            <Text size="xs" c="dimmed">
              {CAPSULE_TEXTS.originalNote}
            </Text>
          </Detail>
        )}
        {capsule.videoFacts?.playback && (
          <Detail label={CAPSULE_TEXTS.playbackLabel}>
            <Text size="sm" data-testid="details-playback">
              {mediaFactsLine(capsule.videoFacts.playback)}
            </Text>
            <Text size="xs" c="dimmed">
              {CAPSULE_TEXTS.playbackNote}
            </Text>
          </Detail>
        )}

        {capsule.delivery && (
          <Detail label="Delivery">
            <Text size="sm" data-testid="details-delivery">
              {deliveryLine(capsule.delivery)}
            </Text>
            {mailNote && (
              <Text size="xs" c={mailNote.failed ? 'red' : 'dimmed'}>
                {mailNote.text}
              </Text>
            )}
          </Detail>
        )}

        <Detail label="Message">
          {capsule.message ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {capsule.message}
            </Text>
          ) : (
            <Fallback>{CAPSULE_TEXTS.noMessage}</Fallback>
          )}
        </Detail>

        <CapsuleRecord lines={record.data} />

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
