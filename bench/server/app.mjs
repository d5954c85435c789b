// The real app, built from apps/server/dist as the server builds it, and a bench account
// signed in through the real REST calls (password, one-time code, terms).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { createAppDeps } from '../../apps/server/dist/deps.js';
import { createBlobStorage } from '../../apps/server/dist/modules/storage/index.js';
import { createUser } from '../../apps/server/dist/modules/users/index.js';

const BENCH_STORAGE =
  'DefaultEndpointsProtocol=https;AccountName=capsulebench;EndpointSuffix=core.windows.net;AccountKey=' +
  Buffer.alloc(64, 7).toString('base64');
const USER = { email: 'bench@example.test', password: 'bench password 1', fullName: 'Bench User' };

/**
 * The storage and job queue the benches give the app: the real storage client signing SAS
 * offline with an account key (no service behind it), and a queue that refuses (nothing
 * measured sends a job). With a config, its storage keeps the kept shim 'sas-cache' as the
 * config says (KEPT_SHIMS_OFF), as the server's runtime does.
 */
export function benchServices(config) {
  const storage = createBlobStorage({
    connectionString: BENCH_STORAGE,
    keepAlignedGrants: config?.keptShims['sas-cache'] ?? true,
  });
  const jobs = {
    send: () => {
      throw new Error('the benches have no job queue');
    },
  };
  return { storage, jobs };
}

/**
 * The app's config as the server would load it from its environment, plus `env` (such as
 * KEPT_SHIMS_OFF: a second configuration is a second start with another environment, not a
 * path of the bench's own).
 */
function benchConfig(dataDir, env = {}) {
  return Object.freeze({
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'bench-secret-'.repeat(4),
      LOG_LEVEL: 'silent',
      // The flood guard would answer 429 to a benchmark: lift it so the routes themselves are measured.
      API_RATE_LIMIT: '100000000',
      ...env,
    }),
    // As in production: the REST answers are not read back against their schemas there.
    checkRestAnswers: false,
  });
}

/**
 * Two instances over one database: `app` listens and takes the load; `counted` has the query
 * recorder on its db and answers app.inject() once per target, so recording costs the measured
 * instance nothing. `env`: more of the app's environment (startOffApp).
 */
export async function startApps(db, recorder, env = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'capsule-bench-'));
  const config = benchConfig(dataDir, env);
  const outbox = [];
  const mailer = { send: async (m) => void outbox.push(m), close: () => {} };
  // The lists sign a read SAS for each capsule's thumbnail, as in production: the real storage
  // client signs them with an account key offline. No service stands behind it (a route that
  // reached it would fail), and nothing measured here queues a job.
  const { storage, jobs } = benchServices(config);
  const deps = createAppDeps({ config, db, mailer, storage, jobs });
  const app = await buildApp(deps, { serveWeb: false, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const counted = recorder
    ? await buildApp(createAppDeps({ config, db: db.withPlugin(recorder), mailer, storage, jobs }), {
        serveWeb: false,
        logger: false,
      })
    : undefined;
  const base = `http://127.0.0.1:${app.server.address().port}`;
  return {
    app,
    counted,
    base,
    outbox,
    config,
    close: async () => {
      await app.close();
      await counted?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The same app started again, over the same database and with the same session secret (the
 * bench account's cookie works on it), with KEPT_SHIMS_OFF set to `off` (docs/decisions/028):
 * the kept shims it names are off, and the library is asked every time. 'control': with nothing
 * off, a second app like the first.
 */
export const startOffApp = (db, off) =>
  startApps(db, undefined, { KEPT_SHIMS_OFF: off === 'control' ? '' : off });

/**
 * Signs in as a browser would, through the real REST calls (password, one-time code from
 * `readCode()`, terms): answers the session cookie.
 */
export async function signInOverRest(base, { email, password }, readCode) {
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
  await call('POST', '/api/login', { email, password });
  await call('POST', '/api/send-otp', {});
  await call('POST', '/api/verify-otp', { oneTimeCode: await readCode() });
  await call('POST', '/api/accept-terms', { accepted: true });
  return cookie;
}

/** Creates the bench user and signs in as a browser would: { userId, cookie }. */
export async function signInBenchUser(db, { base, outbox }) {
  const { id: userId } = await createUser(db, USER);
  const cookie = await signInOverRest(base, USER, async () => /\b(\d{6})\b/.exec(outbox.at(-1).text)[1]);
  return { userId, cookie };
}
