import { type Kysely, sql } from 'kysely';

// Reviewed bytes kept where no SAS ever reached, with their hash (docs/decisions/027-reviewed-bytes-fixity-backups.md).
// - video_uploads / document_uploads.stored_blob_name: the server-side copy made at completion,
//   under a name no SAS was ever issued for. The upload's blob_name stays the name the browser
//   wrote (and the legacy client sends back); everything after completion reads the copy.
// - stored_blobs: every blob the service keeps and serves, with the SHA-256 of its bytes as
//   reviewed. Playback, preview and the operator's document link serve only a blob listed here
//   and not failed; the fixity sweep re-reads these rows, oldest check first; a backup's inventory
//   is this table.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('video_uploads').addColumn('stored_blob_name', 'text').execute();
  // The written blob is deleted once its kept copy exists and no SAS can write it again.
  await db.schema.alterTable('video_uploads').addColumn('written_blob_deleted_at', 'timestamptz').execute();
  await db.schema.alterTable('document_uploads').addColumn('stored_blob_name', 'text').execute();
  // The capsule's video's hash, written with video_blob_name (Capsule Details' fingerprint).
  await db.schema.alterTable('capsules').addColumn('video_sha256', 'text').execute();

  await db.schema
    .createTable('stored_blobs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('video', 'document')`))
    .addColumn('container', 'text', (c) => c.notNull())
    .addColumn('blob_name', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull().check(sql`sha256 ~ '^[0-9a-f]{64}$'`))
    .addColumn('size', 'bigint', (c) => c.notNull().check(sql`size >= 0`))
    // The upload (video_uploads or document_uploads, by kind) and the capsule it belongs to, for
    // the operator's list; no foreign keys: the rows outlive nothing they name, and the storage
    // module owns this table apart from the capsules module's.
    .addColumn('upload_id', 'uuid', (c) => c.notNull())
    .addColumn('capsule_id', 'uuid')
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
    .addColumn('checked_at', 'timestamptz', (c) => c.notNull())
    .addColumn('failed_at', 'timestamptz')
    .addColumn('failure', 'text', (c) => c.check(sql`failure in ('missing', 'mismatch')`))
    .addColumn('failure_mailed_at', 'timestamptz')
    .addUniqueConstraint('stored_blobs_blob_key', ['container', 'blob_name'])
    .addCheckConstraint('stored_blobs_failed_check', sql`(failed_at is null) = (failure is null)`)
    .execute();
  // The sweep's order: the blob checked longest ago first.
  await db.schema.createIndex('stored_blobs_checked_idx').on('stored_blobs').column('checked_at').execute();
  await sql`create index stored_blobs_failed_idx on stored_blobs (failed_at) where failed_at is not null`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stored_blobs').execute();
  await db.schema.alterTable('capsules').dropColumn('video_sha256').execute();
  await db.schema.alterTable('document_uploads').dropColumn('stored_blob_name').execute();
  await db.schema.alterTable('video_uploads').dropColumn('written_blob_deleted_at').execute();
  await db.schema.alterTable('video_uploads').dropColumn('stored_blob_name').execute();
}
