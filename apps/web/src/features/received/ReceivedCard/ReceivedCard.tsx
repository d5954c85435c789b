import { deliveryCriteriaLabel, formatDate } from '@capsule/domain';
import { Badge, Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconCalendarEvent,
  IconFileUpload,
  IconInfoCircle,
  IconLock,
  IconLockOpen,
  IconPlayerPlay,
  IconSend,
  IconUser,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  needsDocument,
  type ReceivedActions,
  type ReceivedCapsule,
  receivedActions,
  receivedTitle,
} from '../received-display';
import { DEFAULT_IMAGES, defaultImageOf } from './default-image';
import classes from './ReceivedCard.module.css';

/** Spec section 9: 'Submit Documents' reads 'Opening...' for 300 ms before the dialog opens. */
export const OPENING_MS = 300;

export const RECEIVED_CARD_TEXTS = {
  viewDetails: 'View Details',
  viewCapsule: 'View Capsule',
  submitDocuments: 'Submit Documents',
  opening: 'Opening...',
} as const;

/** What a card's buttons open: the details (on its Details or Video tab) or the document dialog. */
export type ReceivedDialogKind = 'details' | 'video' | 'documents';

/** The small badge that says at a glance whether the capsule can be watched, and if not, why. */
export function releaseBadge(
  capsule: ReceivedCapsule,
  actions: ReceivedActions,
): { label: string; color: string; open: boolean } {
  if (actions.view) return { label: 'Ready to watch', color: 'teal', open: true };
  if (needsDocument(capsule.criteria)) {
    if (capsule.documentStatus === 'Submitted')
      return { label: 'Document in review', color: 'indigo', open: false };
    if (capsule.documentStatus === 'Rejected')
      return { label: 'Document not accepted', color: 'orange', open: false };
    if (capsule.documentStatus !== 'Verified')
      return { label: 'Document needed', color: 'grape', open: false };
    // Verified, waiting out the sender's objection window.
    if (capsule.opensAt)
      return { label: `Approved, opens ${formatDate(capsule.opensAt)}`, color: 'teal', open: false };
  }
  if (capsule.deliveryDate && !actions.view && !needsDocument(capsule.criteria) && capsule.hasVideo) {
    return { label: `Opens ${formatDate(capsule.deliveryDate)}`, color: 'brand', open: false };
  }
  return { label: 'Not open yet', color: 'gray', open: false };
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <Text c="dimmed" component="span" lh={1} mt={2} aria-hidden>
        {icon}
      </Text>
      <Text size="sm" lh={1.4} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Text span c="dimmed" size="sm">
          {label}:{' '}
        </Text>
        {children}
      </Text>
    </Group>
  );
}

interface ReceivedCardProps {
  capsule: ReceivedCapsule;
  now: Date;
  onOpen: (dialog: ReceivedDialogKind) => void;
}

/**
 * One capsule on Received Capsules (spec section 2): its picture, the capsule type as title,
 * who it is for and from, the delivery date, 'Condition: …', and the buttons the domain's
 * rules allow ('View Details' always).
 */
export function ReceivedCard({ capsule, now, onOpen }: ReceivedCardProps) {
  const actions = receivedActions(capsule, now);
  const badge = releaseBadge(capsule, actions);
  const title = receivedTitle(capsule);
  const defaultPicture = defaultImageOf(capsule.category, capsule.criteria);
  const [opening, setOpening] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const openDocuments = () => {
    if (opening) return;
    setOpening(true);
    timer.current = window.setTimeout(() => {
      setOpening(false);
      onOpen('documents');
    }, OPENING_MS);
  };

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      className={classes.card}
      component="article"
      aria-label={title}
      data-testid="received-card"
    >
      <Card.Section mb="sm">
        {/* Decorative: the title names the capsule. The thumbnail is a short-lived read URL. */}
        {capsule.thumbnailUrl ? (
          <img
            src={capsule.thumbnailUrl}
            alt=""
            loading="lazy"
            className={classes.image}
            data-testid="received-thumbnail"
          />
        ) : (
          <img
            src={DEFAULT_IMAGES[defaultPicture]}
            alt=""
            loading="lazy"
            className={classes.image}
            data-testid="received-default-image"
            data-image={defaultPicture}
          />
        )}
      </Card.Section>

      <Stack gap="sm" h="100%">
        <div>
          <Group gap={6} mb={6}>
            <Badge
              color={badge.color}
              variant="light"
              radius="sm"
              leftSection={badge.open ? <IconLockOpen size={12} /> : <IconLock size={12} />}
              data-testid="release-badge"
            >
              {badge.label}
            </Badge>
          </Group>
          <UnstyledButton
            className={classes.title}
            onClick={() => onOpen('details')}
            aria-haspopup="dialog"
            title="Show the capsule details"
          >
            <Text fw={700} size="lg" lh={1.3}>
              {title}
            </Text>
          </UnstyledButton>
          {title !== capsule.title && (
            <Text size="sm" c="dimmed" lineClamp={1}>
              {capsule.title}
            </Text>
          )}
        </div>

        <Stack gap={6}>
          <Fact icon={<IconUser size={16} />} label="For">
            {capsule.recipientName ?? capsule.recipientEmail ?? 'You'}
          </Fact>
          <Fact icon={<IconSend size={16} />} label="From">
            {capsule.sender.name}
          </Fact>
          <Fact icon={<IconCalendarEvent size={16} />} label="Delivery date">
            {formatDate(capsule.deliveryDate)}
          </Fact>
          <Fact icon={<IconInfoCircle size={16} />} label="Condition">
            {deliveryCriteriaLabel(capsule.criteria)}
          </Fact>
        </Stack>

        {/* One column of buttons: a card is about 260 px wide in the 3- and 4-column grids. */}
        <Stack gap="xs" mt="auto" pt={4}>
          {actions.view && (
            <Button leftSection={<IconPlayerPlay size={16} />} onClick={() => onOpen('video')}>
              {RECEIVED_CARD_TEXTS.viewCapsule}
            </Button>
          )}
          {actions.submitDocuments && (
            <Button
              variant="light"
              leftSection={<IconFileUpload size={16} />}
              onClick={openDocuments}
              data-opening={opening || undefined}
              aria-busy={opening}
            >
              {opening ? RECEIVED_CARD_TEXTS.opening : RECEIVED_CARD_TEXTS.submitDocuments}
            </Button>
          )}
          <Button variant="default" onClick={() => onOpen('details')}>
            {RECEIVED_CARD_TEXTS.viewDetails}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}
