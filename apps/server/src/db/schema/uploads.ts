import type { CapsuleStatus } from '@capsule/domain';
import type { ColumnType } from 'kysely';
import type { DefaultedTimestamp, NullableTimestamp, Timestamp } from './columns.js';

// Migration 0011: video uploads (and the capsule columns it adds, in commerce.ts).

export type VideoUploadState = 'open' | 'completed' | 'cancelled' | 'expired' | 'rejected' | 'accepted';
export type VideoUploadClient = 'blocks' | 'legacy';

/** A nullable bigint: pg reads a string, PGlite a number; read it through Number(). */
type NullableBigint = ColumnType<string | number | null, number | null | undefined, number | null>;

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
}
