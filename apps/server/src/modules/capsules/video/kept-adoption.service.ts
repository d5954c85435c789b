import type { AppDeps } from '../../../deps.js';
import { type BlobRef, keepWrittenBlob, recordKeptBlob, userContainerName } from '../../storage/index.js';
import { withLockedCapsuleById } from '../capsule-transaction.js';
import { listUnkeptVideos, updateCapsule } from '../capsules.repository.js';
import { listUnkeptDocuments, updateDocumentUpload } from '../received/document-uploads.repository.js';
import { lockReceivedByCapsule, setReceivedDocumentBlob } from '../received/received.repository.js';
import { updateUpload } from './video-uploads.repository.js';

// Videos and documents stored before kept copies and hashes existed (migration 0018) are served
// only once they have both (docs/decisions/027-reviewed-bytes-fixity-backups.md). Each fixity
// sweep first gives them what a completion and a review give today: a server-side copy under a
// name no SAS was issued for, and the SHA-256 of that copy. What the written blob holds now is
// what is kept: bytes changed through a live SAS before this ran cannot be told apart any more.

/** Capsules and documents adopted per sweep: the copies are storage's work, the hashes ours. */
const ADOPT_PER_SWEEP = 50;

/** The kept copy of a blob a client wrote (made now unless the blob already is one). */
async function keptOf(deps: AppDeps, current: BlobRef, leaseId: string): Promise<BlobRef | undefined> {
  const written = await keepWrittenBlob(deps, current, leaseId);
  return written === 'missing' ? undefined : written.kept;
}

/**
 * One sweep's share of the adoption: answers how many blobs got their hash recorded. A blob that
 * cannot be kept (gone, or storage refusing) is reported to `onProblem` and tried again next sweep.
 */
export async function recordUnrecordedKeptBlobs(
  deps: AppDeps,
  onProblem: (what: object, message: string) => void = () => undefined,
): Promise<number> {
  let recorded = 0;
  const attempt = async (what: object, adopt: () => Promise<void>) => {
    try {
      await adopt();
    } catch (error) {
      onProblem({ ...what, err: error }, 'fixity: a stored blob without a recorded hash could not be kept');
    }
  };
  for (const row of await listUnkeptVideos(deps.db, ADOPT_PER_SWEEP))
    await attempt({ capsuleId: row.id }, async () => {
      const current = { container: userContainerName(row.ownerId), blob: row.videoBlobName as string };
      const kept = await keptOf(deps, current, row.videoUploadId ?? row.id);
      const digest = kept && (await deps.storage.digestBlob(kept));
      if (!kept || !digest) {
        onProblem(
          { capsuleId: row.id, blob: current.blob },
          'fixity: a stored video is missing from storage',
        );
        return;
      }
      await withLockedCapsuleById(deps, row.id, async (capsule, trx, now) => {
        if (capsule.videoBlobName !== current.blob) return; // replaced or deleted meanwhile
        await recordKeptBlob(
          trx,
          { kind: 'video', ref: kept, digest, uploadId: row.videoUploadId ?? row.id, capsuleId: row.id },
          now,
        );
        if (row.videoUploadId) await updateUpload(trx, row.videoUploadId, { storedBlobName: kept.blob });
        await updateCapsule(trx, row.id, { videoBlobName: kept.blob, videoSha256: digest.sha256 });
        recorded++;
      });
    });
  for (const row of await listUnkeptDocuments(deps.db, ADOPT_PER_SWEEP))
    await attempt({ capsuleId: row.capsuleId }, async () => {
      const current = { container: row.blobContainer, blob: row.documentBlobName as string };
      const kept = await keptOf(deps, current, row.uploadId);
      const digest = kept && (await deps.storage.digestBlob(kept));
      if (!kept || !digest) {
        onProblem(
          { capsuleId: row.capsuleId, blob: current.blob },
          'fixity: a stored document is missing from storage',
        );
        return;
      }
      await deps.db.transaction().execute(async (trx) => {
        const received = await lockReceivedByCapsule(trx, row.capsuleId);
        if (received?.documentBlobName !== current.blob) return;
        await recordKeptBlob(
          trx,
          { kind: 'document', ref: kept, digest, uploadId: row.uploadId, capsuleId: row.capsuleId },
          deps.clock.now(),
        );
        await updateDocumentUpload(trx, row.uploadId, { storedBlobName: kept.blob });
        await setReceivedDocumentBlob(trx, received.receivedId, kept.blob);
        recorded++;
      });
    });
  return recorded;
}
