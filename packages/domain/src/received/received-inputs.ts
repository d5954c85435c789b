import { z } from 'zod';
import { CAPSULE_CATEGORIES, CAPSULE_TYPE_FILTERS, capsuleStatusSchema } from '../capsules/capsule-status.js';
import { optionalTextSchema } from '../contacts/optional-text.js';
import { DOCUMENT_CONTENT_TYPES, DOCUMENT_REFUSALS, MAX_DOCUMENT_BYTES } from './document-upload.js';

// The Received Capsules calls' inputs: tRPC receivedCapsules.* parses these; the REST
// shims (GET /api/received-capsules, get-document-sas-url, ...) rename the spec's fields onto them.

/** Spec section 9: 12 per page; a caller may ask for up to 48 (four rows of the widest grid). */
export const RECEIVED_PAGE_SIZE = 12;
const RECEIVED_MAX_LIMIT = 48;
/** Spec section 9: the received list is fresh for 30 s and not refetched on window focus. */
export const RECEIVED_LIST_STALE_MS = 30_000;

/**
 * The sort select (spec: 'All Release Conditions (default), Milestone Date, Releasable,
 * Verification Needed'). all: every capsule, newest received first; milestone: Milestone_Date
 * capsules, soonest delivery date first; releasable: those the recipient may watch now, newest
 * first; verification: document capsules whose document is not Verified, newest first.
 */
export const RECEIVED_SORTS = ['all', 'milestone', 'releasable', 'verification'] as const;
export type ReceivedSort = (typeof RECEIVED_SORTS)[number];

export const RECEIVED_SORT_OPTIONS: readonly { value: ReceivedSort; label: string }[] = [
  { value: 'all', label: 'All Release Conditions' },
  { value: 'milestone', label: 'Milestone Date' },
  { value: 'releasable', label: 'Releasable' },
  { value: 'verification', label: 'Verification Needed' },
];

/** The type filter (spec: All Types, Graduation, Wedding, First Born, Wake, Honeymoon). */
export const RECEIVED_TYPE_OPTIONS: readonly { value: string; label: string }[] = [
  { value: '', label: 'All Types' },
  ...CAPSULE_TYPE_FILTERS.map((value) => ({ value, label: value })),
];

export const RECEIVED_INPUT_TEXTS = {
  unknownType: `type must be one of ${[...new Set([...CAPSULE_TYPE_FILTERS, ...CAPSULE_CATEGORIES])].join(', ')}`,
  unknownSort: `sortby must be one of ${RECEIVED_SORT_OPTIONS.map((o) => `'${o.label}'`).join(', ')} (or ${RECEIVED_SORTS.join(', ')})`,
  page: 'page must be a whole number from 1',
  limit: `limit must be a whole number from 1 to ${RECEIVED_MAX_LIMIT}`,
  capsuleIdRequired: 'capsuleId is required',
  idRequired: 'id is required',
  fileNameRequired: 'fileName is required',
  blobNameRequired: 'blobName is required',
} as const;

/** Every value the filter may name: the spec's filter types and the categories a capsule may hold. */
const RECEIVED_TYPES = [...new Set<string>([...CAPSULE_TYPE_FILTERS, ...CAPSULE_CATEGORIES])];
const NO_FILTER = new Set(['all', 'default', 'all types']);

/** A type in any case; blank or 'All Types' is no filter. */
const receivedTypeSchema = optionalTextSchema.transform((value, ctx): string | null => {
  if (value === null || NO_FILTER.has(value.toLowerCase())) return null;
  const type = RECEIVED_TYPES.find((t) => t.toLowerCase() === value.toLowerCase());
  if (type) return type;
  ctx.addIssue({ code: 'custom', message: RECEIVED_INPUT_TEXTS.unknownType });
  return z.NEVER;
});

/** A sort by its slug or its label in any case; blank or 'default' is 'all'. */
const receivedSortSchema = optionalTextSchema.transform((value, ctx): ReceivedSort => {
  if (value === null || value.toLowerCase() === 'default') return 'all';
  const wanted = value.toLowerCase();
  const option = RECEIVED_SORT_OPTIONS.find((o) => o.value === wanted || o.label.toLowerCase() === wanted);
  if (option) return option.value;
  ctx.addIssue({ code: 'custom', message: RECEIVED_INPUT_TEXTS.unknownSort });
  return z.NEVER;
});

/** A capsule status filter (x_status) in any spelling; blank, 'all' or 'default' is none. */
const receivedStatusSchema = optionalTextSchema
  .transform((value) => (value && NO_FILTER.has(value.toLowerCase()) ? null : value))
  .pipe(capsuleStatusSchema.nullable());

const whole = (message: string, min: number, max?: number) => {
  const n = z.coerce.number({ error: message }).int(message).min(min, message);
  return max === undefined ? n : n.max(max, message);
};

/** receivedCapsules.list (and the REST shim's query, renamed). */
export const receivedListInputSchema = z.object({
  type: receivedTypeSchema.optional().transform((v) => v ?? null),
  status: receivedStatusSchema.optional().transform((v) => v ?? null),
  sort: receivedSortSchema.optional().transform((v) => v ?? 'all'),
  page: whole(RECEIVED_INPUT_TEXTS.page, 1).default(1),
  limit: whole(RECEIVED_INPUT_TEXTS.limit, 1, RECEIVED_MAX_LIMIT).default(RECEIVED_PAGE_SIZE),
});
export type ReceivedListQuery = z.output<typeof receivedListInputSchema>;

const idOf = (message: string) => z.string({ error: message }).trim().min(1, message).max(100, message);

/** byId, secureUrl, played: the capsule's id. */
export const receivedRefInputSchema = z.object({ id: idOf(RECEIVED_INPUT_TEXTS.idRequired) });

const isDocumentType = (type: string) => (DOCUMENT_CONTENT_TYPES as readonly string[]).includes(type);

/** receivedCapsules.document.start: the file as the dialog read it; refused up front when wrong. */
export const documentStartInputSchema = z.object({
  capsuleId: idOf(RECEIVED_INPUT_TEXTS.capsuleIdRequired),
  fileName: z
    .string({ error: RECEIVED_INPUT_TEXTS.fileNameRequired })
    .trim()
    .min(1, RECEIVED_INPUT_TEXTS.fileNameRequired)
    .max(255, RECEIVED_INPUT_TEXTS.fileNameRequired),
  contentType: z
    .string({ error: DOCUMENT_REFUSALS.invalidType })
    .trim()
    .toLowerCase()
    .refine(isDocumentType, DOCUMENT_REFUSALS.invalidType),
  size: z
    .number({ error: DOCUMENT_REFUSALS.empty })
    .int(DOCUMENT_REFUSALS.empty)
    .positive(DOCUMENT_REFUSALS.empty)
    .max(MAX_DOCUMENT_BYTES, DOCUMENT_REFUSALS.tooLarge),
});
export type DocumentStartInput = z.output<typeof documentStartInputSchema>;

/** receivedCapsules.document.complete: the blob the server named at start. */
export const documentCompleteInputSchema = z.object({
  capsuleId: idOf(RECEIVED_INPUT_TEXTS.capsuleIdRequired),
  blobName: z
    .string({ error: RECEIVED_INPUT_TEXTS.blobNameRequired })
    .trim()
    .min(1, RECEIVED_INPUT_TEXTS.blobNameRequired)
    .max(1024, RECEIVED_INPUT_TEXTS.blobNameRequired),
});
