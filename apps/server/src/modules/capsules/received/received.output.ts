import { CAPSULE_STATUSES, DELIVERY_CRITERIA, DOCUMENT_STATUSES } from '@capsule/domain';
import { z } from 'zod';

// What the receivedCapsules procedures answer, checked on the way out (.output()): the web
// client and the REST mapper (received.mapper.ts) rely on this shape (the contract in README.md).

const isoInstant = z.iso.datetime({ offset: true });

export const receivedCapsuleOutputSchema = z.object({
  /** The capsule's id (what every received call takes). */
  id: z.uuid(),
  title: z.string(),
  status: z.enum(CAPSULE_STATUSES),
  /** The category (x_studio_capsule_type). */
  category: z.string().nullable(),
  criteria: z.enum(DELIVERY_CRITERIA),
  recipientName: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  message: z.string().nullable(),
  deliveryDate: z.iso.date().nullable(),
  documentStatus: z.enum(DOCUMENT_STATUSES).nullable(),
  documentRejectionReason: z.string().nullable(),
  /** When the document now under review or decided was submitted. */
  documentSubmittedAt: isoInstant.nullable(),
  hasVideo: z.boolean(),
  uploadDate: isoInstant.nullable(),
  createdAt: isoInstant,
  receivedAt: isoInstant,
  /** The recipient's first opening of the details. */
  openedAt: isoInstant.nullable(),
  /** The video's first play. */
  playedAt: isoInstant.nullable(),
  sender: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  /** A short read SAS of the thumbnail (10-minute windows); null without one. */
  thumbnailUrl: z.string().nullable(),
  /** The release rule now (View Capsule). */
  canView: z.boolean(),
  /** Why the capsule cannot be watched now (the secure URL's 403 text); null when it can. */
  lockedReason: z.string().nullable(),
  /**
   * The instant it opens: Milestone_Date, its delivery date (UTC); a verified document inside the
   * sender's objection window, the window's end; otherwise null.
   */
  opensAt: isoInstant.nullable(),
  canSubmitDocuments: z.boolean(),
});
export type ReceivedCapsule = z.infer<typeof receivedCapsuleOutputSchema>;

const receivedCountsOutputSchema = z.object({
  total: z.number().int(),
  viewAnyTime: z.number().int(),
  milestoneDate: z.number().int(),
  documentValidation: z.number().int(),
});

export const receivedPageOutputSchema = z.object({
  items: z.array(receivedCapsuleOutputSchema),
  /** Items matching the filter, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Over every capsule the user received, unfiltered (the stat cards). */
  counts: receivedCountsOutputSchema,
});
export type ReceivedPage = z.infer<typeof receivedPageOutputSchema>;

export const secureUrlOutputSchema = z.object({ url: z.string(), expiresAt: isoInstant });
export const playedOutputSchema = z.object({ playedAt: isoInstant });
export const documentSlotOutputSchema = z.object({
  sasUrl: z.string(),
  blobName: z.string(),
  expiresAt: isoInstant,
});
export type DocumentSlot = z.infer<typeof documentSlotOutputSchema>;
