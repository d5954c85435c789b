import {
  CAPSULE_TEXTS,
  capsuleActions,
  cardProgress,
  countdownColor,
  daysUntil,
  deliveryDateAllowed,
  needsDeliveryDate,
  normaliseDeliveryCriteria,
  parseCapsuleLength,
  releaseConditionText,
  statusColor,
  statusLabel,
} from '@capsule/domain';
import { Badge, Card, Progress } from '@mantine/core';
import { IconClock, IconHourglass, IconLock, IconMailOpened, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type CapsuleDialogKind, dialogForCardClick } from '../CapsuleDialogs/dialog-state';
import { type Capsule, deliveryStateText, kindBadgeColor, kindLabel } from '../capsule-display';
import { ReleaseConditionIcon } from '../ReleaseCondition/ReleaseCondition';
import classes from './CapsuleCard.module.css';
import { CapsuleOptionsMenu } from './CapsuleOptionsMenu';

// Made once: toLocaleString('en-US') builds a new formatter on every call, which cost the
// dashboard's first render tens of milliseconds for twelve cards.
const DAYS = new Intl.NumberFormat('en-US');

/** The countdown badge's words; its colour comes from countdownColor (green far, red near). */
export function countdownLabel(daysLeft: number | null): string {
  if (daysLeft === null) return 'No delivery date';
  if (daysLeft < 0) return 'Delivery date passed';
  if (daysLeft === 0) return 'Delivery today';
  return daysLeft === 1 ? '1 day left' : `${DAYS.format(daysLeft)} days left`;
}

/**
 * The badge of a capsule that opens by something other than a date counts nothing down: it
 * names the condition instead ('No delivery date' would read as a fault).
 */
function conditionBadge(criteria: string): string | null {
  switch (normaliseDeliveryCriteria(criteria)) {
    case 'View_Any_Time':
      return 'Opens any time';
    case 'Document_Validation':
    case 'Premium_Verification':
      return 'Opens on verification';
    default:
      return null;
  }
}

// The card is drawn with plain elements and CSS-module classes rather than Mantine's layout
// and text components: a page of twelve cards made about 400 of them, and rendering those
// was most of the dashboard's first render on a slow machine. Mantine stays for
// what has behaviour or a themed look of its own: the card frame, badges, progress, the menu.
function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <span className={classes.factIcon} aria-hidden>
        {icon}
      </span>
      <p className={classes.factText}>
        <span className={classes.dimmed}>{label}: </span>
        {children}
      </p>
    </div>
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

/** While the review prepares the video: what it is doing, and how far the copy is. */
function VideoPreparing({ percent }: { percent: number | null }) {
  const text = percent === null ? CAPSULE_TEXTS.checkingVideo : CAPSULE_TEXTS.preparingVideo(percent);
  return (
    <div data-testid="video-preparing">
      <p className={`${classes.tiny} ${classes.dimmed}`} aria-live="polite">
        {text}
      </p>
      <Progress value={percent ?? 0} size="xs" radius="xl" animated aria-label={text} />
    </div>
  );
}

/** One capsule on My Capsules (spec section 2): what it is, who it is for, and when. */
export function CapsuleCard({ capsule, now, onOpen }: CapsuleCardProps) {
  const actions = capsuleActions(capsule, now);
  const progress = cardProgress(capsule.createdAt, capsule.deliveryDate, now);
  const daysLeft = daysUntil(capsule.deliveryDate, now);
  const length = parseCapsuleLength(capsule.capsuleLength);
  const clickOpens = dialogForCardClick(capsule.status);
  const delivered = deliveryStateText(capsule, now);
  const condition = deliveryDateAllowed(capsule.deliveryCriteria)
    ? null
    : conditionBadge(capsule.deliveryCriteria);

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
      <div className={classes.body}>
        <div className={classes.top}>
          <div className={classes.badges}>
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
          </div>
          <CapsuleOptionsMenu actions={actions} onSelect={onOpen} />
        </div>

        <div>
          <button
            type="button"
            className={classes.open}
            onClick={() => onOpen(clickOpens)}
            aria-haspopup="dialog"
            title={CLICK_TITLES[clickOpens] ?? CLICK_TITLES.details}
          >
            <span className={classes.title}>{capsule.title}</span>
          </button>
          {capsule.category && <p className={`${classes.small} ${classes.dimmed}`}>{capsule.category}</p>}
        </div>

        <div className={classes.facts}>
          <Fact icon={<IconUser size={16} />} label="Recipient">
            {capsule.recipientName ?? <span className={classes.missing}>{CAPSULE_TEXTS.noRecipientYet}</span>}
          </Fact>
          <div className={classes.fact} data-testid="release-condition">
            <span className={classes.factIcon} aria-hidden>
              <ReleaseConditionIcon capsule={capsule} />
            </span>
            <p className={`${classes.factText} ${needsDeliveryDate(capsule) ? classes.missing : ''}`}>
              {releaseConditionText(capsule, now)}
            </p>
          </div>
          {delivered && (
            <Fact icon={<IconMailOpened size={16} />} label="Delivery">
              <span data-testid="delivery-state">{delivered}</span>
            </Fact>
          )}
          {length && (
            <Fact icon={<IconClock size={16} />} label="Length">
              {length.label}
            </Fact>
          )}
        </div>

        {capsule.status === 'Reviewing' && <VideoPreparing percent={capsule.processingPercent ?? null} />}

        <div className={classes.bottom}>
          {/* Only a date gives a progress to show. A Milestone Date capsule without one is told
              what it needs (it cannot be locked or open without it) once it has a recipient, as
              the date is set after that; the others open by the condition named above, and
              their badge names it too. */}
          {progress === null ? (
            needsDeliveryDate(capsule) &&
            capsule.recipientName &&
            !capsule.deliveredAt && (
              <p className={`${classes.tiny} ${classes.missing}`}>
                Set its delivery date: it cannot be locked or open without one.
              </p>
            )
          ) : (
            <div>
              <div className={classes.progressLabel}>
                <span className={classes.dimmed}>Progress to delivery</span>
                <strong>{progress}%</strong>
              </div>
              <Progress
                value={progress}
                size="sm"
                radius="xl"
                color={countdownColor(daysLeft)}
                aria-label={`Progress to delivery: ${progress}%`}
              />
            </div>
          )}
          <div>
            <Badge
              color={condition ? 'brand' : countdownColor(daysLeft)}
              variant="light"
              leftSection={<IconHourglass size={12} />}
              data-testid="countdown-badge"
            >
              {condition ?? countdownLabel(daysLeft)}
            </Badge>
          </div>
        </div>
      </div>
    </Card>
  );
}
