import { z } from 'zod';
import { optionalTextSchema } from '../contacts/optional-text.js';
import {
  CAPSULE_TYPE_FILTERS,
  type CapsuleStatus,
  type CapsuleTypeFilter,
  capsuleStatusSchema,
  normaliseStatus,
  statusLabel,
} from './capsule-status.js';
import { CAPSULE_TEXTS } from './capsule-texts.js';

// The My Capsules list and its stats strip (spec sections 2, 7 and 9).
export const CAPSULE_PAGE_SIZE = 12;
export const CAPSULE_LIST_REFETCH_MS = 60_000;
export const CAPSULE_LIST_STALE_MS = 10_000;

interface FilterOption<T extends string> {
  value: T | '';
  label: string;
}

const SORTABLE: readonly CapsuleStatus[] = [
  'Pending_Recipient',
  'Pending_Upload',
  'Reviewing',
  'Sent',
  'To_Delete',
];

/** The sort-by-status select: All Statuses first; Sent reads 'Processed' here (spec section 4). */
export const STATUS_SORT_OPTIONS: readonly FilterOption<CapsuleStatus>[] = [
  { value: '', label: CAPSULE_TEXTS.allStatuses },
  ...SORTABLE.map((value) => ({
    value,
    label: value === 'Sent' ? 'Processed' : statusLabel(value, { senderList: true }),
  })),
];

export const TYPE_FILTER_OPTIONS: readonly FilterOption<CapsuleTypeFilter>[] = [
  { value: '', label: CAPSULE_TEXTS.allTypes },
  ...CAPSULE_TYPE_FILTERS.map((value) => ({ value, label: value })),
];

/** The five tiles of the dashboard stats strip, keyed by the counts call's fields. */
export const CAPSULE_STATS_TILES = [
  { key: 'total', label: 'Total Capsules' },
  { key: 'needRecipient', label: 'Requires Recipient' },
  { key: 'needUpload', label: 'Pending Upload' },
  { key: 'sent', label: 'Stored' },
  { key: 'received', label: 'Received' },
] as const;
export type CapsuleCountKey = (typeof CAPSULE_STATS_TILES)[number]['key'];

/** The sender's capsules the status tiles do not show, by what is happening to them. */
interface CapsulesOutsideTiles {
  /** Upload_In_Progress and Reviewing: the video is on its way in or being checked. */
  inProgress: number;
  /** Needs_Review ('Under Review'): the review refused the video. */
  needsReview: number;
  /** To_Delete. */
  markedForDeletion: number;
  /** Any other status (Processed). */
  other: number;
}

const capsules = (n: number) => (n === 1 ? '1 capsule' : `${n} capsules`);

/**
 * Total Capsules counts every capsule; Requires Recipient, Pending Upload and Stored show three
 * statuses. The strip says which of the total those three leave out, so the numbers add up
 * ('Total includes 1 capsule being uploaded or reviewed and 2 marked for deletion.'); null
 * when they leave nothing out.
 */
export function capsulesOutsideTilesText(outside: CapsulesOutsideTiles): string | null {
  const parts = [
    outside.inProgress > 0 && `${capsules(outside.inProgress)} being uploaded or reviewed`,
    outside.needsReview > 0 && `${capsules(outside.needsReview)} whose video needs a new upload`,
    outside.markedForDeletion > 0 && `${capsules(outside.markedForDeletion)} marked for deletion`,
    outside.other > 0 && `${capsules(outside.other)} processed`,
  ].filter((part): part is string => typeof part === 'string');
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `Total includes ${list}.`;
}

/**
 * The list's filters, as the address (x_status, type) and the API carry them: a blank
 * status means all, a status in any spelling is normalised, type may repeat or be absent.
 */
// 'default' and 'all' are how a status select says "All Statuses" (spec section 4).
const ALL_STATUSES = new Set(['default', 'all']);
const typeFilterOf = (value: string) =>
  CAPSULE_TYPE_FILTERS.find((type) => type.toLowerCase() === value.trim().toLowerCase()) ?? value;

/**
 * The list's filters, as the address (x_status, type) and the API carry them: a blank status
 * (or 'default', 'all') means all, a status in any spelling is normalised, type may repeat or be
 * absent, in any case; a blank type is no filter.
 */
export const capsuleListQuerySchema = z.object({
  status: optionalTextSchema
    .transform((value) => (value && ALL_STATUSES.has(value.toLowerCase()) ? null : value))
    .pipe(capsuleStatusSchema.nullable()),
  types: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((types) =>
      [types ?? []]
        .flat()
        .filter((type) => type.trim() !== '')
        .map(typeFilterOf),
    )
    .pipe(z.array(z.enum(CAPSULE_TYPE_FILTERS))),
  page: z.coerce.number().int().min(1).default(1),
});
export type CapsuleListQuery = z.output<typeof capsuleListQuerySchema>;

/** The list's orders: newest or oldest purchase first, or the nearest delivery date first. */
export const CAPSULE_SORTS = ['newest', 'oldest', 'delivery'] as const;
export type CapsuleSort = (typeof CAPSULE_SORTS)[number];
export const capsuleSortSchema = z
  .enum(CAPSULE_SORTS, { error: 'sortby must be default, newest, oldest or delivery' })
  .default('newest');

export const CAPSULE_SORTBY_TEXTS = {
  invalid:
    'sortby must be default, a capsule status (Pending_Recipient, Pending_Upload, Reviewing, Sent, To_Delete) or an order (newest, oldest, delivery)',
} as const;

/**
 * The legacy `sortby` of GET /api/capsules. The spec's sort options are statuses (section 4,
 * "Sort options on My Capsules": default = All Statuses, Pending_Recipient, Pending_Upload,
 * Reviewing, Sent, To_Delete), so a status there filters the list to it; 'default' or nothing
 * lists all in the default order. Our own orders keep names no status has.
 */
export const capsuleSortbySchema = optionalTextSchema.transform(
  (value, ctx): { status: CapsuleStatus | null; sort: CapsuleSort } => {
    if (value === null || value.toLowerCase() === 'default') return { status: null, sort: 'newest' };
    const order = CAPSULE_SORTS.find((sort) => sort === value.toLowerCase());
    if (order) return { status: null, sort: order };
    const status = normaliseStatus(value);
    if (status) return { status, sort: 'newest' };
    ctx.addIssue({ code: 'custom', message: CAPSULE_SORTBY_TEXTS.invalid });
    return z.NEVER;
  },
);
