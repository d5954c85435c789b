import type { Kysely } from 'kysely';

// The rendition sweep takes turns (docs/server-rules.md, 'Video upload'):
// - video_uploads.rendition_asked_at: when the sweep last sent a rendition job for the video.
//   The sweep asks about those asked longest ago (never first), so videos whose jobs keep
//   failing cannot fill every sweep and keep the others waiting.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('video_uploads').addColumn('rendition_asked_at', 'timestamptz').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('video_uploads').dropColumn('rendition_asked_at').execute();
}
