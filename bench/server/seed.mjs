// Capsules seeded in SQL with generate_series: a million rows in seconds on PostgreSQL. Every
// value is one the schema allows (migration 0003's statuses, kinds, categories and delivery
// criteria), mixed the way a real account holds them: a quarter still waiting for a recipient,
// a fifth sent (delivered, dates in the past), some marked for deletion, delivery dates spread
// over twenty years, creation times over five. Processed and sent capsules have a video and a
// thumbnail (blob names laid out as modules/storage/blob-names.ts names them), so the lists
// sign a thumbnail URL for each of those, as they would in production.
import { sql } from 'kysely';

const CATEGORIES = ['Graduation', 'Wedding', 'Family', 'First Born', 'Retirement', 'Wake', 'Honeymoon'];
const CRITERIA = ['Milestone_Date', 'View_Any_Time', 'Document_Validation', 'Premium_Verification'];
const FIVE_YEARS_S = 5 * 365 * 86_400;

const textArray = (values) => sql`array[${sql.join(values.map((v) => sql.lit(v)))}]::text[]`;

/** Capsules numbered from..to (inclusive) for one owner; the numbers only vary the values. */
function insertCapsules(db, ownerId, from, to) {
  return sql`
    insert into capsules (owner_id, kind, status, status_before_delete, title, category,
      delivery_criteria, capsule_length, recipient_name, recipient_email, message, delivery_date,
      upload_date, locked_at, video_blob_name, video_thumbnail_blob_name, delivered_at, created_at,
      updated_at, id)
    select ${ownerId}::uuid, kind, status,
      case when status = 'To_Delete' then (array['Pending_Upload', 'Processed'])[1 + i % 2] end,
      initcap(kind) || ' Capsule #' || i,
      case when status <> 'Pending_Recipient' and i % 8 <> 0 then (${textArray(CATEGORIES)})[1 + (i * 31) % 7] end,
      (${textArray(CRITERIA)})[1 + (i * 13) % 4],
      (array['5_minutes', '10_minutes', '15_minutes'])[1 + i % 3],
      case when status <> 'Pending_Recipient' then 'Recipient ' || (i % 500) end,
      case when status <> 'Pending_Recipient' then 'recipient' || (i % 500) || '@example.test' end,
      case when status <> 'Pending_Recipient' then 'For the milestone of capsule ' || i end,
      case when status = 'Sent' then date '2020-01-01' + ((i * 7) % 2000)::int
           when status <> 'Pending_Recipient' then date '2027-01-01' + ((i * 104729) % 7300)::int end,
      case when status in ('Reviewing', 'Needs_Review', 'Processed', 'Sent') then created + interval '10 days' end,
      case when status = 'Sent' or (status = 'Processed' and i % 2 = 0) then created + interval '12 days' end,
      case when status in ('Processed', 'Sent') then ${ownerId} || '/capsules/' || id || '/' || upload || '/video' end,
      case when status in ('Processed', 'Sent') then ${ownerId} || '/capsules/' || id || '/' || upload || '/thumbnail.jpg' end,
      case when status = 'Sent' then created + interval '30 days' end,
      created, created, id
    from (
      select i, gen_random_uuid() as id, gen_random_uuid() as upload,
        case when i % 10 < 7 then 'legacy' else 'journey' end as kind,
        now() - ((i * 7727) % ${FIVE_YEARS_S}) * interval '1 second' as created,
        case when (i * 19) % 100 < 25 then 'Pending_Recipient'
             when (i * 19) % 100 < 45 then 'Pending_Upload'
             when (i * 19) % 100 < 50 then 'Upload_In_Progress'
             when (i * 19) % 100 < 55 then 'Reviewing'
             when (i * 19) % 100 < 58 then 'Needs_Review'
             when (i * 19) % 100 < 75 then 'Processed'
             when (i * 19) % 100 < 95 then 'Sent'
             else 'To_Delete' end as status
      from generate_series(${from}::bigint, ${to}::bigint) as i
    ) as g`.execute(db);
}

/**
 * Inserts the batches with the counter trigger (migration 0008) off, then recounts every
 * owner's counters exactly with one INSERT ... SELECT count(*) ... GROUP BY and turns the
 * trigger back on, all in one transaction: nothing ever sees a counter that disagrees with
 * the rows. Then VACUUM ANALYZE, as autovacuum would do to a table that grew this much, and a
 * CHECKPOINT.
 */
export async function bulkInsertCapsules(db, batches) {
  await db.transaction().execute(async (trx) => {
    await sql`alter table capsules disable trigger capsule_counters_after_change`.execute(trx);
    for (const { ownerId, from, to } of batches) await insertCapsules(trx, ownerId, from, to);
    await sql`delete from capsule_counters`.execute(trx);
    await sql`insert into capsule_counters (owner_id, status, category, n)
      select owner_id, status, coalesce(category, ''), count(*) from capsules
      group by owner_id, status, coalesce(category, '')`.execute(trx);
    await sql`alter table capsules enable trigger capsule_counters_after_change`.execute(trx);
  });
  await sql`vacuum analyze capsules, capsule_counters`.execute(db);
  // The load's dirty pages written out now, not by the checkpointer during the measurements.
  // (A role that may not CHECKPOINT just leaves it to the server.)
  await sql`checkpoint`.execute(db).catch(() => {});
}

/** Other users (who never sign in: their password hash matches nothing). */
export async function insertOtherUsers(db, count) {
  const { rows } = await sql`
    insert into users (username, email, password_hash, full_name)
    select 'other' || k || '@example.test', 'other' || k || '@example.test', 'not-a-hash', 'Other User ' || k
    from generate_series(1, ${count}::int) as k
    returning id`.execute(db);
  return rows.map((r) => r.id);
}

/** What the dashboard shows beside the capsules: a purchase, and capsules others sent them. */
export async function insertAccountExtras(db, userId) {
  await sql`
    insert into subscriptions (user_id, product_name, quantity, price, pricing, created_at)
    values (${userId}::uuid, '1000 Legacy Capsules', 1, 199, '[{"price": 199}]'::jsonb, now() - interval '2 years')`.execute(
    db,
  );
  await sql`
    insert into received_capsules (user_id, capsule_id, received_at)
    select ${userId}::uuid, id, delivered_at from capsules
    where owner_id <> ${userId}::uuid and status = 'Sent' limit 50`.execute(db);
  await sql`analyze subscriptions, received_capsules`.execute(db);
}

/** The counters against a fresh count(*), for one owner: true when they agree row by row. */
export async function countersExact(db, ownerId) {
  const { rows } = await sql`
    with fresh as (
      select status, coalesce(category, '') as category, count(*) as n from capsules
      where owner_id = ${ownerId}::uuid group by 1, 2
    ), kept as (
      select status, category, n from capsule_counters where owner_id = ${ownerId}::uuid and n > 0
    )
    select count(*)::int as differences from (
      (select * from fresh except select * from kept) union all (select * from kept except select * from fresh)
    ) as d`.execute(db);
  return rows[0].differences === 0;
}
