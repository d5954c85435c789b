import type { ColumnType } from 'kysely';
import type { DefaultedTimestamp, NullableTimestamp, Timestamp } from './columns.js';

// Migration 0013: document verification (and the received_capsules columns it adds, in commerce.ts).

export type DocumentUploadState = 'open' | 'submitted' | 'refused' | 'verified' | 'rejected' | 'replaced';
export type DocumentImageType = 'png' | 'jpeg' | 'webp';

/** A nullable bigint: pg reads a string, PGlite a number; read it through Number(). */
type NullableBigint = ColumnType<string | number | null, number | null | undefined, number | null>;

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
