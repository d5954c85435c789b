import { z } from 'zod';
import { optionalTextSchema } from '../contacts/optional-text.js';
import {
  CAPSULE_TYPE_FILTERS,
  type CapsuleStatus,
  type CapsuleTypeFilter,
  capsuleStatusSchema,
  statusLabel,
} from './capsule-status.js';
import { CAPSULE_TEXTS } from './capsule-texts.js';

// The My Capsules list and its stats strip (spec sections 2, 7 and 9).
export const CAPSULE_PAGE_SIZE = 12;
export const CAPSULE_LIST_REFETCH_MS = 60_000;
export const CAPSULE_LIST_STALE_MS = 10_000;

export interface FilterOption<T extends string> {
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

/**
 * The list's filters, as the address (x_status, type) and the API carry them: a blank
 * status means all, a status in any spelling is normalised, type may repeat or be absent.
 */
export const capsuleListQuerySchema = z.object({
  status: optionalTextSchema.pipe(capsuleStatusSchema.nullable()),
  types: z
    .union([z.enum(CAPSULE_TYPE_FILTERS), z.array(z.enum(CAPSULE_TYPE_FILTERS))])
    .optional()
    .transform((types) => (types === undefined ? [] : [types].flat())),
  page: z.coerce.number().int().min(1).default(1),
});
export type CapsuleListQuery = z.output<typeof capsuleListQuerySchema>;

/** The list's orders: newest or oldest purchase first, or the nearest delivery date first. */
export const CAPSULE_SORTS = ['newest', 'oldest', 'delivery'] as const;
export type CapsuleSort = (typeof CAPSULE_SORTS)[number];
export const capsuleSortSchema = z
  .enum(CAPSULE_SORTS, { error: 'sortby must be default, newest, oldest or delivery' })
  .default('newest');
