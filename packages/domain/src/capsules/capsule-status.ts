import { z } from 'zod';

// Enums of spec section 3 and the status display rules of section 4.
export const CAPSULE_STATUSES = [
  'Pending_Recipient',
  'Pending_Upload',
  'Upload_In_Progress',
  'Reviewing',
  'Needs_Review',
  'Processed',
  'Sent',
  'To_Delete',
] as const;
export type CapsuleStatus = (typeof CAPSULE_STATUSES)[number];

export const CAPSULE_KINDS = ['legacy', 'journey'] as const;
export type CapsuleKind = (typeof CAPSULE_KINDS)[number];

export const DELIVERY_CRITERIA = [
  'Milestone_Date',
  'View_Any_Time',
  'Document_Validation',
  'Premium_Verification',
] as const;
export type DeliveryCriteria = (typeof DELIVERY_CRITERIA)[number];

/** The categories offered by Set Capsule Info (stored as x_studio_capsule_type). */
export const CAPSULE_CATEGORIES = [
  'Graduation',
  'Wedding',
  'Family',
  'First Born',
  'Retirement',
  'Wake',
] as const;

/** The list type filter: a different set from the categories, as the spec has it. */
export const CAPSULE_TYPE_FILTERS = ['Graduation', 'Wedding', 'First Born', 'Wake', 'Honeymoon'] as const;
export type CapsuleTypeFilter = (typeof CAPSULE_TYPE_FILTERS)[number];

const keyOf = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

function matchCanonical<T extends string>(values: readonly T[], value: string | null | undefined): T | null {
  if (!value) return null;
  const wanted = keyOf(value);
  return values.find((v) => v.toLowerCase() === wanted) ?? null;
}

/**
 * The canonical status for a stored or sent value. Lower-case variants occur in the data
 * ('sent', 'pending_upload'; spec section 3), so case, spaces and hyphens are ignored.
 */
export function normaliseStatus(value: string | null | undefined): CapsuleStatus | null {
  return matchCanonical(CAPSULE_STATUSES, value);
}

const CAPSULE_STATUS_TEXTS = { unknown: 'Unknown capsule status' } as const;

/** A status from the wire, in any of its spellings, parsed to the canonical value. */
export const capsuleStatusSchema = z.string().transform((value, ctx) => {
  const status = normaliseStatus(value);
  if (status) return status;
  ctx.addIssue({ code: 'custom', message: CAPSULE_STATUS_TEXTS.unknown });
  return z.NEVER;
});

export function normaliseKind(value: string | null | undefined): CapsuleKind | null {
  return matchCanonical(CAPSULE_KINDS, value);
}

/**
 * The canonical criteria. Stored values vary (spec section 3: 'Milestone_Date, or values
 * containing document or view'), so after an exact match the value is read by its keyword.
 */
export function normaliseDeliveryCriteria(value: string | null | undefined): DeliveryCriteria | null {
  const exact = matchCanonical(DELIVERY_CRITERIA, value);
  if (exact || !value) return exact;
  const key = keyOf(value);
  if (key.includes('milestone')) return 'Milestone_Date';
  if (key.includes('premium')) return 'Premium_Verification';
  if (key.includes('document')) return 'Document_Validation';
  if (key.includes('view')) return 'View_Any_Time';
  return null;
}

/** 'Milestone_Date' -> 'Milestone Date' (the received card's 'Condition: ...'). */
export function deliveryCriteriaLabel(value: string | null | undefined): string {
  const criteria = normaliseDeliveryCriteria(value);
  return (criteria ?? value ?? '').replace(/_/g, ' ');
}

/**
 * Display label of a status (spec section 4). `senderList` is the sender's My Capsules list,
 * where To_Delete reads 'To Be Deleted'. An unknown value shows with underscores as spaces.
 */
export function statusLabel(
  status: string | null | undefined,
  options: { senderList?: boolean } = {},
): string {
  const canonical = normaliseStatus(status);
  switch (canonical) {
    case 'Sent':
      return 'Stored';
    case 'Needs_Review':
      return 'Under Review';
    case 'To_Delete':
      return options.senderList ? 'To Be Deleted' : 'Marked For Deletion';
    default:
      return (canonical ?? status ?? '').replace(/_/g, ' ');
  }
}

/** Mantine colour names. The spec's 'amber' has no Mantine colour: 'yellow' is the nearest. */
type StatusColor = 'orange' | 'yellow' | 'indigo' | 'green' | 'red' | 'gray';

const STATUS_COLORS: Partial<Record<CapsuleStatus, StatusColor>> = {
  Pending_Recipient: 'orange',
  Pending_Upload: 'yellow',
  Reviewing: 'indigo',
  Sent: 'green',
  To_Delete: 'red',
};

export function statusColor(status: string | null | undefined): StatusColor {
  const canonical = normaliseStatus(status);
  return (canonical && STATUS_COLORS[canonical]) ?? 'gray';
}

/**
 * Kind colours (spec: legacy primary, journey accent, others neutral), as roles: the web
 * client maps 'primary' and 'accent' to its theme's colours (features/capsules/capsule-display.ts).
 */
export type KindColor = 'primary' | 'accent' | 'gray';

export function kindColor(kind: string | null | undefined): KindColor {
  const canonical = normaliseKind(kind);
  if (canonical === 'legacy') return 'primary';
  return canonical === 'journey' ? 'accent' : 'gray';
}
