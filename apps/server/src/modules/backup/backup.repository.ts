import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { StoredBlobKind } from '../../db/schema.js';

// What a backup reads of a database, taken or restored. The backup module owns no table and
// writes none: like pg_dump it reads the database whole, and it checks the references between
// modules' tables (a capsule's video, a received document, the stored_blobs row with its hash)
// on a restored copy with plain SQL of its own, so a check never rests on the code it checks.
// Row keys come back camelCased by the database's CamelCasePlugin.

/** Whether a table exists (a database never migrated has no kysely_migration). */
async function tableExists(db: Db, table: string): Promise<boolean> {
  const { rows } = await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(
    db,
  );
  return rows[0]?.found != null;
}

/** The newest migration applied (migration names sort by date), or null when none was. */
export async function newestMigration(db: Db): Promise<string | null> {
  if (!(await tableExists(db, 'public.kysely_migration'))) return null;
  const { rows } = await sql<{ name: string }>`
    select name from kysely_migration order by name desc limit 1`.execute(db);
  return rows[0]?.name ?? null;
}

/** Tables outside PostgreSQL's own schemas: 0 for an empty database. */
export async function countUserTables(db: Db): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`
    select count(*) as n from pg_catalog.pg_tables
    where schemaname not in ('pg_catalog', 'information_schema')`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export interface RowCounts {
  users: number;
  capsules: number;
  receivedCapsules: number;
  storedBlobs: number;
}

export async function countRows(db: Db): Promise<RowCounts> {
  const { rows } = await sql<Record<keyof RowCounts, string | number>>`
    select
      (select count(*) from users) as users,
      (select count(*) from capsules) as capsules,
      (select count(*) from received_capsules) as received_capsules,
      (select count(*) from stored_blobs) as stored_blobs`.execute(db);
  const row = rows[0];
  return {
    users: Number(row?.users ?? 0),
    capsules: Number(row?.capsules ?? 0),
    receivedCapsules: Number(row?.receivedCapsules ?? 0),
    storedBlobs: Number(row?.storedBlobs ?? 0),
  };
}

export interface InventoryRow {
  kind: StoredBlobKind;
  container: string;
  blobName: string;
  sha256: string;
  size: number;
  capsuleId: string | null;
  uploadId: string;
}

/** Every stored_blobs row, in a stable order: the inventory a backup writes and verify reads. */
export async function listInventory(db: Db): Promise<InventoryRow[]> {
  const { rows } = await sql<Omit<InventoryRow, 'size'> & { size: string | number }>`
    select kind, container, blob_name, sha256, size, capsule_id::text as capsule_id,
           upload_id::text as upload_id
    from stored_blobs
    order by container, blob_name`.execute(db);
  return rows.map((r) => ({ ...r, size: Number(r.size) }));
}

interface BlobReference {
  what: StoredBlobKind;
  capsuleId: string;
  container: string;
  blobName: string;
  /** Whether stored_blobs has a row for this blob (its hash recorded). */
  recorded: boolean;
}

/**
 * Every blob the product would serve: each capsule's current video and its playback rendition
 * (in its owner's container) and each received capsule's document (in the recipient's), with whether its hash is recorded.
 */
export async function listBlobReferences(db: Db): Promise<BlobReference[]> {
  const { rows } = await sql<BlobReference>`
    select 'video' as what, c.id::text as capsule_id, b.container, b.blob_name,
           exists (select 1 from stored_blobs s
                   where s.container = b.container and s.blob_name = b.blob_name) as recorded
    from capsules c
    cross join lateral (select 'user-' || c.owner_id::text as container, c.video_blob_name as blob_name) b
    where c.video_blob_name is not null
    union all
    select 'rendition', c.id::text, b.container, b.blob_name,
           exists (select 1 from stored_blobs s
                   where s.container = b.container and s.blob_name = b.blob_name)
    from capsules c
    cross join lateral (select 'user-' || c.owner_id::text as container, c.video_rendition_blob_name as blob_name) b
    where c.video_rendition_blob_name is not null
    union all
    select 'document', r.capsule_id::text, b.container, b.blob_name,
           exists (select 1 from stored_blobs s
                   where s.container = b.container and s.blob_name = b.blob_name)
    from received_capsules r
    cross join lateral (select 'user-' || r.user_id::text as container, r.document_blob_name as blob_name) b
    where r.document_blob_name is not null
    order by 1, 2`.execute(db);
  return rows;
}

/**
 * Makes the caller's transaction (repeatable read) share its snapshot: pg_dump given this id
 * sees exactly what the transaction sees, as long as it stays open.
 */
export async function exportSnapshot(trx: Db): Promise<string> {
  const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx);
  const id = rows[0]?.id;
  if (!id) throw new Error('pg_export_snapshot() answered nothing');
  return id;
}

/** The server's version line ("PostgreSQL 15.20 on ..."), and its major version. */
export async function serverVersion(db: Db): Promise<{ version: string; major: number }> {
  const { rows } = await sql<{ version: string; num: string | number }>`
    select version() as version, current_setting('server_version_num') as num`.execute(db);
  const row = rows[0];
  return { version: row?.version ?? '', major: Math.floor(Number(row?.num ?? 0) / 10_000) };
}
