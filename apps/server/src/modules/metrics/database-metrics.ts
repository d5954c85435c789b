import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { AppDeps } from '../../deps.js';
import {
  documentsWaiting,
  failedMails,
  fixityFailures,
  jobCounts,
  latestTrailId,
  mailOutbox,
  oldestReadyJobs,
  overdueDeliveries,
  syncBacklog,
  trailRowsSince,
  uploadsInFlight,
} from './metrics.repository.js';

// The service's state, read from the database when /metrics is scraped, so that any instance
// tells the truth for the whole service, whichever process (a web instance, a worker, the admin
// CLI) did the work. One read serves every scrape for READ_MAX_AGE_MS; its statements run at
// once, each on its own: one that fails or outlasts READ_TIMEOUT_MS gives its series NaN in this
// scrape, never a made-up zero (an alert on it stays quiet rather than lies), and
// capsule_metrics_database_ok says so.

/**
 * Scrapes within this long (on the app's clock, as every age here) share one read: many
 * scrapers cost the database one.
 */
const READ_MAX_AGE_MS = 5_000;
/** A scrape never waits longer than this for the database (Prometheus gives up at 10 s). */
const READ_TIMEOUT_MS = 3_000;
/** The longest a pending recipient mail is put off: the back-off's last step, a sweep's claim. */
const MAIL_PUT_OFF_MS = 30 * 60_000;
/** Rows of the capsules' record read per scrape; more wait for the next one. */
const TRAIL_PAGE = 5_000;
/**
 * An id of the record not seen yet below one seen: a transaction still open (its row comes) or
 * rolled back (it never will). Looked for again for this long.
 */
const TRAIL_GAP_PATIENCE_MS = 60_000;
const TRAIL_GAPS_KEPT = 10_000;

const LAG_BUCKETS = [1, 10, 30, 60, 120, 300, 600, 1_800, 3_600, 21_600, 86_400, 604_800];

type Read<T> = T | undefined;

interface Snapshot {
  /** The app's clock when read: what business ages are counted against. */
  now: Date;
  seconds: number;
  ok: boolean;
  jobs: Read<Awaited<ReturnType<typeof jobCounts>>>;
  oldestJobs: Read<Awaited<ReturnType<typeof oldestReadyJobs>>>;
  overdue: Read<Awaited<ReturnType<typeof overdueDeliveries>>>;
  outbox: Read<Awaited<ReturnType<typeof mailOutbox>>>;
  failedMails: Read<number>;
  uploads: Read<Awaited<ReturnType<typeof uploadsInFlight>>>;
  documents: Read<Awaited<ReturnType<typeof documentsWaiting>>>;
  fixity: Read<Awaited<ReturnType<typeof fixityFailures>>>;
  sync: Read<Awaited<ReturnType<typeof syncBacklog>>>;
  trail: Read<true>;
}

type TrailRow = Awaited<ReturnType<typeof trailRowsSince>>[number];

/**
 * Reads the capsules' record (append-only, ids in insertion order) from where this process
 * started: each row once, so a delivery or a verdict made by any process is counted here, as a
 * counter that starts at zero with the process. A transaction commits after a later one at times:
 * an id missing below one read is looked for again for a while before it is taken for a rollback.
 */
class TrailReader {
  private after: bigint | null = null;
  private starting: Promise<void> | null = null;
  private readonly gaps = new Map<string, number>();

  constructor(private readonly onRow: (row: TrailRow) => void) {}

  /** Where counting starts; again at the next read if the database did not answer. */
  start(db: AppDeps['db']): Promise<void> {
    this.starting ??= latestTrailId(db).then(
      (id) => {
        this.after ??= BigInt(id);
      },
      (error: unknown) => {
        this.starting = null;
        throw error;
      },
    );
    return this.starting;
  }

  async read(db: AppDeps['db']): Promise<void> {
    if (this.after === null) return this.start(db);
    const rows = await trailRowsSince(db, String(this.after), [...this.gaps.keys()], TRAIL_PAGE);
    const seenAt = Date.now();
    for (const row of rows) {
      const id = BigInt(row.id);
      if (id <= this.after) {
        this.gaps.delete(row.id);
      } else {
        for (let missing = this.after + 1n; missing < id; missing++) {
          if (this.gaps.size < TRAIL_GAPS_KEPT) this.gaps.set(String(missing), seenAt);
        }
        this.after = id;
      }
      this.onRow(row);
    }
    for (const [id, since] of this.gaps) if (seenAt - since > TRAIL_GAP_PATIENCE_MS) this.gaps.delete(id);
  }
}

const ageSeconds = (now: Date, since: Date | null | undefined) =>
  since ? Math.max(0, (now.getTime() - since.getTime()) / 1000) : 0;

