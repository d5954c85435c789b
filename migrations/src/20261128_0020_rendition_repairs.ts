import { type Kysely, sql } from 'kysely';

// Renditions made after the fact (docs/server-rules.md, 'Video upload'): a video accepted
// before renditions existed, or one whose rendition a fixity check found damaged, gets its
// rendition from the master by an hourly sweep.
// - video_uploads.rendition_refused_at: ffmpeg could not make a rendition of this accepted
//   video; it keeps playing as uploaded and the sweep stops asking.
// - capsules_without_rendition: the sweep's question, answered from an index however many
//   capsules have their rendition.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('video_uploads').addColumn('rendition_refused_at', 'timestamptz').execute();
  await sql`create index capsules_without_rendition on capsules (id)
    where video_blob_name is not null and video_rendition_blob_name is null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index capsules_without_rendition`.execute(db);
  await db.schema.alterTable('video_uploads').dropColumn('rendition_refused_at').execute();
}
