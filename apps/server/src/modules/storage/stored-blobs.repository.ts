import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { FixityFailure, StoredBlobKind } from '../../db/schema.js';
import type { BlobRef } from './blob-names.js';

// The stored_blobs table (migration 0018): every blob the service keeps and serves, with the
// SHA-256 of its bytes as reviewed. This file only reads and writes; the rules are in
// kept-blobs.service.ts and fixity.service.ts.

const COLUMNS = [
  'id',
  'kind',
  'container',
  'blobName',
  'sha256',
  'size',
  'uploadId',
  'capsuleId',
  'recordedAt',
  'checkedAt',
  'failedAt',
  'failure',
  'failureMailedAt',
] as const;

interface NewStoredBlob {
  kind: StoredBlobKind;
  ref: BlobRef;
  sha256: string;
  size: number;
  uploadId: string;
  capsuleId: string | null;
  at: Date;
}

/**
 * Records (or, for the same name, records again: a job run twice) the blob's hash. The bytes
 * were just read, so this is also its first fixity check.
 */
export async function upsertStoredBlob(db: Db, row: NewStoredBlob): Promise<void> {
  // A fresh record is a fresh check: any earlier failure of that name is gone with it.
  const recorded = {
    sha256: row.sha256,
    size: row.size,
    uploadId: row.uploadId,
    capsuleId: row.capsuleId,
    recordedAt: row.at,
    checkedAt: row.at,
  };
  await db
    .insertInto('storedBlobs')
    .values({ kind: row.kind, container: row.ref.container, blobName: row.ref.blob, ...recorded })
    .onConflict((oc) =>
      oc
        .columns(['container', 'blobName'])
        .doUpdateSet({ ...recorded, failedAt: null, failure: null, failureMailedAt: null }),
    )
    .execute();
}

export function findStoredBlob(db: Db, ref: BlobRef) {
  return db
    .selectFrom('storedBlobs')
    .select(COLUMNS)
    .where('container', '=', ref.container)
    .where('blobName', '=', ref.blob)
    .executeTakeFirst();
}

/** The blob is being deleted on purpose: no sweep should look for it any more. */
export async function forgetStoredBlob(db: Db, ref: BlobRef): Promise<void> {
  await db
    .deleteFrom('storedBlobs')
    .where('container', '=', ref.container)
    .where('blobName', '=', ref.blob)
    .execute();
}

export async function countStoredBlobs(db: Db): Promise<number> {
  const row = await db
    .selectFrom('storedBlobs')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The sweep's next blobs: every failed one (a restored blob clears its failure on the next
 * look), then the `limit` checked longest ago, if checked before `checkedBefore`.
 */
export async function listDueStoredBlobs(db: Db, limit: number, checkedBefore: Date) {
  const failed = await db
    .selectFrom('storedBlobs')
    .select(COLUMNS)
    .where('failedAt', 'is not', null)
    .orderBy('failedAt')
    .limit(1000)
    .execute();
  const due = await db
    .selectFrom('storedBlobs')
    .select(COLUMNS)
    .where('failedAt', 'is', null)
    .where('checkedAt', '<', checkedBefore)
    .orderBy('checkedAt')
    .orderBy('id')
    .limit(limit)
    .execute();
  return [...failed, ...due];
}

/** A check found the bytes as recorded: a failure, if any, is cleared (the blob was restored). */
export async function markStoredBlobIntact(db: Db, id: string, at: Date): Promise<void> {
  await db
    .updateTable('storedBlobs')
    .set({ checkedAt: at, failedAt: null, failure: null, failureMailedAt: null })
    .where('id', '=', id)
    .execute();
}

/**
 * Records a failure. True when it is new (the row was not failed yet): the caller then logs and
 * tells the operators once. False when the row is gone (deleted on purpose meanwhile) or was
 * failed already.
 */
export async function markStoredBlobFailed(
  db: Db,
  id: string,
  failure: FixityFailure,
  at: Date,
): Promise<boolean> {
  const updated = await db
    .updateTable('storedBlobs')
    .set({ checkedAt: at, failedAt: sql<Date>`coalesce(failed_at, ${at}::timestamptz)`, failure })
    .where('id', '=', id)
    .returning(sql<boolean>`failure_mailed_at is null and failed_at = ${at}::timestamptz`.as('isNew'))
    .executeTakeFirst();
  return updated?.isNew === true;
}

export async function markFailureMailed(db: Db, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('storedBlobs').set({ failureMailedAt: at }).where('id', 'in', ids).execute();
}

export function listFixityFailures(db: Db) {
  return db
    .selectFrom('storedBlobs')
    .select(COLUMNS)
    .where('failedAt', 'is not', null)
    .orderBy('failedAt')
    .execute();
}

/**
 * A subquery for other modules' sweeps: (capsule id, blob name) of each blob of this kind whose
 * hash is recorded and that no fixity check has failed since, i.e. that keptBlobState calls
 * intact. Kept here so the question is asked of this table in one place.
 */
export function intactBlobsQuery(db: Db, kind: StoredBlobKind) {
  return db
    .selectFrom('storedBlobs')
    .select(['storedBlobs.capsuleId', 'storedBlobs.blobName'])
    .where('storedBlobs.kind', '=', kind)
    .where('storedBlobs.failedAt', 'is', null);
}

/** A subquery: the ids of capsules with a blob of this kind a fixity check found missing or changed. */
export function failedBlobCapsulesQuery(db: Db, kind: StoredBlobKind) {
  return db
    .selectFrom('storedBlobs')
    .select('storedBlobs.capsuleId')
    .where('storedBlobs.kind', '=', kind)
    .where('storedBlobs.failedAt', 'is not', null);
}

export type StoredBlobRow = NonNullable<Awaited<ReturnType<typeof findStoredBlob>>>;
