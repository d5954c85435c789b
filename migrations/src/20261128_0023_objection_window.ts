import { type Kysely, sql } from 'kysely';

// The sender's objection window for document releases (docs/server-rules.md, 'Received
// capsules'): an operator's Verified opens the capsule only once the window ends without an
// objection.
// - received_capsules.objection_ends_at: when a verified document's capsule opens (null: at once,
//   as before, or no verified document).
// - objection_reason, objected_at: the sender's last objection, shown to the operator who looks
//   at the document again.
// - capsule_trail's events gain 'objected'.

const EVENTS = [
  'locked',
  'delivered',
  'document_submitted',
  'document_reviewed',
  'release_decided',
  'opened',
];
const list = (values: string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('received_capsules')
    .addColumn('objection_ends_at', 'timestamptz')
    .addColumn('objection_reason', 'text', (c) => c.check(sql`length(objection_reason) between 1 and 1000`))
    .addColumn('objected_at', 'timestamptz')
    .execute();
  await sql`alter table capsule_trail drop constraint capsule_trail_event_check,
    add constraint capsule_trail_event_check check (event in (${list([...EVENTS, 'objected'])}))`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  // NOT VALID: 'objected' rows already written stay (the record is append-only); only new rows
  // are held to the older list.
  await sql`alter table capsule_trail drop constraint capsule_trail_event_check,
    add constraint capsule_trail_event_check check (event in (${list(EVENTS)})) not valid`.execute(db);
  await db.schema
    .alterTable('received_capsules')
    .dropColumn('objection_ends_at')
    .dropColumn('objection_reason')
    .dropColumn('objected_at')
    .execute();
}
