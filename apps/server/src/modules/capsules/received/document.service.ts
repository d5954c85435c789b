import {
  DOCUMENT_REFUSALS,
  type DocumentStartInput,
  MAX_DOCUMENT_BYTES,
  submitVerdict,
} from '@capsule/domain';
import type { AppDeps } from '../../../deps.js';
import { badInput, conflict, notFound } from '../../../errors.js';
import { addMinutes } from '../../../lib/clock.js';
import { recordTrail } from '../../audit/index.js';
import {
  type BlobDigest,
  type BlobRef,
  detectImageType,
  documentBlob,
  keepWrittenBlob,
  MAGIC_BYTES,
  newUploadId,
  recordKeptBlob,
  userContainerName,
} from '../../storage/index.js';
import {
  type DocumentUploadRow,
  findDocumentUploadByBlob,
  findOpenDocumentUpload,
  insertDocumentUpload,
  lockDocumentUpload,
  replaceOpenDocumentUploads,
  updateDocumentUpload,
} from './document-uploads.repository.js';
import type { DocumentSlot, ReceivedCapsule } from './received.output.js';
import { lockReceived, updateReceivedDocument } from './received.repository.js';
import { findMine, readReceivedCapsule, receivedFacts } from './received.service.js';
import { DOCUMENT_SAS_MINUTES, DOCUMENT_TEXTS, RECEIVED_NOT_FOUND } from './received-rules.js';

// The recipient's document (docs/server-rules.md, 'Received capsules'): a write-only URL for
// one blob the server names in the recipient's own container, then a completion that trusts
// storage, not the client: the blob is sealed, then its real size and first bytes decide.
// Passed: Submitted, waiting for an operator (document-review.service.ts). Refused: the blob is
// deleted and the answer is a 400 with the spec's words.

const refOf = (upload: Pick<DocumentUploadRow, 'blobContainer' | 'blobName'>): BlobRef => ({
  container: upload.blobContainer,
  blob: upload.blobName,
});

function enforceSubmit(row: Parameters<typeof receivedFacts>[0]) {
  const verdict = submitVerdict(receivedFacts(row));
  if (!verdict.ok) throw conflict(verdict.reason);
}

/**
 * An upload URL for one document image of a capsule the caller received and may submit for
 * (Document_Validation or Premium_Verification, not Verified, not waiting for review: 409
 * otherwise). A wrong type or size was refused by the input schema already. An open upload
 * left behind by an earlier try is replaced: only the newest can be completed.
 */
interface DocumentStartRequest {
  capsuleId: string;
  /** What the dialog read of the file (already checked by documentStartInputSchema); the legacy call sends none. */
  file: Omit<DocumentStartInput, 'capsuleId'> | null;
}

export async function startDocumentUpload(
  deps: AppDeps,
  userId: string,
  input: DocumentStartRequest,
): Promise<DocumentSlot> {
  const found = await findMine(deps, userId, input.capsuleId);
  enforceSubmit(found);
  // The one request to storage before the transaction: signing afterwards makes none.
  await deps.storage.ensureContainer(userContainerName(userId));
  const uploadId = newUploadId();
  const ref = documentBlob(userId, found.receivedId, uploadId);
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockReceived(trx, userId, input.capsuleId);
    if (!row) throw notFound(RECEIVED_NOT_FOUND);
    enforceSubmit(row);
    const now = deps.clock.now();
    await replaceOpenDocumentUploads(trx, row.receivedId);
    await insertDocumentUpload(trx, {
      id: uploadId,
      receivedCapsuleId: row.receivedId,
      userId,
      blobContainer: ref.container,
      blobName: ref.blob,
      fileName: input.file?.fileName ?? 'document',
      contentType: (input.file?.contentType ?? null) as DocumentUploadRow['contentType'],
      declaredSize: input.file?.size ?? null,
      createdAt: now,
      sasExpiresAt: addMinutes(now, DOCUMENT_SAS_MINUTES),
    });
  });
  const sas = await deps.storage.uploadSas(ref, { minutes: DOCUMENT_SAS_MINUTES, ensureContainer: false });
  return { sasUrl: sas.url, blobName: ref.blob, expiresAt: sas.expiresOn.toISOString() };
}

type StorageVerdict =
  | { ok: true; imageType: 'png' | 'jpeg' | 'webp'; kept: BlobRef; digest: BlobDigest }
  | { ok: false; reason: string; present: boolean; kept?: BlobRef };

/**
 * What storage holds, as kept: the written blob is copied to a name no SAS was issued for
 * (storage.keepWrittenBlob), so what is checked and hashed here is what the operator later sees,
 * whatever an upload URL still alive does to the blob it names.
 */
