import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

// What /metrics reads from the database at scrape time (README.md). Every statement is answered
// from an index, whatever the tables hold: each filter repeats the predicate of a partial index
// word for word, as literals, so the planner can match it (test/metrics checks every plan with
// sequential scans turned off). The module reads every table and writes none, as backup does.

/** pg counts are bigint strings; PGlite is set to answer the same (db/database.ts). */
type Count = string | number;

/**
 * Jobs per queue and state (pg-boss's own tables, read-only, through its partial indexes:
 * job_i14 holds the live states, job_i11 the queued ones). pg-boss's getQueues() keeps these
 * counts only as a cache refreshed where jobs run, and the oldest job's age not at all unless it
 * records statistics; the queue's rows are the truth wherever this runs.
 */
export async function jobCounts(db: Db, queues: readonly string[]) {
  const { rows } = await sql<{
    name: string;
    ready: Count;
    deferred: Count;
    active: Count;
    failed: Count;
  }>`
    select j.name,
      count(*) filter (where j.state < 'active' and not j.blocked and j.start_after <= now()) as ready,
      count(*) filter (where j.state < 'active' and (j.blocked or j.start_after > now())) as deferred,
      count(*) filter (where j.state = 'active') as active,
      count(*) filter (where j.state = 'failed') as failed
    from pgboss.job j
    where j.name = any(${[...queues]}::text[]) and j.state in ('created', 'retry', 'active', 'failed')
    group by j.name`.execute(db);
  return rows;
}

/** Per queue, since when its oldest job ready to run has been ready (the database's clock). */
export async function oldestReadyJobs(db: Db, queues: readonly string[]) {
  const { rows } = await sql<{ name: string; since: Date; now: Date }>`
    select j.name, min(greatest(j.created_on, j.start_after)) as since, now() as now
    from pgboss.job j
    where j.name = any(${[...queues]}::text[]) and j.state < 'active' and not j.blocked
      and j.start_after <= now()
    group by j.name`.execute(db);
  return rows;
}

/**
 * Capsules due that the delivery sweep should have looked at by `now` and has not delivered:
 * how many, and the earliest check time. Read by the range of check times that have passed, on
 * the sweep's own partial index; due_at is tested on those rows only (a check time is never
 * before the due time), so no index of every undelivered capsule is walked. A capsule waiting
 * for its recipient's account is looked at again an hour later, so it counts only from then.
 */
export async function overdueDeliveries(db: Db, now: Date) {
  const { rows } = await sql<{ n: Count; since: Date | null }>`
    select count(*) filter (where c.due_at <= ${now}) as n,
      min(c.delivery_check_at) filter (where c.due_at <= ${now}) as since
    from capsules c
    where c.delivered_at is null and c.delivery_check_at <= ${now}`.execute(db);
  return { count: Number(rows[0]?.n ?? 0), since: rows[0]?.since ?? null };
}

/**
 * The recipients' mail outbox: pending mails whose next try is at most `soon` (the longest the
 * back-off or a sweep's claim puts it off), through the pending mails' partial index: due now,
 * failed at least once, and since when the oldest of those is owed. A delivery mail is owed from
 * the delivery that wrote it, an opening-day mail from the first instant of its capsule's date
 * (UTC, the release rule's), or from the delivery when that came later.
 */
export async function mailOutbox(db: Db, now: Date, soon: Date) {
  const { rows } = await sql<{ due: Count; retrying: Count; owedSince: Date | null }>`
    select
      count(*) filter (where m.next_attempt_at <= ${now}) as due,
      count(*) filter (where m.last_error is not null) as retrying,
      min(case
            when m.kind = 'opening' and c.delivery_date is not null
              then greatest(m.created_at, c.delivery_date::timestamp at time zone 'UTC')
            else m.created_at
          end) filter (where m.next_attempt_at <= ${now} or m.attempts > 0) as owed_since
    from delivery_mails m
    join capsules c on c.id = m.capsule_id
    where m.status = 'pending' and m.next_attempt_at <= ${soon}`.execute(db);
  const row = rows[0];
  return {
    due: Number(row?.due ?? 0),
    retrying: Number(row?.retrying ?? 0),
    owedSince: row?.owedSince ?? null,
  };
}

/** Mails given up after their last try (delivery:failed), through their partial index. */
export async function failedMails(db: Db): Promise<number> {
  const { rows } = await sql<{ n: Count }>`
    select count(*) as n from delivery_mails where status = 'failed'`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Uploads in flight, through the one-per-capsule partial index: open (the browser is sending)
 * and completed (stored, waiting for the review job), with the oldest completion.
 */
export async function uploadsInFlight(db: Db) {
  const { rows } = await sql<{ state: 'open' | 'completed'; n: Count; oldestCompleted: Date | null }>`
    select u.state, count(*) as n, min(u.completed_at) as oldest_completed
    from video_uploads u
    where u.state in ('open', 'completed')
    group by u.state`.execute(db);
  return rows;
}

/** Documents waiting for an operator's verdict, through the queue's partial index. */
export async function documentsWaiting(db: Db) {
  const { rows } = await sql<{ n: Count; oldest: Date | null }>`
    select count(*) as n, min(d.submitted_at) as oldest
    from document_uploads d
    where d.state = 'submitted'`.execute(db);
  return { count: Number(rows[0]?.n ?? 0), oldest: rows[0]?.oldest ?? null };
}

/** Kept blobs the fixity sweep found missing or changed, by failure (their partial index). */
export async function fixityFailures(db: Db) {
  const { rows } = await sql<{ failure: 'missing' | 'mismatch'; n: Count }>`
    select s.failure, count(*) as n
    from stored_blobs s
    where s.failed_at is not null
    group by s.failure`.execute(db);
  return rows;
}

/** Business-system records not synced: pending and failed (the status index; synced are skipped). */
export async function syncBacklog(db: Db) {
  const { rows } = await sql<{ syncStatus: 'pending' | 'failed'; n: Count }>`
    select r.sync_status, count(*) as n
    from integration_sync_records r
    where r.sync_status in ('pending', 'failed')
    group by r.sync_status`.execute(db);
  return rows;
}

/** The newest row of the capsules' record: where this process starts reading it. */
export async function latestTrailId(db: Db): Promise<string> {
  const { rows } = await sql<{ id: string | number | null }>`
    select max(t.id) as id from capsule_trail t`.execute(db);
  return String(rows[0]?.id ?? 0);
}

/**
 * Rows of the capsules' record after `afterId`, or among `ids` (rows not seen before, whose
 * transaction may have committed since), by its primary key, oldest first. Every event, so that
 * a missing id is a gap and not a row of another kind; a delivery with its capsule's due time, a
 * verdict with its outcome.
 */
export async function trailRowsSince(db: Db, afterId: string, ids: readonly string[], limit: number) {
  const { rows } = await sql<{
    id: string | number;
    event: string;
    at: Date;
    verdict: string | null;
    dueAt: Date | null;
  }>`
    select t.id, t.event, t.at,
      case when t.event = 'document_reviewed' then t.details ->> 'verdict' end as verdict,
      c.due_at
    from capsule_trail t
    left join capsules c on t.event = 'delivered' and c.id = t.capsule_id
    where t.id > ${afterId}::bigint
      ${ids.length > 0 ? sql`or t.id = any(${ids.map(String)}::bigint[])` : sql``}
    order by t.id
    limit ${limit}`.execute(db);
  return rows.map((r) => ({ ...r, id: String(r.id) }));
}
