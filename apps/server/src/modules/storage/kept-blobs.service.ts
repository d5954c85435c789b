import type { StoredBlobKind } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { type BlobRef, keptBlob } from './blob-names.js';
import type { BlobDigest } from './blob-storage.js';
import { findStoredBlob, upsertStoredBlob } from './stored-blobs.repository.js';

// Reviewed bytes kept where no SAS ever reached (docs/decisions/027-reviewed-bytes-fixity-backups.md).
// A browser writes an upload through a SAS for one blob name; a SAS with write permission may
// also lease that blob, so it can break the server's seal and write again as long as it lives.
// At completion the server seals what was written (so the copy is of one settled version), and
// has storage copy it to the kept name beside it. Every check, the review, the hash and every
// URL handed out from then on are of the kept copy, which no client ever held a SAS for.

/**
 * Seals the blob the browser wrote and copies it to its kept name. 'missing' when nothing is
 * committed there yet (the browser may still be sending).
 */
export async function keepWrittenBlob(
  deps: Pick<AppDeps, 'storage'>,
  written: BlobRef,
  leaseId: string,
): Promise<{ kept: BlobRef } | 'missing'> {
  if ((await deps.storage.sealBlob(written, leaseId)) === 'missing') return 'missing';
  const kept = keptBlob(written);
  if ((await deps.storage.copyBlob(written, kept)) === 'missing') return 'missing';
  return { kept };
}

/** Records the kept blob's hash, in the caller's transaction (the one that accepts it). */
export function recordKeptBlob(
  db: AppDeps['db'],
  blob: {
    kind: StoredBlobKind;
    ref: BlobRef;
    digest: BlobDigest;
    uploadId: string;
    capsuleId: string | null;
  },
  at: Date,
): Promise<void> {
  return upsertStoredBlob(db, {
    kind: blob.kind,
    ref: blob.ref,
    sha256: blob.digest.sha256,
    size: blob.digest.size,
    uploadId: blob.uploadId,
    capsuleId: blob.capsuleId,
    at,
  });
}

/**
 * Whether a blob may be served: 'intact' only when its hash is recorded and no fixity check has
 * found it missing or changed since. 'unrecorded' (never reviewed and hashed) and 'damaged' are
 * both refused by the caller, each with its own words.
 */
export async function keptBlobState(
  db: AppDeps['db'],
  ref: BlobRef,
): Promise<{ state: 'intact'; sha256: string } | { state: 'unrecorded' } | { state: 'damaged' }> {
  const row = await findStoredBlob(db, ref);
  if (!row) return { state: 'unrecorded' };
  if (row.failedAt) return { state: 'damaged' };
  return { state: 'intact', sha256: row.sha256 };
}
