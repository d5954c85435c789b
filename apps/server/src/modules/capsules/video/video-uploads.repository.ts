import type { Db } from '../../../db/database.js';
import type { NewVideoUpload, VideoUploadUpdate } from '../../../db/schema.js';

// The video_uploads table (migration 0011): one row per upload attempt. Which columns change,
// and when, is the upload services' to decide; this file only reads and writes.

const UPLOAD_COLUMNS = [
  'id',
  'capsuleId',
  'ownerId',
  'client',
  'state',
  'capsuleStatusBefore',
  'blobContainer',
  'blobName',
  'storedBlobName',
  'thumbnailBlobName',
  'renditionBlobName',
  'masterFacts',
  'renditionFacts',
  'renditionRefusedAt',
  'fileName',
  'fileSize',
  'contentType',
  'declaredDurationSeconds',
  'notifyEnabled',
  'notifyTiming',
  'notifyCustomDate',
  'notifyTimezone',
  'notifyAt',
  'notifyMessage',
  'blobSize',
  'videoContainer',
  'probedDurationSeconds',
  'reason',
  'createdAt',
  'sasExpiresAt',
  'expiresAt',
  'completedAt',
  'finishedAt',
  'reviewMailSentAt',
  'blobDiscardedAt',
  'blobDeletedAt',
] as const;

export async function insertUpload(db: Db, row: NewVideoUpload): Promise<void> {
  await db.insertInto('videoUploads').values(row).execute();
}

/** Any owner's: for the jobs, which act on ids from their payload. */
export function findUpload(db: Db, id: string) {
  return db.selectFrom('videoUploads').select(UPLOAD_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** What the upload's original and its rendition are (Capsule Details). */
export function findVideoFacts(db: Db, id: string) {
  return db
    .selectFrom('videoUploads')
    .select(['masterFacts', 'renditionFacts'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The owner's upload of that capsule; another user's is simply not found. */
export function findOwnedUpload(db: Db, ownerId: string, capsuleId: string, id: string) {
  return db
    .selectFrom('videoUploads')
    .select(UPLOAD_COLUMNS)
    .where('id', '=', id)
    .where('ownerId', '=', ownerId)
    .where('capsuleId', '=', capsuleId)
    .executeTakeFirst();
}

/** Locked for the rest of the transaction (taken after the capsule's row lock, always in that order). */
export function lockUpload(db: Db, id: string) {
  return db
    .selectFrom('videoUploads')
    .select(UPLOAD_COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The capsule's upload still open or under review: at most one (a partial unique index). */
export function findInFlightUpload(db: Db, capsuleId: string) {
  return db
    .selectFrom('videoUploads')
    .select(UPLOAD_COLUMNS)
    .where('capsuleId', '=', capsuleId)
    .where('state', 'in', ['open', 'completed'])
    .executeTakeFirst();
}

export async function updateUpload(db: Db, id: string, patch: VideoUploadUpdate): Promise<void> {
  await db.updateTable('videoUploads').set(patch).where('id', '=', id).execute();
}

/** The rendition sweep sent a job for these uploads' videos now (its turn order). */
export async function markRenditionsAsked(db: Db, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('videoUploads').set({ renditionAskedAt: at }).where('id', 'in', ids).execute();
}

/**
 * Marks the blobs of the capsule's finished uploads as no longer needed (all of them, or all
 * but `keep`); an upload still open or under review keeps its blob. Answers when the last of
 * their upload SAS URLs expires, or null when none was marked.
 */
export async function discardFinishedUploadBlobs(
  db: Db,
  capsuleId: string,
  at: Date,
  keep?: string,
): Promise<{ marked: number; lastSasExpiry: Date | null }> {
  let query = db
    .updateTable('videoUploads')
    .set({ blobDiscardedAt: at })
    .where('capsuleId', '=', capsuleId)
    .where('blobDiscardedAt', 'is', null)
    .where('state', 'not in', ['open', 'completed']);
  if (keep) query = query.where('id', '<>', keep);
  const rows = await query.returning('sasExpiresAt').execute();
  const last = rows.reduce<Date | null>(
    (latest, r) => (latest && latest > r.sasExpiresAt ? latest : r.sasExpiresAt),
    null,
  );
  return { marked: rows.length, lastSasExpiry: last };
}

/** Uploads of the capsule whose blobs are to be deleted and are not yet known to be gone. */
export function listDiscardedBlobs(db: Db, capsuleId: string) {
  return db
    .selectFrom('videoUploads')
    .select([
      'id',
      'blobContainer',
      'blobName',
      'storedBlobName',
      'renditionBlobName',
      'thumbnailBlobName',
      'sasExpiresAt',
    ])
    .where('capsuleId', '=', capsuleId)
    .where('blobDiscardedAt', 'is not', null)
    .where('blobDeletedAt', 'is', null)
    .execute();
}

/**
 * Finished uploads whose written blob has a kept copy and is still there: once no SAS can write
 * it again (`sasExpiredBefore`), it is not needed.
 */
export function listSupersededWrittenBlobs(db: Db, capsuleId: string, sasExpiredBefore: Date) {
  return db
    .selectFrom('videoUploads')
    .select(['id', 'blobContainer', 'blobName'])
    .where('capsuleId', '=', capsuleId)
    .where('state', '<>', 'open')
    .where('storedBlobName', 'is not', null)
    .where('writtenBlobDeletedAt', 'is', null)
    .where('blobDeletedAt', 'is', null)
    .where('sasExpiresAt', '<=', sasExpiredBefore)
    .execute();
}

export type VideoUploadRow = NonNullable<Awaited<ReturnType<typeof findUpload>>>;
