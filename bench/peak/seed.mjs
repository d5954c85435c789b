// The New Year's Day peak in SQL with generate_series: CAPSULES locked capsules all due in the
// same minute, as the lock (capsule-actions.service.ts) leaves them: locked_at, due_at and
// delivery_check_at at that minute, status Sent, a video and its accepted upload. The upload row
// is what the delivery reads Notify Recipient from (video_uploads via capsules.video_upload_id),
// so every capsule has one, as every locked capsule with a video has in production.
//
// By i % 20, independent of everything else:
//   0..11  (60 %) the recipient has an account, Notify Recipient on: delivered, a mail now
//   12..15 (20 %) the recipient has an account, Notify Recipient off: delivered, mail skipped
//   16..19 (20 %) no account for the recipient: postponed by RECHECK_WAITING_MINUTES, not delivered
// Delivery criteria by i % 7, spread over the four of the schema; Milestone_Date capsules have a
// date either past (open at once: no opening mail) or ahead (an opening mail waits for its day).
import pg from 'pg';

const CRITERIA = ['Milestone_Date', 'View_Any_Time', 'Document_Validation', 'Premium_Verification'];
/** Capsules per recipient e-mail: a recipient with several senders, as families have. */
const CAPSULES_PER_RECIPIENT = 4;
const SENDERS = 2_000;
const CHUNK = 250_000;

export const accountFraction = 16 / 20;
export const notifyFraction = 12 / 20;

/**
 * Seeds the peak; answers { peak, deliverable, postponed, mailed }. `mail: false` turns Notify
 * Recipient off on every capsule: the delivery alone, with no mail sweep beside it.
 */
export async function seedPeak(url, capsules, { mail = true } = {}) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const recipients = Math.ceil(capsules / CAPSULES_PER_RECIPIENT);
    await db.query(
      `insert into users (username, email, password_hash, full_name)
       select 'sender' || k || '@example.test', 'sender' || k || '@example.test', 'not-a-hash', 'Sender ' || k
       from generate_series(1, $1::int) as k`,
      [SENDERS],
    );
    // Only recipients of the account slice get an account; the others' addresses stay unknown.
    await db.query(
      `insert into users (username, email, password_hash, full_name)
       select 'peak' || k || '@example.test', 'peak' || k || '@example.test', 'not-a-hash', 'Recipient ' || k
       from generate_series(0, $1::int - 1) as k`,
      [recipients],
    );
    const peak = (await db.query(`select date_trunc('minute', now()) as peak`)).rows[0].peak;
    const senders = (
      await db.query(`select array_agg(id order by username) as ids from users where username like 'sender%'`)
    ).rows[0].ids;
    await db.query('begin');
    await db.query('alter table capsules disable trigger capsule_counters_after_change');
    for (let from = 0; from < capsules; from += CHUNK) {
      const to = Math.min(capsules, from + CHUNK) - 1;
      // One statement, so the two foreign keys between capsules and video_uploads (each names
      // the other) are checked at its end, when both rows exist.
      await db.query(
        `with g as (
           select i, gen_random_uuid() as id, gen_random_uuid() as upload,
             ($4::uuid[])[1 + i % ${SENDERS}] as owner,
             (array[${CRITERIA.map((c) => `'${c}'`).join(', ')}])[1 + (i % 7) % 4] as criteria,
             i % 20 as slice
           from generate_series($1::bigint, $2::bigint) as i
         ), c as (
           insert into capsules (id, owner_id, kind, status, title, category, delivery_criteria,
             capsule_length, recipient_name, recipient_email, message, delivery_date, upload_date,
             locked_at, due_at, delivery_check_at, video_blob_name, video_thumbnail_blob_name,
             video_upload_id, created_at, updated_at)
           select id, owner, case when i % 10 < 7 then 'legacy' else 'journey' end, 'Sent',
             'New Year capsule #' || i, 'Family', criteria,
             (array['5_minutes', '10_minutes', '15_minutes'])[1 + i % 3],
             'Recipient ' || (i / ${CAPSULES_PER_RECIPIENT}),
             -- the slices without an account use addresses no user has
             case when slice < 16 then 'peak' || (i / ${CAPSULES_PER_RECIPIENT}) || '@example.test'
                  else 'nobody' || i || '@example.test' end,
             'Happy New Year, capsule ' || i,
             case when criteria = 'Milestone_Date' then
               case when i % 2 = 0 then date '2026-01-01' else date '2027-06-01' + (i % 300)::int end end,
             $3::timestamptz - interval '40 days', $3::timestamptz, $3::timestamptz, $3::timestamptz,
             owner || '/capsules/' || id || '/' || upload || '/video',
             owner || '/capsules/' || id || '/' || upload || '/thumbnail.jpg',
             upload, $3::timestamptz - interval '60 days', $3::timestamptz
           from g
           returning id, owner_id, video_upload_id, video_blob_name
         )
         insert into video_uploads (id, capsule_id, owner_id, client, state, capsule_status_before,
           blob_container, blob_name, file_name, file_size, content_type, notify_enabled, notify_timing,
           notify_message, created_at, sas_expires_at, expires_at, completed_at, finished_at)
         select c.video_upload_id, c.id, c.owner_id, 'blocks', 'accepted', 'Pending_Upload',
           'user-' || c.owner_id, c.video_blob_name, 'new-year.mp4', 50000000, 'video/mp4',
           $5::boolean and (g.slice < 12 or g.slice >= 16), 'on_lock',
           case when g.slice % 3 = 0 then 'See you next year' end,
           $3::timestamptz - interval '41 days', $3::timestamptz - interval '41 days',
           $3::timestamptz - interval '40 days', $3::timestamptz - interval '40 days',
           $3::timestamptz - interval '40 days'
         from c join g on g.id = c.id`,
        [from, to, peak, senders, mail],
      );
    }
    await db.query('delete from capsule_counters');
    await db.query(`insert into capsule_counters (owner_id, status, category, n)
      select owner_id, status, coalesce(category, ''), count(*) from capsules
      group by owner_id, status, coalesce(category, '')`);
    await db.query('alter table capsules enable trigger capsule_counters_after_change');
    await db.query('commit');
    await db.query('vacuum analyze');
    await db.query('checkpoint').catch(() => {});
    const counts = (
      await db.query(
        `select count(*) filter (where recipient_email like 'peak%')::int as deliverable,
           count(*) filter (where recipient_email like 'nobody%')::int as postponed,
           count(*) filter (where recipient_email like 'peak%' and u.notify_enabled)::int as mailed
         from capsules c join video_uploads u on u.id = c.video_upload_id
         where c.due_at = $1`,
        [peak],
      )
    ).rows[0];
    return { peak, ...counts };
  } finally {
    await db.end();
  }
}
