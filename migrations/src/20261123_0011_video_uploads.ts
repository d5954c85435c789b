import { type Kysely, sql } from 'kysely';

// Video uploads. The browser sends a video straight to blob storage; each attempt is
// a row here, owned by the capsules module: which blob the server named for it, what the client
// said about the file, the notification options chosen in the dialog, where the attempt stands,
// and what became of its blob. The capsule keeps its current (accepted) video in its own
// columns; a re-upload's new video replaces them only once it has passed review.

/** `column in ('a', 'b', ...)` as literals (a CHECK in DDL cannot take bind parameters). */
function oneOf(column: string, values: readonly string[]) {
  return sql<boolean>`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

// open: slot issued, bytes may be arriving. completed: the committed blob passed the server's
// checks, the review job is queued. accepted / rejected: the review's verdict (rejected is also a
// completion the checks refused). cancelled by the sender; expired when never completed in time.
const UPLOAD_STATES = ['open', 'completed', 'cancelled', 'expired', 'rejected', 'accepted'] as const;
// What a revert restores: the first upload comes from Pending_Upload, a re-upload from a
// status holding a video (spec section 4, Reupload Video).
const STATUSES_BEFORE_UPLOAD = ['Pending_Upload', 'Needs_Review', 'Processed', 'Sent'] as const;
const NOTIFY_TIMINGS = ['on_lock', 'custom'] as const;
// Spec section 5, 'Timezone choices'.
const NOTIFY_TIMEZONES = [
  'UTC',
  'America/New_York',
  'America/Toronto',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Paris',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Australia/Sydney',
] as const;
// blocks: the portal's resumable block upload; legacy: the spec's get-sas-url and one PUT.
const UPLOAD_CLIENTS = ['blocks', 'legacy'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('video_uploads')
    // Made by the server before the row (it names the blob): no default.
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('capsule_id', 'uuid', (c) => c.notNull().references('capsules.id').onDelete('cascade'))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client', 'text', (c) => c.notNull().check(oneOf('client', UPLOAD_CLIENTS)))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('open').check(oneOf('state', UPLOAD_STATES)))
    .addColumn('capsule_status_before', 'text', (c) =>
      c.notNull().check(oneOf('capsule_status_before', STATUSES_BEFORE_UPLOAD)),
    )
    // Where the bytes go: the owner's container and a name made from server ids only.
    .addColumn('blob_container', 'text', (c) => c.notNull())
    .addColumn('blob_name', 'text', (c) => c.notNull().unique())
    .addColumn('thumbnail_blob_name', 'text')
    // What the client said about the file (the legacy client says nothing): checked again
    // against storage at completion and by the review, never trusted.
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_size', 'bigint', (c) => c.check(sql`file_size > 0`))
    .addColumn('content_type', 'text')
    .addColumn('declared_duration_seconds', 'double precision', (c) =>
      c.check(sql`declared_duration_seconds >= 0`),
    )
    // Notify Recipient (spec section 5): the delivery reads these from the capsule's
    // accepted upload. notify_custom_date is the wall clock chosen in notify_timezone;
    // notify_at is that instant.
    .addColumn('notify_enabled', 'boolean', (c) => c.notNull())
    .addColumn('notify_timing', 'text', (c) => c.notNull().check(oneOf('notify_timing', NOTIFY_TIMINGS)))
    .addColumn('notify_custom_date', 'text')
    .addColumn('notify_timezone', 'text', (c) => c.check(oneOf('notify_timezone', NOTIFY_TIMEZONES)))
    .addColumn('notify_at', 'timestamptz')
    .addColumn('notify_message', 'text')
    // What storage and the review found.
    .addColumn('blob_size', 'bigint')
    .addColumn('video_container', 'text')
    .addColumn('probed_duration_seconds', 'double precision')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The last upload SAS handed out ends here; the slot reverts at expires_at, a little later.
    .addColumn('sas_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('review_mail_sent_at', 'timestamptz')
    // A blob nobody needs any more is marked, then deleted by a job (with retries).
    .addColumn('blob_discarded_at', 'timestamptz')
    .addColumn('blob_deleted_at', 'timestamptz')
    .addCheckConstraint(
      'video_uploads_custom_notify_check',
      sql`not notify_enabled or notify_timing <> 'custom'
        or (notify_custom_date is not null and notify_timezone is not null and notify_at is not null)`,
    )
    .execute();
  // One upload in flight per capsule (two tabs cannot both hold a slot), whatever the code does.
  await sql`create unique index video_uploads_one_in_flight_idx on video_uploads (capsule_id)
    where state in ('open', 'completed')`.execute(db);
  await db.schema
    .createIndex('video_uploads_capsule_id_created_at_idx')
    .on('video_uploads')
    .columns(['capsule_id', 'created_at'])
    .execute();
  await db.schema.createIndex('video_uploads_owner_id_idx').on('video_uploads').column('owner_id').execute();
  await sql`create index video_uploads_discarded_idx on video_uploads (capsule_id)
    where blob_discarded_at is not null and blob_deleted_at is null`.execute(db);

  await db.schema
    .alterTable('capsules')
    // The accepted upload whose video the capsule holds (video_blob_name is its blob).
    .addColumn('video_upload_id', 'uuid', (c) => c.references('video_uploads.id').onDelete('set null'))
    .addColumn('video_thumbnail_blob_name', 'text')
    // When a To_Delete capsule lost its video for good (30 days after it was marked).
    .addColumn('purged_at', 'timestamptz')
    .execute();
  // The sweeps (jobs): capsules to lock 10 days after their upload, capsules to purge.
  await sql`create index capsules_auto_lock_idx on capsules (upload_date)
    where locked_at is null and status in ('Sent', 'Processed')`.execute(db);
  await sql`create index capsules_purge_idx on capsules (delete_requested_at)
    where status = 'To_Delete' and purged_at is null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index capsules_purge_idx`.execute(db);
  await sql`drop index capsules_auto_lock_idx`.execute(db);
  await db.schema
    .alterTable('capsules')
    .dropColumn('purged_at')
    .dropColumn('video_thumbnail_blob_name')
    .dropColumn('video_upload_id')
    .execute();
  await db.schema.dropTable('video_uploads').execute();
}
