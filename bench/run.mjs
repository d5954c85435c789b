// Benchmark: an authenticated tRPC call and its REST shim beside a bare Fastify route, in one
// run on loopback, printed as ratios. Run with `npm run bench` (it builds first).
// DATABASE_URL set: runs on that PostgreSQL (in a scratch database); unset: in-memory PGlite.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { openDatabase } from '../apps/server/dist/db/database.js';
import { migrateToLatest } from '../apps/server/dist/db/migrate.js';
import { createAppDeps } from '../apps/server/dist/deps.js';
import { createUser } from '../apps/server/dist/modules/users/index.js';

const { DATABASE_URL, BENCH_SECONDS = '10', BENCH_CONNECTIONS = '20' } = process.env;
const duration = Number(BENCH_SECONDS);
const connections = Number(BENCH_CONNECTIONS);

async function scratchDatabase() {
  if (!DATABASE_URL) return { handle: await openDatabase({}), drop: async () => {} };
  const name = `capsule_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: connections });
  return {
    handle,
    drop: async () => {
      const c = new pg.Client({ connectionString: DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'capsule-bench-'));
const config = Object.freeze({
  ...loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-secret-'.repeat(4),
    LOG_LEVEL: 'silent',
    // The flood guard would answer 429 to a benchmark: lift it so the routes themselves are measured.
    API_RATE_LIMIT: '100000000',
  }),
});
const { handle, drop } = await scratchDatabase();
await migrateToLatest(handle.db);

const outbox = [];
const mailer = { send: async (m) => void outbox.push(m), close: () => {} };
const deps = createAppDeps({ config, db: handle.db, mailer });
const app = await buildApp(deps, { serveWeb: false, logger: false });
app.get('/bench/bare', async () => ({ hasReadTerms: true, otpVerified: true }));
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${app.server.address().port}`;

// Sign in as a user would, to get a verified session cookie.
const user = { email: 'bench@example.test', password: 'bench password 1', fullName: 'Bench User' };
await createUser(handle.db, user);
let cookie = '';
async function call(method, url, body) {
  const res = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const set = res.headers.getSetCookie().find((c) => c.startsWith('capsule_session='));
  if (set) cookie = set.split(';')[0];
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}
await call('POST', '/api/login', { email: user.email, password: user.password });
await call('POST', '/api/send-otp', {});
const code = /\b(\d{6})\b/.exec(outbox.at(-1).text)[1];
await call('POST', '/api/verify-otp', { oneTimeCode: code });
await call('POST', '/api/accept-terms', { accepted: true });

const targets = [
  ['bare Fastify route', '/bench/bare'],
  ['tRPC terms.check', '/trpc/terms.check'],
  ['REST GET /api/check-terms', '/api/check-terms'],
];
const results = [];
for (const [name, url] of targets) {
  const r = await autocannon({ url: base + url, connections, duration, headers: { cookie } });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  results.push({ name, rps: r.requests.average, p99: r.latency.p99 });
}

const bare = results[0];
console.log(`\n${handle.kind}, ${connections} connections, ${duration} s each, Node ${process.version}\n`);
console.log('target                      req/s    p99 ms   req/s vs bare   p99 vs bare');
for (const r of results) {
  console.log(
    `${r.name.padEnd(26)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p99).padStart(8)}   ${(r.rps / bare.rps).toFixed(2).padStart(13)}   ${(r.p99 / Math.max(bare.p99, 1)).toFixed(2).padStart(11)}`,
  );
}
const [, trpc, rest] = results;
console.log(
  `\ntRPC / REST: req/s ${(trpc.rps / rest.rps).toFixed(2)}, p99 ${(trpc.p99 / Math.max(rest.p99, 1)).toFixed(2)}`,
);

await app.close();
await handle.close();
await drop();
rmSync(dataDir, { recursive: true, force: true });
