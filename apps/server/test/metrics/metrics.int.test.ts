import { randomUUID } from 'node:crypto';
import { CamelCasePlugin, type CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import type { Database } from '../../src/db/schema.js';
import { JOBS } from '../../src/jobs/catalogue.js';
import * as reads from '../../src/modules/metrics/metrics.repository.js';
import {
  adminCommand,
  capsuleRow,
  mailRows,
  RECIPIENT_EMAIL,
  senderWithStoredCapsule,
  smtpDown,
} from '../delivery/delivery-setup.js';
import { signIn, trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { moveClockTo, type Person, receivedCapsule, submitDocument } from '../support/received.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestImage, makeTestVideo, type TestFile } from '../support/test-videos.js';
import { memberWithCapsule, sendFile, startFor } from '../support/uploads.js';

// /metrics after a scripted journey: a member signs in and makes calls (one refused with a 404,
// one batch with a failing call, an unknown procedure, a REST 404), one upload is refused and
// another stored by the review, a capsule is delivered by the sweep 7 minutes after it was due,
// its mail fails and waits in the outbox, an operator verifies one document and rejects another
// while a third waits, a kept video is found changed by the fixity sweep, a sync record fails, a
// job fails for good and two others wait for a worker. Each series is then read with the value
// the journey gives it. /metrics is refused to an address not configured and to a wrong token;
// no label holds an id; with the database away a scrape still answers the process's own series.
// On PostgreSQL, every statement a scrape sends is planned on an index.

const TOKEN = 'metrics-token-for-the-tests';
/** How long a scrape's database read is reused (database-metrics.ts): a fresh one is this much later. */
const READ_REUSED_MS = 5_000;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text format's samples (comments skipped; label values unescaped). */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`Not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[l[1] as string] = (l[2] as string).replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    samples.push({ name: m[1] as string, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The one sample of that name whose labels include these; undefined when there is none. */
function find(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

/** As find, and it must be there. */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = find(samples, name, labels);
  if (found === undefined) throw new Error(`No sample ${name} ${JSON.stringify(labels)}`);
  return found;
}

describe.each(databaseKinds())('/metrics (%s)', (kind) => {
  let t: TestApp;
  let video: TestFile;
  let png: TestFile;

  beforeAll(async () => {
    [t, video, png] = await Promise.all([
      startTestApp(kind, { metricsToken: TOKEN, metricsAllow: ['10.0.0.0/8', 'fd00::/8', '192.0.2.7'] }),
      makeTestVideo({ seconds: 2, format: 'mp4' }),
      makeTestImage('png'),
    ]);
  }, 120_000);
  afterAll(async () => t?.close());

  const get = (headers: Record<string, string> = {}) => fetch(`${t.baseUrl}/metrics`, { headers });
  const fromAddress = (remoteAddress: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
  async function scrape(): Promise<Sample[]> {
    const answer = await get({ authorization: `Bearer ${TOKEN}` });
    expect(answer.status).toBe(200);
    return parseMetrics(await answer.text());
  }
  /** Moves the app's clock past the time a read is reused: the next scrape reads afresh. */
  function outliveTheRead() {
    t.clock.advanceMinutes((READ_REUSED_MS + 100) / 60_000);
  }
  /** A scrape with its own database read (the previous one is no longer reused). */
  async function freshScrape(): Promise<Sample[]> {
    outliveTheRead();
    return scrape();
  }

  it('answers the configured addresses and the bearer token, and refuses everyone else alike', async () => {
    const refused = { error: 'Metrics are not available to this client.' };
    // This test talks from 127.0.0.1, which METRICS_ALLOW does not name.
    const attempts: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
      // X-Forwarded-For is trusted from nobody here (TRUST_PROXY unset): it cannot open the door.
      { 'x-forwarded-for': '10.1.2.3' },
    ];
    for (const headers of attempts) {
      const answer = await get(headers);
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await answer.json()).toEqual(refused);
    }
    for (const address of ['192.168.1.5', '11.0.0.1', '192.0.2.8', 'fe80::1', '::ffff:192.168.1.5']) {
      const answer = await fromAddress(address);
      expect(answer.statusCode, address).toBe(403);
      expect(answer.json()).toEqual(refused);
    }

    const withToken = await get({ authorization: `Bearer ${TOKEN}` });
    expect(withToken.status).toBe(200);
    expect(withToken.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(withToken.headers.get('cache-control')).toBe('no-store');
    // Outside the session's path: no cookie is read or set.
    expect(withToken.headers.get('set-cookie')).toBeNull();
    expect(await withToken.text()).toMatch(/^capsule_http_requests_total\{/m);
    for (const address of ['10.20.30.40', '::ffff:10.1.1.1', 'fd00::5', '192.0.2.7']) {
      const answer = await fromAddress(address);
      expect(answer.statusCode, address).toBe(200);
      expect(answer.body).toMatch(/^capsule_metrics_database_ok 1$/m);
    }
  });

  it('after a scripted journey, shows each series with the values the journey gives it', async () => {
    const before = await scrape();
    const delta = (after: Sample[], name: string, labels: Record<string, string>) =>
      (find(after, name, labels) ?? 0) - (find(before, name, labels) ?? 0);
    // The events are counted from the app's start: nothing has happened yet.
    for (const event of ['started', 'completed', 'refused'])
      expect(value(before, 'capsule_uploads_total', { event })).toBe(0);
    expect(value(before, 'capsule_video_reviews_total', { outcome: 'accepted' })).toBe(0);
    expect(value(before, 'capsule_document_reviews_total', { outcome: 'verified' })).toBe(0);
    expect(value(before, 'capsule_delivery_lag_seconds_count')).toBe(0);

    // A kept video, to be changed behind the product's back.
    const keeper: Person = await t.createUser({ fullName: 'Kim Keeper' });
    const friend: Person = await t.createUser({ fullName: 'Fay Friend' });
    const kept = await receivedCapsule(t, keeper, friend, { criteria: 'View_Any_Time' });
    const keptRow = await capsuleRow(t, kept);
    // A recipient sends documents for three capsules (storage takes them by SAS, so before the
    // clock moves: the emulator checks a SAS's times against its own clock).
    const giver: Person = await t.createUser({ fullName: 'Gil Giver' });
    const heir: Person = await t.createUser({ fullName: 'Hana Heir' });
    const documents = [];
    for (let i = 0; i < 3; i++)
      documents.push(await receivedCapsule(t, giver, heir, { criteria: 'Premium_Verification' }));
    const heirClient = await signIn(t, heir);
    for (const capsuleId of documents) await submitDocument(heirClient, capsuleId, { bytes: png.bytes });
    // One upload refused at completion (not a video), one stored by the review.
    const refusedMember = await memberWithCapsule(t);
    const notVideo = {
      bytes: Buffer.from('this is not a video, whatever its name says'),
      contentType: 'video/mp4',
    };
    const slot = await startFor(refusedMember.client, refusedMember.capsuleId, notVideo);
    await sendFile(slot, notVideo.bytes);
    const refusal = await trpcError(
      refusedMember.client.trpc.capsules.upload.complete.mutate({
        capsuleId: refusedMember.capsuleId,
        uploadId: slot.uploadId,
      }),
    );
    expect(refusal.data?.httpStatus).toBe(400);
    await t.createUser({ email: RECIPIENT_EMAIL, fullName: 'Alan Turing' });
    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const sender = await senderWithStoredCapsule(t, video, {
      enabled: true,
      timing: 'custom',
      customDate: `${tomorrow}T12:00`,
      timezone: 'UTC',
    });
    await sender.client.trpc.capsules.lock.mutate({ capsuleId: sender.capsuleId });

    // A few calls: a 404 by tRPC, a batch with a failing call, a name that is no procedure, REST 404s.
    await sender.client.trpc.capsules.list.query({ status: null, types: [], page: 1, sort: 'oldest' });
    const missing = await trpcError(sender.client.trpc.capsules.byId.query({ id: randomUUID() }));
    expect(missing.data?.httpStatus).toBe(404);
    const batchInput = encodeURIComponent(JSON.stringify({ 1: { id: randomUUID() } }));
    const batch = await sender.client.rest(
      'GET',
      `/trpc/capsules.counts,capsules.byId?batch=1&input=${batchInput}`,
    );
    expect(batch.status).toBe(207);
    expect((await sender.client.rest('GET', '/trpc/no.such.procedure')).status).toBe(404);
    expect((await sender.client.rest('GET', `/api/capsules/${randomUUID()}`)).status).toBe(404);
    expect((await sender.client.rest('GET', `/api/no-such-thing/${randomUUID()}`)).status).toBe(404);

    // Due tomorrow at noon: seven minutes past it, the sweep has not run yet.
    await smtpDown(t);
    const due = (await capsuleRow(t, sender.capsuleId)).dueAt;
    if (!due) throw new Error('A locked capsule has its due time');
    outliveTheRead();
    moveClockTo(t, new Date(due.getTime() + 7 * 60_000));
    const overdue = await scrape();
    expect(value(overdue, 'capsule_delivery_overdue_capsules')).toBe(1);
    expect(value(overdue, 'capsule_delivery_overdue_seconds')).toBeGreaterThanOrEqual(420);
    expect(value(overdue, 'capsule_delivery_overdue_seconds')).toBeLessThan(440);

    // The sweep delivers it; its mail's first try fails (the mail server is away).
    const deliverRun = await t.runJob('capsules.deliver', {});
    const delivered = await capsuleRow(t, sender.capsuleId);
    const lagSeconds = ((delivered.deliveredAt?.getTime() ?? 0) - due.getTime()) / 1000;
    expect(lagSeconds).toBeGreaterThanOrEqual(420);
    await t.until(async () => (await mailRows(t, sender.capsuleId))[0]?.lastError != null, 'a failed try');
    const [mail] = await mailRows(t, sender.capsuleId);

    // An operator verifies one document and rejects another; the third waits.
    const [verified, rejected, waiting] = documents as [string, string, string];
    await adminCommand(t, 'verification:approve', { id: verified });
    await adminCommand(t, 'verification:reject', { id: rejected, reason: 'The photo is blurred.' });
    const waitingSince = (
      await t.deps.db
        .selectFrom('documentUploads')
        .innerJoin('receivedCapsules', 'receivedCapsules.id', 'documentUploads.receivedCapsuleId')
        .select('documentUploads.submittedAt')
        .where('receivedCapsules.capsuleId', '=', waiting)
        .where('documentUploads.state', '=', 'submitted')
        .executeTakeFirstOrThrow()
    ).submittedAt;

    // Its bytes changed; a day on, the hourly fixity sweep finds it.
    await t.deps.storage.uploadBuffer(
      { container: `user-${keeper.id}`, blob: keptRow.videoBlobName ?? '' },
      Buffer.from('bit rot'),
      'video/mp4',
    );
    t.clock.advanceDays(1);
    const fixityFailed = () =>
      t.deps.db.selectFrom('storedBlobs').select('failure').where('failedAt', 'is not', null).execute();
    for (let sweep = 0; sweep < 15 && (await fixityFailed()).length === 0; sweep++) {
      t.clock.advanceMinutes(60);
      await t.runJob('storage.fixity', {});
    }
    expect(await fixityFailed()).toEqual([{ failure: 'mismatch' }]);

    // A business-system record failed after its last try; the others wait (no Odoo configured).
    const [first] = await t.deps.db
      .selectFrom('integrationSyncRecords')
      .select('id')
      .where('syncStatus', '=', 'pending')
      .limit(1)
      .execute();
    await t.deps.db
      .updateTable('integrationSyncRecords')
      .set({ syncStatus: 'failed', errorMessage: 'Arranged by the test' })
      .where('id', '=', first?.id ?? '')
      .execute();
    const pendingSync = Number(
      (
        await t.deps.db
          .selectFrom('integrationSyncRecords')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('syncStatus', '=', 'pending')
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(pendingSync).toBeGreaterThan(0);

    // Jobs: the queue stops (no worker takes anything any more); the sweep's job is marked failed
    // for good, and the two upload expiries (deferred to their slots' deadlines) made ready five
    // minutes ago, as if no worker had run since.
    await t.queue.stop();
    await sql`update pgboss.job set state = 'failed', completed_on = now() where id = ${deliverRun.id}::uuid`.execute(
      t.deps.db,
    );
    await sql`update pgboss.job set start_after = now() - interval '5 minutes',
        created_on = now() - interval '6 minutes'
      where name = 'upload.expire' and state = 'created'`.execute(t.deps.db);

    outliveTheRead();
    const after = await scrape();
    const scrapedAt = t.clock.now();

    expect(value(after, 'capsule_metrics_database_ok')).toBe(1);
    // Uploads and the review, counted in this process.
    expect(value(after, 'capsule_uploads_total', { event: 'started' })).toBe(2);
    expect(value(after, 'capsule_uploads_total', { event: 'completed' })).toBe(1);
    expect(value(after, 'capsule_uploads_total', { event: 'refused' })).toBe(1);
    expect(value(after, 'capsule_video_reviews_total', { outcome: 'accepted' })).toBe(1);
    expect(value(after, 'capsule_video_reviews_total', { outcome: 'rejected' })).toBe(0);
    // Where that review's time went: each phase once, none longer than the whole.
    const total = value(after, 'capsule_video_review_phase_seconds_sum', { phase: 'total' });
    for (const phase of ['master_hash', 'probe', 'encode', 'rendition_store', 'thumbnail', 'total']) {
      expect(value(after, 'capsule_video_review_phase_seconds_count', { phase })).toBe(1);
      const seconds = value(after, 'capsule_video_review_phase_seconds_sum', { phase });
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(total);
    }
    expect(value(after, 'capsule_uploads_in_flight', { state: 'open' })).toBe(0);
    expect(value(after, 'capsule_uploads_in_flight', { state: 'completed' })).toBe(0);
    expect(value(after, 'capsule_uploads_awaiting_review_oldest_seconds')).toBe(0);

    // The delivery, 7 minutes late, from the capsules' record; nothing overdue any more.
    expect(value(after, 'capsule_delivery_lag_seconds_count')).toBe(1);
    expect(value(after, 'capsule_delivery_lag_seconds_sum')).toBeCloseTo(lagSeconds, 3);
    expect(value(after, 'capsule_delivery_lag_seconds_bucket', { le: '300' })).toBe(0);
    expect(value(after, 'capsule_delivery_lag_seconds_bucket', { le: '600' })).toBe(1);
    expect(value(after, 'capsule_delivery_overdue_capsules')).toBe(0);
    expect(value(after, 'capsule_delivery_overdue_seconds')).toBe(0);

    // Its mail: due (its retry was a minute after the failed try, a day ago), retrying, owed
    // since the delivery.
    expect(value(after, 'capsule_mail_outbox_mails', { state: 'due' })).toBe(1);
    expect(value(after, 'capsule_mail_outbox_mails', { state: 'retrying' })).toBe(1);
    expect(value(after, 'capsule_mail_outbox_mails', { state: 'failed' })).toBe(0);
    const owed = (scrapedAt.getTime() - (mail?.createdAt.getTime() ?? 0)) / 1000;
    expect(value(after, 'capsule_mail_outbox_oldest_seconds')).toBeGreaterThanOrEqual(86_400);
    expect(value(after, 'capsule_mail_outbox_oldest_seconds')).toBeLessThanOrEqual(owed);
    expect(value(after, 'capsule_mail_outbox_oldest_seconds')).toBeGreaterThan(owed - 5);

    // The operator's verdicts, from the record; the waiting document.
    expect(value(after, 'capsule_document_reviews_total', { outcome: 'verified' })).toBe(1);
    expect(value(after, 'capsule_document_reviews_total', { outcome: 'rejected' })).toBe(1);
    expect(value(after, 'capsule_documents_awaiting_review')).toBe(1);
    const docAge = (scrapedAt.getTime() - (waitingSince?.getTime() ?? 0)) / 1000;
    expect(value(after, 'capsule_documents_awaiting_review_oldest_seconds')).toBeGreaterThan(docAge - 5);
    expect(value(after, 'capsule_documents_awaiting_review_oldest_seconds')).toBeLessThanOrEqual(docAge);

    expect(value(after, 'capsule_fixity_failures', { failure: 'mismatch' })).toBe(1);
    expect(value(after, 'capsule_fixity_failures', { failure: 'missing' })).toBe(0);
    expect(value(after, 'capsule_sync_records', { status: 'failed' })).toBe(1);
    expect(value(after, 'capsule_sync_records', { status: 'pending' })).toBe(pendingSync);

    // The job queues: one failed for good, two ready for five minutes with no worker.
    expect(value(after, 'capsule_jobs', { queue: 'capsules.deliver', state: 'failed' })).toBe(1);
    expect(value(after, 'capsule_jobs', { queue: 'upload.expire', state: 'ready' })).toBe(2);
    expect(value(after, 'capsule_jobs', { queue: 'upload.expire', state: 'deferred' })).toBe(0);
    expect(
      value(after, 'capsule_job_oldest_ready_seconds', { queue: 'upload.expire' }),
    ).toBeGreaterThanOrEqual(300);
    expect(value(after, 'capsule_job_oldest_ready_seconds', { queue: 'upload.expire' })).toBeLessThan(330);
    expect(value(after, 'capsule_job_oldest_ready_seconds', { queue: 'capsules.deliver' })).toBe(0);
    // Every queue of the catalogue, and nothing else.
    const queues = new Set(after.filter((s) => s.name === 'capsule_jobs').map((s) => s.labels.queue));
    expect([...queues].sort()).toEqual(Object.keys(JOBS).sort());

    // HTTP, by route template and tRPC procedure.
    const requests = (method: string, route: string, status: string) =>
      delta(after, 'capsule_http_requests_total', { method, route, status });
    expect(requests('GET', '/trpc/capsules.byId', '404')).toBe(2);
    expect(requests('GET', '/trpc/capsules.counts', '200')).toBe(1);
    expect(requests('GET', '/trpc/capsules.list', '200')).toBeGreaterThanOrEqual(1);
    expect(requests('GET', '/trpc/(unknown)', '404')).toBe(1);
    expect(requests('GET', '/api/capsules/:id', '404')).toBe(1);
    expect(requests('GET', '(unmatched)', '404')).toBe(1);
    expect(requests('POST', '/trpc/capsules.upload.complete', '400')).toBe(1);
    expect(requests('POST', '/trpc/capsules.upload.complete', '200')).toBe(1);
    expect(requests('POST', '/trpc/capsules.upload.start', '200')).toBe(2);
    expect(requests('POST', '/trpc/auth.login', '200')).toBe(3);
    expect(
      delta(after, 'capsule_http_errors_total', { route: '/trpc/capsules.byId', code: 'NOT_FOUND' }),
    ).toBe(2);
    expect(
      delta(after, 'capsule_http_errors_total', {
        route: '/trpc/capsules.upload.complete',
        code: 'BAD_INPUT',
      }),
    ).toBe(1);
    expect(delta(after, 'capsule_http_errors_total', { route: '/api/capsules/:id', code: 'NOT_FOUND' })).toBe(
      1,
    );
    expect(
      delta(after, 'capsule_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/trpc/capsules.counts',
      }),
    ).toBe(1);
    // The scrapes themselves: the first test's refusals (six over HTTP, five injected).
    expect(
      value(after, 'capsule_http_requests_total', { method: 'GET', route: '/metrics', status: '403' }),
    ).toBe(11);

    // The pools: PostgreSQL's app pool (the job queue's is closed with it); PGlite has none.
    if (kind === 'postgres') {
      expect(value(after, 'capsule_db_pool_max', { pool: 'app' })).toBe(25);
      expect(find(after, 'capsule_db_pool_max', { pool: 'jobs' })).toBeUndefined();
      expect(value(after, 'capsule_db_pool_waiting', { pool: 'app' })).toBe(0);
    } else {
      expect(after.some((s) => s.name.startsWith('capsule_db_pool_'))).toBe(false);
    }
    // Node's own series, once.
    expect(value(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);

    // No label holds an id, an address asked for or a procedure nobody has.
    for (const sample of after) {
      for (const [label, text] of Object.entries(sample.labels)) {
        expect(text, `${sample.name} ${label}`).not.toMatch(UUID);
        expect(text).not.toContain('no.such');
        expect(text).not.toContain('no-such-thing');
      }
    }

    // A second scrape at once reuses the database read.
    const again = await scrape();
    expect(value(again, 'capsule_metrics_database_read_seconds')).toBe(
      value(after, 'capsule_metrics_database_read_seconds'),
    );
  }, 240_000);

  it("with the database away, a scrape still answers the process's own series", async () => {
    const working = t.deps.db;
    const pool = new pg.Pool({
      connectionString: 'postgres://nobody@127.0.0.1:1/none',
      connectionTimeoutMillis: 500,
    });
    pool.on('error', () => undefined);
    t.deps.db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins: [new CamelCasePlugin()],
    });
    try {
      const away = await freshScrape();
      expect(value(away, 'capsule_metrics_database_ok')).toBe(0);
      // What was not read is NaN, never a zero an alert would take for good news.
      expect(value(away, 'capsule_jobs', { queue: 'capsules.deliver', state: 'failed' })).toBeNaN();
      expect(value(away, 'capsule_delivery_overdue_seconds')).toBeNaN();
      expect(value(away, 'capsule_mail_outbox_mails', { state: 'due' })).toBeNaN();
      expect(value(away, 'capsule_sync_records', { status: 'pending' })).toBeNaN();
      expect(value(away, 'capsule_uploads_total', { event: 'started' })).toBe(2);
      expect(
        value(away, 'capsule_http_requests_total', { method: 'GET', route: '/metrics', status: '200' }),
      ).toBeGreaterThan(0);
    } finally {
      await t.deps.db.destroy();
      t.deps.db = working;
    }
    const back = await freshScrape();
    expect(value(back, 'capsule_metrics_database_ok')).toBe(1);
    expect(value(back, 'capsule_document_reviews_total', { outcome: 'verified' })).toBe(1);
  }, 30_000);

  // PostgreSQL's plans only (PGlite plans tiny tables its own way): defined for that kind alone,
  // so no run reports it skipped.
  if (kind === 'postgres')
    it('plans every statement of a scrape on the index it is written for', async () => {
      const statements: CompiledQuery[] = [];
      // One connection for the reads, one for the plans.
      const pool = new pg.Pool({ connectionString: t.databaseUrl, max: 2 });
      const db: Db = new Kysely<Database>({
        dialect: new PostgresDialect({ pool }),
        plugins: [new CamelCasePlugin()],
        log: (event) => {
          if (event.level === 'query') statements.push(event.query);
        },
      });
      const now = t.clock.now();
      const queues = Object.keys(JOBS);
      // Each read of a scrape, with the indexes its plan may use: a full walk of an index that grows
      // with the tables (every undelivered capsule, every trail row) would be no better than a scan.
      const expected: Array<[() => Promise<unknown>, RegExp]> = [
        [() => reads.jobCounts(db, queues), /^job\w*_i14$/],
        [() => reads.oldestReadyJobs(db, queues), /^job\w*_i11$/],
        [() => reads.overdueDeliveries(db, now), /^capsules_delivery_claim_idx$/],
        [
          () => reads.mailOutbox(db, now, new Date(now.getTime() + 30 * 60_000)),
          /^(delivery_mails_pending_idx|capsules_pkey)$/,
        ],
        [() => reads.failedMails(db), /^delivery_mails_failed_idx$/],
        [() => reads.uploadsInFlight(db), /^video_uploads_one_in_flight_idx$/],
        [() => reads.documentsWaiting(db), /^document_uploads_waiting_idx$/],
        [() => reads.fixityFailures(db), /^stored_blobs_failed_idx$/],
        [() => reads.syncBacklog(db), /^integration_sync_records_(sync_status|due)_idx$/],
        [() => reads.latestTrailId(db), /^capsule_trail_pkey$/],
        [() => reads.trailRowsSince(db, '0', ['1', '2'], 5_000), /^(capsule_trail_pkey|capsules_pkey)$/],
      ];
      try {
        const client = await pool.connect();
        try {
          for (const [read, indexes] of expected) {
            statements.length = 0;
            await read();
            expect(statements).toHaveLength(1);
            const statement = statements[0] as CompiledQuery;
            await client.query('begin');
            // With sequential scans priced out, one still chosen means no index serves the statement.
            await client.query('set local enable_seqscan = off');
            const { rows } = await client.query(`explain (format json) ${statement.sql}`, [
              ...statement.parameters,
            ]);
            await client.query('rollback');
            const scans: string[] = [];
            const used: string[] = [];
            const walk = (node: Record<string, unknown>) => {
              if (typeof node['Relation Name'] === 'string')
                scans.push(`${node['Node Type']} on ${node['Relation Name']}`);
              if (typeof node['Index Name'] === 'string') used.push(node['Index Name']);
              for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
            };
            walk((rows[0]['QUERY PLAN'] as Array<{ Plan: Record<string, unknown> }>)[0]?.Plan ?? {});
            for (const scan of scans) expect(scan, statement.sql).not.toMatch(/^Seq Scan/);
            expect(used.length, statement.sql).toBeGreaterThan(0);
            for (const index of used) expect(index, statement.sql).toMatch(indexes);
          }
        } finally {
          client.release();
        }
      } finally {
        await db.destroy();
      }
    });
});