async function checkStoredDocument(deps: AppDeps, upload: DocumentUploadRow): Promise<StorageVerdict> {
  const written = await keepWrittenBlob(deps, refOf(upload), upload.id);
  if (written === 'missing') return { ok: false, reason: DOCUMENT_REFUSALS.empty, present: false };
  const { kept } = written;
  const properties = await deps.storage.blobProperties(kept);
  if (!properties.exists) return { ok: false, reason: DOCUMENT_REFUSALS.empty, present: false };
  const refuse = (reason: string): StorageVerdict => ({ ok: false, reason, present: true, kept });
  if (properties.size === 0) return refuse(DOCUMENT_REFUSALS.empty);
  if (properties.size > MAX_DOCUMENT_BYTES) return refuse(DOCUMENT_REFUSALS.tooLarge);
  const imageType = detectImageType(await deps.storage.readFirstBytes(kept, MAGIC_BYTES));
  if (!imageType) return refuse(DOCUMENT_REFUSALS.invalidType);
  // At most 12 MB: read whole for its hash, the fingerprint every later check compares with.
  const digest = await deps.storage.digestBlob(kept);
  if (!digest || digest.size > MAX_DOCUMENT_BYTES) return refuse(DOCUMENT_REFUSALS.tooLarge);
  return { ok: true, imageType, kept, digest };
}

/**
 * The browser has PUT the image: storage decides. A PNG, JPEG or WEBP of at most 12 MB makes
 * the document Submitted. Anything else is deleted and refused (400, the spec's words); the
 * recipient may choose another file and start again. Nothing there yet: 400, the upload stays
 * open (the PUT may still come). `blobName` may be left out by the legacy call: then the
 * capsule's newest open upload.
 */
export async function completeDocumentUpload(
  deps: AppDeps,
  userId: string,
  ref: { capsuleId: string; blobName?: string | undefined },
): Promise<ReceivedCapsule> {
  const found = await findMine(deps, userId, ref.capsuleId);
  const upload = ref.blobName
    ? await findDocumentUploadByBlob(deps.db, userId, found.receivedId, ref.blobName)
    : await findOpenDocumentUpload(deps.db, userId, found.receivedId);
  if (!upload) throw notFound(DOCUMENT_TEXTS.uploadNotFound);
  if (upload.state === 'submitted' || upload.state === 'verified' || upload.state === 'rejected') {
    throw conflict(DOCUMENT_TEXTS.alreadySubmitted);
  }
  if (upload.state !== 'open') throw conflict(DOCUMENT_TEXTS.uploadClosed);
  // Storage is read outside the transaction (no row lock held across the network); the
  // states are checked again under the lock, so of two completions one records anything.
  const verdict = await checkStoredDocument(deps, upload);
  if (!verdict.ok) {
    if (!verdict.present) throw badInput(verdict.reason);
    await deps.storage.deleteBlob(refOf(upload));
    if (verdict.kept) await deps.storage.deleteBlob(verdict.kept);
  }
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockReceived(trx, userId, ref.capsuleId);
    if (!row) throw notFound(RECEIVED_NOT_FOUND);
    const current = await lockDocumentUpload(trx, upload.id);
    if (current?.state !== 'open') throw conflict(DOCUMENT_TEXTS.alreadySubmitted);
    const now = deps.clock.now();
    if (!verdict.ok) {
      await updateDocumentUpload(trx, current.id, { state: 'refused', refusalReason: verdict.reason });
      return;
    }
    enforceSubmit(row);
    await updateDocumentUpload(trx, current.id, {
      state: 'submitted',
      submittedAt: now,
      blobSize: verdict.digest.size,
      imageType: verdict.imageType,
      storedBlobName: verdict.kept.blob,
    });
    await recordKeptBlob(
      trx,
      {
        kind: 'document',
        ref: verdict.kept,
        digest: verdict.digest,
        uploadId: current.id,
        capsuleId: row.id,
      },
      now,
    );
    await recordTrail(trx, {
      capsuleId: row.id,
      at: now,
      event: 'document_submitted',
      actor: 'recipient',
      actorId: userId,
      details: { sha256: verdict.digest.sha256, size: verdict.digest.size, imageType: verdict.imageType },
    });
    await updateReceivedDocument(trx, row.receivedId, {
      documentVerificationStatus: 'Submitted',
      documentBlobName: verdict.kept.blob,
      documentSubmittedAt: now,
      documentUploadId: current.id,
      documentRejectionReason: null,
      documentReviewedAt: null,
      // A new document: an objection to an earlier one is not about it.
      objectionEndsAt: null,
      objectionReason: null,
      objectedAt: null,
    });
  });
  // The refusal is committed (the upload marked, the blob gone) before it is answered.
  if (!verdict.ok) throw badInput(verdict.reason);
  // Accepted: the written blob is a second copy nobody reads. An upload URL still alive could
  // write it again, into the recipient's own container, where nothing reads it either.
  await deps.storage.deleteBlob(refOf(upload));
  return readReceivedCapsule(deps, userId, ref.capsuleId);
}