export interface DatabaseMetricsLogger {
  warn(message: string): void;
  info(message: string): void;
}

export function createDatabaseMetrics(options: {
  /** Read at each refresh, not kept: the db and clock the app has now. */
  deps: Pick<AppDeps, 'db' | 'clock'>;
  registry: Registry;
  /** The job queues to report (the catalogue's), so an unknown name in pg-boss's table is no label. */
  queues: readonly string[];
  log: DatabaseMetricsLogger;
}) {
  const { deps, registry, queues, log } = options;
  const registers = [registry];

  const lag = new Histogram({
    name: 'capsule_delivery_lag_seconds',
    help: 'Deliveries since this process started, by how long after its due time each capsule reached its recipient (read from the capsules record: every process)',
    buckets: LAG_BUCKETS,
    registers,
    collect: () => current().then(() => undefined),
  });
  const documentReviews = new Counter({
    name: 'capsule_document_reviews_total',
    help: "Operators' verdicts on recipients' documents since this process started, by outcome (read from the capsules record: every process)",
    labelNames: ['outcome'] as const,
    registers,
    collect: () => current().then(() => undefined),
  });
  for (const outcome of ['verified', 'rejected']) documentReviews.inc({ outcome }, 0);

  const trail = new TrailReader((row) => {
    if (row.event === 'delivered' && row.dueAt) {
      lag.observe(Math.max(0, (row.at.getTime() - row.dueAt.getTime()) / 1000));
    } else if (
      row.event === 'document_reviewed' &&
      (row.verdict === 'Verified' || row.verdict === 'Rejected')
    ) {
      documentReviews.inc({ outcome: row.verdict.toLowerCase() });
    }
  });

  const failing = new Set<string>();
  function settle<T>(part: string, work: () => Promise<T>): Promise<T | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${READ_TIMEOUT_MS} ms`)), READ_TIMEOUT_MS);
    });
    return Promise.race([work(), timeout]).then(
      (value) => {
        clearTimeout(timer);
        if (failing.delete(part)) log.info(`metrics: ${part} read again`);
        return value;
      },
      (error: unknown) => {
        clearTimeout(timer);
        // Once per outage, not at every scrape.
        if (!failing.has(part)) log.warn(`metrics: ${part} not read (${(error as Error).message})`);
        failing.add(part);
        return undefined;
      },
    );
  }

  async function read(): Promise<Snapshot> {
    const started = performance.now();
    const { db } = deps;
    const now = deps.clock.now();
    const [jobs, oldestJobs, overdue, outbox, failed, uploads, documents, fixity, sync, trailRead] =
      await Promise.all([
        settle('job queues', () => jobCounts(db, queues)),
        settle('oldest jobs', () => oldestReadyJobs(db, queues)),
        settle('deliveries', () => overdueDeliveries(db, now)),
        settle('mail outbox', () => mailOutbox(db, now, new Date(now.getTime() + MAIL_PUT_OFF_MS))),
        settle('failed mails', () => failedMails(db)),
        settle('uploads', () => uploadsInFlight(db)),
        settle('documents', () => documentsWaiting(db)),
        settle('fixity', () => fixityFailures(db)),
        settle('sync', () => syncBacklog(db)),
        settle('capsules record', () => trail.read(db).then(() => true as const)),
      ]);
    const parts = [jobs, oldestJobs, overdue, outbox, failed, uploads, documents, fixity, sync, trailRead];
    return {
      now,
      seconds: (performance.now() - started) / 1000,
      ok: parts.every((p) => p !== undefined),
      jobs,
      oldestJobs,
      overdue,
      outbox,
      failedMails: failed,
      uploads,
      documents,
      fixity,
      sync,
      trail: trailRead,
    };
  }

  let cached: { at: number; snapshot: Snapshot } | null = null;
  let reading: Promise<Snapshot> | null = null;
  function current(): Promise<Snapshot> {
    const now = deps.clock.now().getTime();
    // A clock set back (a read from its future) reads again.
    if (cached && now >= cached.at && now - cached.at < READ_MAX_AGE_MS)
      return Promise.resolve(cached.snapshot);
    reading ??= read()
      .then((snapshot) => {
        cached = { at: deps.clock.now().getTime(), snapshot };
        return snapshot;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  }

  /** A gauge filled from the snapshot at each scrape. */
  function gauge<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    fill: (snapshot: Snapshot, set: (labels: Partial<Record<L, string>>, value: number) => void) => void,
  ) {
    return new Gauge<L>({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        const snapshot = await current();
        this.reset();
        fill(snapshot, (labels, value) => this.set(labels, value));
      },
    });
  }

  gauge(
    'capsule_metrics_database_ok',
    'Whether every database read of the last scrape answered (1) or some series are NaN (0)',
    [],
    (s, set) => set({}, s.ok ? 1 : 0),
  );
  gauge(
    'capsule_metrics_database_read_seconds',
    'How long the last database read of /metrics took',
    [],
    (s, set) => set({}, s.seconds),
  );

  gauge(
    'capsule_jobs',
    'Background jobs by queue and state: ready (waiting for a worker), deferred (not due yet), active, failed (kept by pg-boss after the last try)',
    ['queue', 'state'],
    (s, set) => {
      for (const queue of queues) {
        const row = s.jobs?.find((r) => r.name === queue);
        for (const state of ['ready', 'deferred', 'active', 'failed'] as const) {
          set({ queue, state }, s.jobs ? Number(row?.[state] ?? 0) : Number.NaN);
        }
      }
    },
  );
  gauge(
    'capsule_job_oldest_ready_seconds',
    'Per queue, how long its oldest job ready to run has waited for a worker (0: none waiting)',
    ['queue'],
    (s, set) => {
      for (const queue of queues) {
        const row = s.oldestJobs?.find((r) => r.name === queue);
        set({ queue }, s.oldestJobs ? ageSeconds(row?.now ?? s.now, row?.since) : Number.NaN);
      }
    },
  );

  gauge(
    'capsule_delivery_overdue_capsules',
    'Capsules due that the delivery sweep should have delivered by now and has not',
    [],
    (s, set) => set({}, s.overdue?.count ?? Number.NaN),
  );
  gauge(
    'capsule_delivery_overdue_seconds',
    'How long the oldest of those has waited past its due time (0: none)',
    [],
    (s, set) => set({}, s.overdue ? ageSeconds(s.now, s.overdue.since) : Number.NaN),
  );

  gauge(
    'capsule_mail_outbox_mails',
    "Recipients' mails not sent: due (their try is due now), retrying (a try failed, another will come), failed (given up after about 14 days)",
    ['state'],
    (s, set) => {
      set({ state: 'due' }, s.outbox?.due ?? Number.NaN);
      set({ state: 'retrying' }, s.outbox?.retrying ?? Number.NaN);
      set({ state: 'failed' }, s.failedMails ?? Number.NaN);
    },
  );
  gauge(
    'capsule_mail_outbox_oldest_seconds',
    "How long the oldest recipient's mail that should have gone out has been owed (0: none)",
    [],
    (s, set) => set({}, s.outbox ? ageSeconds(s.now, s.outbox.owedSince) : Number.NaN),
  );

  gauge(
    'capsule_uploads_in_flight',
    'Video uploads under way: open (the browser is sending) or completed (waiting for the review job)',
    ['state'],
    (s, set) => {
      for (const state of ['open', 'completed'] as const) {
        const row = s.uploads?.find((r) => r.state === state);
        set({ state }, s.uploads ? Number(row?.n ?? 0) : Number.NaN);
      }
    },
  );
  gauge(
    'capsule_uploads_awaiting_review_oldest_seconds',
    'How long the oldest completed upload has waited for its review (0: none)',
    [],
    (s, set) => {
      const completed = s.uploads?.find((r) => r.state === 'completed');
      set({}, s.uploads ? ageSeconds(s.now, completed?.oldestCompleted) : Number.NaN);
    },
  );

  gauge(
    'capsule_documents_awaiting_review',
    "Recipients' documents waiting for an operator's verdict",
    [],
    (s, set) => set({}, s.documents?.count ?? Number.NaN),
  );
  gauge(
    'capsule_documents_awaiting_review_oldest_seconds',
    'How long the oldest of those has waited (0: none)',
    [],
    (s, set) => set({}, s.documents ? ageSeconds(s.now, s.documents.oldest) : Number.NaN),
  );

  gauge(
    'capsule_fixity_failures',
    'Kept videos and documents the fixity sweep found missing or changed (mismatch), not restored since',
    ['failure'],
    (s, set) => {
      for (const failure of ['missing', 'mismatch'] as const) {
        const row = s.fixity?.find((r) => r.failure === failure);
        set({ failure }, s.fixity ? Number(row?.n ?? 0) : Number.NaN);
      }
    },
  );

  gauge(
    'capsule_sync_records',
    'Business-system (Odoo) records not synced: pending (waiting or retrying) and failed (after the last try)',
    ['status'],
    (s, set) => {
      for (const status of ['pending', 'failed'] as const) {
        const row = s.sync?.find((r) => r.syncStatus === status);
        set({ status }, s.sync ? Number(row?.n ?? 0) : Number.NaN);
      }
    },
  );

  return {
    /** Where this process starts reading the capsules' record; tried again at each scrape until it answers. */
    start: () => trail.start(deps.db).catch(() => undefined),
  };
}
