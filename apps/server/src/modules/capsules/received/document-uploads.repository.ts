import type { DeliveryCriteria } from '@capsule/domain';
import type { Updateable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { DocumentUploadsTable } from '../../../db/schema.js';
import { KEPT_SUFFIX } from '../../storage/index.js';

// document_uploads (migration 0013): one row per document a recipient started to upload.

const DOCUMENT_UPLOAD_COLUMNS = [
  'documentUploads.id',
  'documentUploads.receivedCapsuleId',
  'documentUploads.userId',
  'documentUploads.state',
  'documentUploads.blobContainer',
  'documentUploads.blobName',
  'documentUploads.storedBlobName',
  'documentUploads.fileName',
  'documentUploads.contentType',
  'documentUploads.imageType',
  'documentUploads.rejectionReason',
  'documentUploads.sasExpiresAt',
  'documentUploads.submittedAt',
  'documentUploads.reviewedAt',
  'documentUploads.outcomeMailedAt',
] as const;

export async function insertDocumentUpload(
  db: Db,
  row: {
    id: string;
    receivedCapsuleId: string;
    userId: string;
    blobContainer: string;
    blobName: string;
    fileName: string;
    contentType: DocumentUploadsTable['contentType'];
    declaredSize: number | null;
    createdAt: Date;
    sasExpiresAt: Date;
  },
): Promise<void> {
  await db.insertInto('documentUploads').values(row).execute();
}

/** Open uploads of that received capsule left behind by a newer one; answers how many. */
export async function replaceOpenDocumentUploads(db: Db, receivedCapsuleId: string): Promise<number> {
  const rows = await db
    .updateTable('documentUploads')
    .set({ state: 'replaced' })
    .where('receivedCapsuleId', '=', receivedCapsuleId)
    .where('state', '=', 'open')
    .returning('id')
    .execute();
  return rows.length;
}

/** The recipient's upload of that received capsule named by its blob, whatever its state. */
export function findDocumentUploadByBlob(
  db: Db,
  userId: string,
  receivedCapsuleId: string,
  blobName: string,
) {
  return db
    .selectFrom('documentUploads')
    .select(DOCUMENT_UPLOAD_COLUMNS)
    .where('userId', '=', userId)
    .where('receivedCapsuleId', '=', receivedCapsuleId)
    .where('blobName', '=', blobName)
    .executeTakeFirst();
}

/** The received capsule's newest open upload (the legacy completion may name no blob). */
export function findOpenDocumentUpload(db: Db, userId: string, receivedCapsuleId: string) {
  return db
    .selectFrom('documentUploads')
    .select(DOCUMENT_UPLOAD_COLUMNS)
    .where('userId', '=', userId)
    .where('receivedCapsuleId', '=', receivedCapsuleId)
    .where('state', '=', 'open')
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
}

export function findDocumentUpload(db: Db, id: string) {
  return db
    .selectFrom('documentUploads')
    .select(DOCUMENT_UPLOAD_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Locked for the rest of the transaction (always after the received capsule's row). */
export function lockDocumentUpload(db: Db, id: string) {
  return db
    .selectFrom('documentUploads')
    .select(DOCUMENT_UPLOAD_COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateDocumentUpload(
  db: Db,
  id: string,
  patch: Updateable<DocumentUploadsTable>,
): Promise<void> {
  await db.updateTable('documentUploads').set(patch).where('id', '=', id).execute();
}

/**
 * The operators' queue: documents waiting for a verdict, oldest first (the partial index
 * document_uploads_waiting_idx), with the capsule they are for.
 */
/** Documents waiting for a verdict, optionally of one release condition. */
function waitingDocuments(db: Db, criteria: DeliveryCriteria | undefined) {
  let query = db
    .selectFrom('documentUploads')
    .innerJoin('receivedCapsules', 'receivedCapsules.id', 'documentUploads.receivedCapsuleId')
    .innerJoin('capsules', 'capsules.id', 'receivedCapsules.capsuleId')
    .where('documentUploads.state', '=', 'submitted');
  if (criteria) query = query.where('capsules.deliveryCriteria', '=', criteria);
  return query;
}

/** One page of the waiting documents, oldest submission first. */
export function listWaitingDocuments(
  db: Db,
  page: { offset: number; limit: number },
  criteria?: DeliveryCriteria,
) {
  return waitingDocuments(db, criteria)
    .select([
      'documentUploads.id',
      'documentUploads.userId',
      'documentUploads.blobContainer',
      'documentUploads.blobName',
      'documentUploads.storedBlobName',
      'documentUploads.fileName',
      'documentUploads.imageType',
      'documentUploads.submittedAt',
      'capsules.id as capsuleId',
      'capsules.ownerId as senderId',
      'capsules.title',
      'capsules.deliveryCriteria',
      'capsules.category',
      'receivedCapsules.objectionReason',
      'receivedCapsules.objectedAt',
    ])
    .orderBy('documentUploads.submittedAt')
    .orderBy('documentUploads.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countWaitingDocuments(db: Db, criteria?: DeliveryCriteria): Promise<number> {
  const row = await waitingDocuments(db, criteria)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What the outcome mail needs: the verdict and the capsule it is about. */
export function findDocumentOutcome(db: Db, id: string) {
  return db
    .selectFrom('documentUploads')
    .innerJoin('receivedCapsules', 'receivedCapsules.id', 'documentUploads.receivedCapsuleId')
    .innerJoin('capsules', 'capsules.id', 'receivedCapsules.capsuleId')
    .select([
      'documentUploads.id',
      'documentUploads.userId',
      'documentUploads.state',
      'documentUploads.rejectionReason',
      'documentUploads.reviewedAt',
      'documentUploads.outcomeMailedAt',
      'capsules.id as capsuleId',
      'capsules.title',
      'capsules.ownerId',
      'receivedCapsules.documentUploadId as currentUploadId',
      'receivedCapsules.documentVerificationStatus',
      'receivedCapsules.objectionEndsAt',
      'capsules.notBeforeDate',
    ])
    .where('documentUploads.id', '=', id)
    .executeTakeFirst();
}

/**
 * Records the outcome mail as sent for the verdict given at `reviewedAt` only: if the sender
 * objected or a new verdict came while the mail was on its way, the document stays unmailed and
 * the new verdict's own mail job tells the recipient.
 */
export async function markOutcomeMailed(db: Db, id: string, reviewedAt: Date, at: Date): Promise<void> {
  await db
    .updateTable('documentUploads')
    .set({ outcomeMailedAt: at })
    .where('id', '=', id)
    .where('reviewedAt', '=', reviewedAt)
    .where('outcomeMailedAt', 'is', null)
    .execute();
}

/** Received documents stored before kept copies and hashes existed (the name is not a kept one). */
export function listUnkeptDocuments(db: Db, limit: number) {
  return db
    .selectFrom('receivedCapsules')
    .innerJoin('documentUploads', 'documentUploads.id', 'receivedCapsules.documentUploadId')
    .select([
      'receivedCapsules.capsuleId',
      'receivedCapsules.documentBlobName',
      'documentUploads.id as uploadId',
      'documentUploads.blobContainer',
    ])
    .where('receivedCapsules.documentBlobName', 'is not', null)
    .where('receivedCapsules.documentBlobName', 'not like', `%${KEPT_SUFFIX}`)
    .limit(limit)
    .execute();
}

export type DocumentUploadRow = NonNullable<Awaited<ReturnType<typeof findDocumentUpload>>>;
