import type { CapsuleKind, CapsuleStatus, DeliveryCriteria, MediaFacts } from '@capsule/domain';
import type { ColumnType, Generated } from 'kysely';
import type { DefaultedTimestamp, NullableTimestamp, Timestamp } from './columns.js';

// The capsules module's tables (modules/capsules/README.md): the capsules and their counters,
// the video uploads, the received capsules with their documents, and the delivery mails.

/** A nullable bigint: pg reads a string, PGlite a number; read it through Number(). */
type NullableBigint = ColumnType<string | number | null, number | null | undefined, number | null>;

export interface CapsulesTable {
  id: Generated<string>;
  ownerId: string;
  subscriptionId: string | null;
  packageId: string | null;
  kind: CapsuleKind;
  status: ColumnType<CapsuleStatus, CapsuleStatus | undefined, CapsuleStatus>;
  /** What Recover restores; never To_Delete itself (CHECK). */
  statusBeforeDelete: CapsuleStatus | null;
  title: string;
  description: string | null;
  /** One of the categories of the CHECK (migration 0003); string so filters can pass what they were given. */
  category: string | null;
  /** The delivery date is the recipient's Nth birthday, this N (migration 0025); null: a date chosen. */
  birthdayAge: number | null;
  /** A document capsule opens no earlier than this day, 'YYYY-MM-DD' (the combined rule, migration 0026). */
  notBeforeDate: string | null;
  deliveryCriteria: DeliveryCriteria;
  /** '5_minutes'. */
  capsuleLength: string | null;
  /** The contact it was assigned from; null if that contact was deleted since. */
  contactId: string | null;
  recipientUserId: string | null;
  recipientName: string | null;
  /** Required once the capsule leaves Pending_Recipient (CHECK). */
  recipientEmail: string | null;
  /** 'YYYY-MM-DD'. */
  recipientBirthday: string | null;
  recipientAssignedAt: NullableTimestamp;
  message: string | null;
  /** 'YYYY-MM-DD'. */
  deliveryDate: string | null;
  releasable: Generated<boolean>;
  ratingVerification: string | null;
  /** The current (accepted) video's blob, in the owner's container. */
  videoBlobName: string | null;
  /** SHA-256 of that video as reviewed (migration 0018): the fingerprint Capsule Details shows. */
  videoSha256: string | null;
  /** The video's playback rendition (0019), what playback serves; null: played as uploaded. */
  videoRenditionBlobName: string | null;
  videoRenditionSha256: string | null;
  /** How far the rendition of the video under review is, 0 to 100; null when none is being made. */
  videoProcessingPercent: number | null;
  /** Legacy columns: nothing writes them; the API hands out short-lived SAS URLs instead. */
  videoUrl: string | null;
  videoThumbnailUrl: string | null;
  /** The accepted upload whose video this is (migration 0011). */
  videoUploadId: string | null;
  videoThumbnailBlobName: string | null;
  uploadDate: NullableTimestamp;
  lockedAt: NullableTimestamp;
  previewViewedAt: NullableTimestamp;
  retryCount: Generated<number>;
  /** Why the review sent the capsule to Needs_Review. */
  reviewNote: string | null;
  deliveredAt: NullableTimestamp;
  /** When delivery is due, fixed at lock (migration 0012; delivery-rules.ts). */
  dueAt: NullableTimestamp;
  /** When the delivery sweep looks at it next: dueAt, later while the recipient has no account. */
  deliveryCheckAt: NullableTimestamp;
  deleteRequestedAt: NullableTimestamp;
  /** When a lapsed storage plan marked it To_Delete (migration 0014). */
  lapseMarkedAt: NullableTimestamp;
  /** A To_Delete capsule's video removed for good, 30 days after it was marked (migration 0011). */
  purgedAt: NullableTimestamp;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
  /** Creation order among capsules made together (migration 0005); read as a string. */
  seq: ColumnType<string, never, never>;
}

/** Capsules per owner, status and category ('' for none), kept by a trigger (migration 0008). */
interface CapsuleCountersTable {
  ownerId: string;
  status: ColumnType<CapsuleStatus, never, never>;
  category: ColumnType<string, never, never>;
  /** bigint: a string from pg, a number from PGlite; read it through Number(). */
  n: ColumnType<string | number, never, never>;
}

export type VideoUploadState = 'open' | 'completed' | 'cancelled' | 'expired' | 'rejected' | 'accepted';

type VideoUploadClient = 'blocks' | 'legacy';

