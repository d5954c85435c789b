import {
  CAPSULE_TEXTS,
  capsuleActions,
  cardProgress,
  countdownColor,
  daysUntil,
  deliveryCriteriaLabel,
  deliveryDateAllowed,
  formatDate,
  parseCapsuleLength,
  statusColor,
  statusLabel,
} from '@capsule/domain';
import { Badge, Card, Group, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCalendarEvent, IconClock, IconHourglass, IconLock, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type CapsuleDialogKind, dialogForCardClick } from '../CapsuleDialogs/dialog-state';
import { type Capsule, kindBadgeColor, kindLabel } from '../capsule-display';
import classes from './CapsuleCard.module.css';
import { CapsuleOptionsMenu } from './CapsuleOptionsMenu';

/** The countdown badge's words; its colour comes from countdownColor (green far, red near). */
export function countdownLabel(daysLeft: number | null): string {
  if (daysLeft === null) return 'No delivery date';
  if (daysLeft < 0) return 'Delivery date passed';
  if (daysLeft === 0) return 'Delivery today';
  return daysLeft === 1 ? '1 day left' : `${daysLeft.toLocaleString('en-US')} days left`;
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <Text c="dimmed" component="span" lh={1} mt={2} aria-hidden>
        {icon}
      </Text>
      <Text size="sm" lh={1.4} style={{ minWidth: 0 }}>
        <Text span c="dimmed" size="sm">
          {label}:{' '}
        </Text>
        {children}
      </Text>
    </Group>
  );
}

/** The card title's tooltip: what a click on the card opens. */
const CLICK_TITLES: Partial<Record<CapsuleDialogKind, string>> = {
  assignRecipient: 'Assign a recipient',
  upload: 'Upload a video',
  details: 'Show the capsule details',
};

interface CapsuleCardProps {
  capsule: Capsule;
  now: Date;
  onOpen: (dialog: CapsuleDialogKind) => void;
}

/** One capsule on My Capsules (spec section 2): what it is, who it is for, and when. */
export function CapsuleCard({ capsule, now, onOpen }: CapsuleCardProps) {
  const actions = capsuleActions(capsule, now);
  const progress = cardProgress(capsule.createdAt, capsule.deliveryDate, now);
  const daysLeft = daysUntil(capsule.deliveryDate, now);
  const length = parseCapsuleLength(capsule.capsuleLength);
  const clickOpens = dialogForCardClick(capsule.status);

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      className={classes.card}
      component="article"
      aria-label={capsule.title}
      data-testid="capsule-card"
    >
      {capsule.videoThumbnailUrl && (
        <Card.Section mb="sm">
          {/* Decorative: the title names the capsule. A short-lived read URL from the server. */}
          <img
            src={capsule.videoThumbnailUrl}
            alt=""
            loading="lazy"
            className={classes.thumbnail}
            data-testid="capsule-thumbnail"
          />
        </Card.Section>
      )}
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap={6}>
            <Badge color={kindBadgeColor(capsule.kind)} variant="outline" radius="sm">
              {kindLabel(capsule.kind)}
            </Badge>
            <Badge color={statusColor(capsule.status)} variant="light" radius="sm" data-testid="status-badge">
              {statusLabel(capsule.status, { senderList: true })}
            </Badge>
            {capsule.locked && (
              <Badge color="gray" variant="light" radius="sm" leftSection={<IconLock size={12} />}>
                Locked
              </Badge>
            )}
          </Group>
          <CapsuleOptionsMenu actions={actions} onSelect={onOpen} />
        </Group>

        <div>
          <UnstyledButton
            className={classes.open}
            onClick={() => onOpen(clickOpens)}
            aria-haspopup="dialog"
            title={CLICK_TITLES[clickOpens] ?? CLICK_TITLES.details}
          >
            <Text fw={700} size="lg" lh={1.3}>
              {capsule.title}
            </Text>
          </UnstyledButton>
          {capsule.category && (
            <Text size="sm" c="dimmed">
              {capsule.category}
            </Text>
          )}
        </div>

        <Stack gap={6}>
          <Fact icon={<IconUser size={16} />} label="Recipient">
            {capsule.recipientName ?? (
              <Text span size="sm" c="dimmed" fs="italic">
                {CAPSULE_TEXTS.noRecipientYet}
              </Text>
            )}
          </Fact>
          <Fact icon={<IconCalendarEvent size={16} />} label="Delivery">
            {deliveryDateAllowed(capsule.deliveryCriteria) || capsule.deliveryDate
              ? formatDate(capsule.deliveryDate)
              : deliveryCriteriaLabel(capsule.deliveryCriteria)}
          </Fact>
          {length && (
            <Fact icon={<IconClock size={16} />} label="Length">
              {length.label}
            </Fact>
          )}
        </Stack>

        <Stack gap={6} mt="auto">
          {/* Without a date there is no progress to show. A Milestone_Date capsule is told how to
              get one; the others are delivered by the condition the Delivery line names, and
              the countdown badge below already says 'No delivery date' (once is enough). */}
          {progress === null ? (
            deliveryDateAllowed(capsule.deliveryCriteria) && (
              <Text size="xs" c="dimmed">
                Set a delivery date to follow the progress.
              </Text>
            )
          ) : (
            <div>
              <Group justify="space-between" mb={4}>
                <Text size="xs" c="dimmed">
                  Progress to delivery
                </Text>
                <Text size="xs" fw={600}>
                  {progress}%
                </Text>
              </Group>
              <Progress
                value={progress}
                size="sm"
                radius="xl"
                color={countdownColor(daysLeft)}
                aria-label={`Progress to delivery: ${progress}%`}
              />
            </div>
          )}
          <Group>
            <Badge
              color={countdownColor(daysLeft)}
              variant="light"
              leftSection={<IconHourglass size={12} />}
              data-testid="countdown-badge"
            >
              {countdownLabel(daysLeft)}
            </Badge>
          </Group>
        </Stack>
      </Stack>
    </Card>
  );
}
