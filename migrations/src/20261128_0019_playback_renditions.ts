import { type Kysely, sql } from 'kysely';

// The playback rendition (docs/server-rules.md, 'Video upload'): beside the original the sender
// uploaded (kept unchanged as the master), the review makes an H.264/AAC MP4 every browser
// plays, and playback serves that.
// - video_uploads.rendition_blob_name: the upload's rendition, written by the review job under a
//   name of the upload's own; referenced only once whole and hashed (a killed run leaves nothing
//   served).
// - video_uploads.master_facts / rendition_facts: what each is (codec, picture, length, size),
//   for Capsule Details.
// - capsules.video_rendition_blob_name / video_rendition_sha256: the accepted video's rendition,
//   written with video_blob_name; null for a video accepted before renditions existed, which
//   plays as uploaded.
// - capsules.video_processing_percent: how far the rendition of the video under review is,
//   for the card; null when nothing is being prepared.
// - stored_blobs.kind gains 'rendition': a rendition is kept, hashed and checked like the master.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('video_uploads')
    .addColumn('rendition_blob_name', 'text')
    .addColumn('master_facts', 'jsonb')
    .addColumn('rendition_facts', 'jsonb')
    .execute();
  await db.schema
    .alterTable('capsules')
    .addColumn('video_rendition_blob_name', 'text')
    .addColumn('video_rendition_sha256', 'text')
    .addColumn('video_processing_percent', 'smallint', (c) =>
      c.check(sql`video_processing_percent between 0 and 100`),
    )
    .execute();
  await sql`alter table stored_blobs drop constraint stored_blobs_kind_check`.execute(db);
  await sql`alter table stored_blobs add constraint stored_blobs_kind_check check (kind in ('video', 'rendition', 'document'))`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from stored_blobs where kind = 'rendition'`.execute(db);
  await sql`alter table stored_blobs drop constraint stored_blobs_kind_check`.execute(db);
  await sql`alter table stored_blobs add constraint stored_blobs_kind_check check (kind in ('video', 'document'))`.execute(
    db,
  );
  await db.schema
    .alterTable('capsules')
    .dropColumn('video_processing_percent')
    .dropColumn('video_rendition_sha256')
    .dropColumn('video_rendition_blob_name')
    .execute();
  await db.schema
    .alterTable('video_uploads')
    .dropColumn('rendition_facts')
    .dropColumn('master_facts')
    .dropColumn('rendition_blob_name')
    .execute();
}
