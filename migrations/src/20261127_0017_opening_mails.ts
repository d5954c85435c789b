import { type Kysely, sql } from 'kysely';

// The opening-day mail (docs/decisions/022-mail-templates.md): the recipient of a dated
// (Milestone_Date) capsule delivered before its day is e-mailed the day it opens, through the
// same outbox as the delivery mail (delivery_mails), with its tries and back-off. So the outbox
// holds two kinds of mail: one delivery mail per capsule, as before, and at most one opening mail.
// An opening mail whose capsule has no date yet (locked before a date was required) waits, with
// no time to send, until the date is set; the mail sweep then gives it that day's first instant.

const STATUSES = ['pending', 'sent', 'failed', 'skipped', 'waiting'] as const;
const OLD_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;

const statusCheck = (statuses: readonly string[]) =>
  sql`status in (${sql.join(statuses.map((s) => sql.lit(s)))})`;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('delivery_mails')
    .addColumn('kind', 'text', (c) =>
      c.notNull().defaultTo('delivery').check(sql`kind in ('delivery', 'opening')`),
    )
    .execute();
  // One mail of each kind per capsule (it was one mail per capsule).
  await sql`alter table delivery_mails drop constraint delivery_mails_capsule_id_key`.execute(db);
  await sql`alter table delivery_mails
    add constraint delivery_mails_capsule_kind_key unique (capsule_id, kind)`.execute(db);
  await sql`alter table delivery_mails drop constraint delivery_mails_status_check`.execute(db);
  await sql`alter table delivery_mails add constraint delivery_mails_status_check
    check (${statusCheck(STATUSES)})`.execute(db);
  // Only an opening mail waits for a date, and a waiting mail has no time to be sent.
  await sql`alter table delivery_mails add constraint delivery_mails_waiting_check
    check (status <> 'waiting' or (kind = 'opening' and next_attempt_at is null))`.execute(db);
  // What the mail sweep looks at every minute for dates set since: the waiting mails only (the
  // capsules locked without a date before the date was required; none is made any more).
  await sql`create index delivery_mails_waiting_idx on delivery_mails (capsule_id)
    where status = 'waiting'`.execute(db);

  // Capsules delivered before this migration: an opening mail for each dated capsule delivered
  // before its day (the first instant of its delivery date, UTC), following its delivery mail's
  // Notify Recipient (skipped stays skipped); waiting when it has no date. One whose day came
  // since its delivery is told now: it is open, and nobody said so.
  await sql`
    insert into delivery_mails
      (capsule_id, kind, received_capsule_id, recipient_user_id, status, next_attempt_at, created_at)
    select c.id, 'opening', d.received_capsule_id, d.recipient_user_id,
      case
        when d.status = 'skipped' then 'skipped'
        when c.delivery_date is null then 'waiting'
        else 'pending'
      end,
      case
        when d.status <> 'skipped' and c.delivery_date is not null
          then c.delivery_date::timestamp at time zone 'UTC'
      end,
      d.created_at
    from capsules c
    join delivery_mails d on d.capsule_id = c.id and d.kind = 'delivery'
    where c.delivered_at is not null
      and c.delivery_criteria = 'Milestone_Date'
      and (c.delivery_date is null or c.delivery_date::timestamp at time zone 'UTC' > c.delivered_at)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the app's types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from delivery_mails where kind <> 'delivery'`.execute(db);
  await sql`drop index delivery_mails_waiting_idx`.execute(db);
  await sql`alter table delivery_mails drop constraint delivery_mails_waiting_check`.execute(db);
  await sql`alter table delivery_mails drop constraint delivery_mails_status_check`.execute(db);
  await sql`alter table delivery_mails add constraint delivery_mails_status_check
    check (${statusCheck(OLD_STATUSES)})`.execute(db);
  await sql`alter table delivery_mails drop constraint delivery_mails_capsule_kind_key`.execute(db);
  await sql`alter table delivery_mails
    add constraint delivery_mails_capsule_id_key unique (capsule_id)`.execute(db);
  await db.schema.alterTable('delivery_mails').dropColumn('kind').execute();
}
