import { type Kysely, sql } from 'kysely';

// Document verification. A recipient of a Document_Validation or Premium_Verification
// capsule uploads an image of a document straight to blob storage; an operator approves or
// rejects it with the admin CLI. Each attempt is a row of document_uploads (owned by the capsules
// module with received_capsules): which blob the server named, what the client declared, what
// storage held, the operator's verdict and whether the recipient was mailed about it. The
// received capsule keeps the current state in its own columns (the list filters and sorts on
// them): document_verification_status, document_blob_name, document_submitted_at (migration
// 0003), and here the verdict's reason and time and the upload they belong to.

/** `column in ('a', 'b', ...)` as literals (a CHECK in DDL cannot take bind parameters). */
function oneOf(column: string, values: readonly string[]) {
  return sql<boolean>`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

// open: upload URL handed out. submitted: the blob passed the checks, waiting for an operator.
// refused: the blob failed the checks at completion (deleted). verified / rejected: the
// operator's verdict. replaced: an open upload left behind when a newer one was started.
const DOCUMENT_UPLOAD_STATES = ['open', 'submitted', 'refused', 'verified', 'rejected', 'replaced'] as const;
const DOCUMENT_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
const IMAGE_TYPES = ['png', 'jpeg', 'webp'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('document_uploads')
    // Made by the server before the row (it names the blob): no default.
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('received_capsule_id', 'uuid', (c) =>
      c.notNull().references('received_capsules.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) =>
      c.notNull().defaultTo('open').check(oneOf('state', DOCUMENT_UPLOAD_STATES)),
    )
    // In the recipient's container, under a name made from server ids only.
    .addColumn('blob_container', 'text', (c) => c.notNull())
    .addColumn('blob_name', 'text', (c) => c.notNull().unique())
    // What the client declared, checked again against storage at completion (the spec's legacy
    // get-document-sas-url says nothing of the file: no type, no size).
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.check(oneOf('content_type', DOCUMENT_CONTENT_TYPES)))
    .addColumn('declared_size', 'bigint', (c) => c.check(sql`declared_size > 0`))
    // What storage held at completion.
    .addColumn('blob_size', 'bigint')
    .addColumn('image_type', 'text', (c) => c.check(oneOf('image_type', IMAGE_TYPES)))
    /** Why the checks refused the blob (state refused). */
    .addColumn('refusal_reason', 'text')
    /** The operator's reason (state rejected), shown to the recipient. */
    .addColumn('rejection_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sas_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('reviewed_at', 'timestamptz')
    // The recipient was mailed the verdict (the document mail job records it after SMTP accepts).
    .addColumn('outcome_mailed_at', 'timestamptz')
    .addCheckConstraint(
      'document_uploads_verdict_check',
      sql`(state in ('verified', 'rejected')) = (reviewed_at is not null)
        and (state = 'rejected') = (rejection_reason is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('document_uploads_received_capsule_id_idx')
    .on('document_uploads')
    .columns(['received_capsule_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('document_uploads_user_id_idx')
    .on('document_uploads')
    .column('user_id')
    .execute();
  // The operators' queue (verification:list): documents waiting for a verdict, oldest first.
  await sql`create index document_uploads_waiting_idx on document_uploads (submitted_at)
    where state = 'submitted'`.execute(db);

  await db.schema
    .alterTable('received_capsules')
    .addColumn('document_upload_id', 'uuid', (c) => c.references('document_uploads.id').onDelete('set null'))
    .addColumn('document_rejection_reason', 'text')
    .addColumn('document_reviewed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('received_capsules_document_upload_id_idx')
    .on('received_capsules')
    .column('document_upload_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('received_capsules')
    .dropColumn('document_reviewed_at')
    .dropColumn('document_rejection_reason')
    .dropColumn('document_upload_id')
    .execute();
  await db.schema.dropTable('document_uploads').execute();
}