export interface VideoUploadsTable {
  /** Server-made (it names the blob): always given on insert. */
  id: string;
  capsuleId: string;
  ownerId: string;
  client: VideoUploadClient;
  state: ColumnType<VideoUploadState, VideoUploadState | undefined, VideoUploadState>;
  /** What a revert (cancel, expiry, refused completion) restores. */
  capsuleStatusBefore: CapsuleStatus;
  blobContainer: string;
  blobName: string;
  /** The server-side copy made at completion, under a name no SAS was issued for (0018). */
  storedBlobName: string | null;
  thumbnailBlobName: string | null;
  fileName: string;
  fileSize: NullableBigint;
  contentType: string | null;
  declaredDurationSeconds: number | null;
  notifyEnabled: boolean;
  notifyTiming: 'on_lock' | 'custom';
  /** 'YYYY-MM-DDTHH:mm' (or with seconds): the wall clock chosen in notifyTimezone. */
  notifyCustomDate: string | null;
  notifyTimezone: string | null;
  notifyAt: NullableTimestamp;
  notifyMessage: string | null;
  blobSize: NullableBigint;
  videoContainer: string | null;
  probedDurationSeconds: number | null;
  reason: string | null;
  createdAt: DefaultedTimestamp;
  sasExpiresAt: Timestamp;
  expiresAt: Timestamp;
  completedAt: NullableTimestamp;
  finishedAt: NullableTimestamp;
  reviewMailSentAt: NullableTimestamp;
  blobDiscardedAt: NullableTimestamp;
  blobDeletedAt: NullableTimestamp;
  /** The blob the browser wrote, deleted once its kept copy exists and its SAS expired (0018). */
  writtenBlobDeletedAt: NullableTimestamp;
  /** The playback rendition the review made (0019); null until then, or when it refused the video. */
  renditionBlobName: string | null;
  /** What the uploaded original and the rendition are (0019). */
  masterFacts: ColumnType<MediaFacts | null, string | null, string | null>;
  renditionFacts: ColumnType<MediaFacts | null, string | null, string | null>;
  /** ffmpeg could not make a rendition of this accepted video (0020): it plays as uploaded. */
  renditionRefusedAt: NullableTimestamp;
  /** When the rendition sweep last sent a job for this video (0021): the sweep's turn order. */
  renditionAskedAt: NullableTimestamp;
}

type DocumentVerificationStatus = 'Submitted' | 'Verified' | 'Rejected';

interface ReceivedCapsulesTable {
  id: Generated<string>;
  userId: string;
  capsuleId: string;
  viewedAt: NullableTimestamp;
  /** The recipient's first play (migration 0012). */
  playedAt: NullableTimestamp;
  receivedAt: DefaultedTimestamp;
  documentVerificationStatus: DocumentVerificationStatus | null;
  documentBlobName: string | null;
  documentSubmittedAt: NullableTimestamp;
  /** The document upload the status above is about (migration 0013). */
  documentUploadId: string | null;
  /** Why the operator rejected the document (Rejected). */
  documentRejectionReason: string | null;
  /** When the operator set Verified or Rejected. */
  documentReviewedAt: NullableTimestamp;
  /** A verified document's capsule opens then, unless the sender objects first (migration 0023). */
  objectionEndsAt: NullableTimestamp;
  /** The sender's last objection to a verdict, for the operator who looks again. */
  objectionReason: string | null;
  objectedAt: NullableTimestamp;
}

type DocumentUploadState = 'open' | 'submitted' | 'refused' | 'verified' | 'rejected' | 'replaced';

type DocumentImageType = 'png' | 'jpeg' | 'webp';

export interface DocumentUploadsTable {
  /** Server-made (it names the blob): always given on insert. */
  id: string;
  receivedCapsuleId: string;
  /** The recipient, whose container holds the blob. */
  userId: string;
  state: ColumnType<DocumentUploadState, DocumentUploadState | undefined, DocumentUploadState>;
  blobContainer: string;
  blobName: string;
  /** The server-side copy made at completion, under a name no SAS was issued for (0018). */
  storedBlobName: string | null;
  fileName: string;
  /** What the client declared; the legacy call declares nothing. */
  contentType: 'image/png' | 'image/jpeg' | 'image/webp' | null;
  declaredSize: NullableBigint;
  blobSize: NullableBigint;
  imageType: DocumentImageType | null;
  refusalReason: string | null;
  rejectionReason: string | null;
  createdAt: DefaultedTimestamp;
  sasExpiresAt: Timestamp;
  submittedAt: NullableTimestamp;
  reviewedAt: NullableTimestamp;
  outcomeMailedAt: NullableTimestamp;
}

/** delivery: written at delivery; opening: the day a dated capsule opens (decision 022). */
type DeliveryMailKind = 'delivery' | 'opening';

/**
 * pending: to send at next_attempt_at; sent; failed: the last try failed; skipped: Notify
 * Recipient was off; waiting: an opening mail whose capsule has no date yet (no time to send).
 */
export type DeliveryMailStatus = 'pending' | 'sent' | 'failed' | 'skipped' | 'waiting';

interface DeliveryMailsTable {
  id: Generated<string>;
  capsuleId: string;
  kind: Generated<DeliveryMailKind>;
  receivedCapsuleId: string;
  recipientUserId: string;
  status: DeliveryMailStatus;
  attempts: Generated<number>;
  /** When the mail sweep may take it next; null once sent, failed or skipped, and while waiting. */
  nextAttemptAt: NullableTimestamp;
  lastError: string | null;
  sentAt: NullableTimestamp;
  /** The app's clock at delivery (retries and the last try count from it). */
  createdAt: Timestamp;
}

export interface CapsulesTables {
  capsules: CapsulesTable;
  capsuleCounters: CapsuleCountersTable;
  videoUploads: VideoUploadsTable;
  receivedCapsules: ReceivedCapsulesTable;
  documentUploads: DocumentUploadsTable;
  deliveryMails: DeliveryMailsTable;
}
