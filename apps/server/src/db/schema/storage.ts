import type { ColumnType } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns.js';

// The storage module's table (modules/storage/README.md): the blobs the service keeps, with
// their hashes and fixity state.

/** 'video': an uploaded original (the master); 'rendition': its playback copy. */
export type StoredBlobKind = 'video' | 'rendition' | 'document';

export type FixityFailure = 'missing' | 'mismatch';

/** A NOT NULL bigint: pg reads a string, PGlite a number; read it through Number(). */
type Bigint = ColumnType<string | number, number, number>;

interface StoredBlobsTable {
  id: ColumnType<string, string | undefined, never>;
  kind: StoredBlobKind;
  container: string;
  blobName: string;
  /** Lowercase hex SHA-256 of the bytes as reviewed. */
  sha256: string;
  size: Bigint;
  uploadId: string;
  capsuleId: string | null;
  recordedAt: Timestamp;
  checkedAt: Timestamp;
  failedAt: NullableTimestamp;
  failure: FixityFailure | null;
  failureMailedAt: NullableTimestamp;
}

export interface StorageTables {
  storedBlobs: StoredBlobsTable;
}
