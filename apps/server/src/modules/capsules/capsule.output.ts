import { CAPSULE_KINDS, CAPSULE_STATUSES, DELIVERY_CRITERIA, mediaFactsSchema } from '@capsule/domain';
import { z } from 'zod';

// What the capsule procedures answer, checked on the way out (.output()): the REST mapper
// (capsules.mapper.ts) and the web client both rely on this shape. Statuses, kinds and
// criteria are the domain's enumerations (the database CHECKs hold the same values).

const isoInstant = z.iso.datetime({ offset: true });
const calendarDate = z.iso.date();

/**
 * What became of a delivered capsule, for its sender: when it was delivered, whether
 * and when the recipient was e-mailed (pending while retrying, skipped when Notify Recipient was
 * off, failed after the last try), and the recipient's first opening and first play.
 */
const deliveryTrackingSchema = z.object({
  deliveredAt: isoInstant,
  emailedAt: isoInstant.nullable(),
  emailStatus: z.enum(['pending', 'sent', 'failed', 'skipped']).nullable(),
  openedAt: isoInstant.nullable(),
  playedAt: isoInstant.nullable(),
  /**
   * The recipient's document was verified and the capsule opens then unless the sender objects
   * before (capsules.object); null when no window is open.
   */
  objectionEndsAt: isoInstant.nullable(),
});

export const capsuleOutputSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(CAPSULE_STATUSES),
  previousStatus: z.enum(CAPSULE_STATUSES).nullable(),
  kind: z.enum(CAPSULE_KINDS),
  category: z.string().nullable(),
  /** The delivery date is the recipient's Nth birthday (ours: the birthday rule); null: a date chosen. */
  birthdayAge: z.number().int().nullable(),
  /** A document capsule opens no earlier than this day (ours: the combined rule). */
  notBeforeDate: z.string().nullable(),
  deliveryCriteria: z.enum(DELIVERY_CRITERIA),
  capsuleLength: z.string().nullable(),
  contactId: z.uuid().nullable(),
  recipientUserId: z.uuid().nullable(),
  recipientName: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  /** The capsule's copy of the recipient's birthday ('YYYY-MM-DD'), which the birthday rule reads. */
  recipientBirthday: z.string().nullable(),
  message: z.string().nullable(),
  deliveryDate: calendarDate.nullable(),
  uploadDate: isoInstant.nullable(),
  locked: z.boolean(),
  previewViewed: z.boolean(),
  retryCount: z.number().int(),
  /**
   * Never a URL to the sender's own video: the one-time preview (capsules.preview) is the only
   * way to play it, or it would not be one-time. Null (docs/decisions/010).
   */
  videoUrl: z.string().nullable(),
  /** A read SAS of the thumbnail, valid at least 10 minutes; null without a stored video. */
  videoThumbnailUrl: z.string().nullable(),
  // Optional in the type only, so clients and fixtures written without them still compile: the
  // server always sends both.
  /** Whether the capsule holds a video that passed review (a re-upload under review keeps it). */
  hasVideo: z.boolean().optional(),
  /** Why the review refused the video, while the capsule is Needs_Review (Capsule Details shows it). */
  reviewReason: z.string().nullable().optional(),
  /**
   * SHA-256 (hex) of the stored video's bytes as the review read them; Capsule Details shows its
   * start as a fingerprint. Null without a reviewed video. Optional in the type only.
   */
  videoFingerprint: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable()
    .optional(),
  /**
   * How far the video under review is prepared for playback, 0 to 100, while the capsule is
   * Reviewing and its rendition is being made; null otherwise. Optional in the type only.
   */
  processingPercent: z.number().int().min(0).max(100).nullable().optional(),
  /**
   * What the stored video is: the original as uploaded (kept unchanged) and the playback copy
   * made from it (null for a video stored before copies were made). Capsule Details only
   * (capsules.byId and GET /api/capsules/:id); absent from lists.
   */
  videoFacts: z
    .object({ original: mediaFactsSchema.nullable(), playback: mediaFactsSchema.nullable() })
    .nullable()
    .optional(),
  createdAt: isoInstant,
  deliveredAt: isoInstant.nullable(),
  /** Null until delivered. Optional in the type only, like hasVideo: the server always sends it. */
  delivery: deliveryTrackingSchema.nullable().optional(),
});
export type Capsule = z.infer<typeof capsuleOutputSchema>;

export const capsulePageOutputSchema = z.object({
  capsules: z.array(capsuleOutputSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});
export type CapsulePage = z.infer<typeof capsulePageOutputSchema>;

/** The dashboard's tiles: the owner's capsules by status, and the capsules they received. */
export const capsuleCountsOutputSchema = z.object({
  total: z.number().int(),
  needRecipient: z.number().int(),
  needUpload: z.number().int(),
  sent: z.number().int(),
  received: z.number().int(),
  /** What the three status tiles leave out of the total (the strip says so). */
  outsideTiles: z.object({
    inProgress: z.number().int(),
    needsReview: z.number().int(),
    markedForDeletion: z.number().int(),
    other: z.number().int(),
  }),
});
export type CapsuleCounts = z.infer<typeof capsuleCountsOutputSchema>;
