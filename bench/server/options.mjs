// The bench's knobs, read once from the environment (bench/README.md lists them).
import { KEPT_SHIM_NAMES } from '../../apps/server/dist/kept-shims.js';

const env = process.env;

const whole = (name, fallback) => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw.replaceAll('_', ''));
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number, not ${raw}`);
  return value;
};

const onPostgres = Boolean(env.DATABASE_URL);

export const options = Object.freeze({
  databaseUrl: env.DATABASE_URL,
  // The web bench's browser (bench/web): Debian's Chromium unless named.
  chromiumPath: env.CHROMIUM_PATH || '/usr/bin/chromium',
  seconds: whole('BENCH_SECONDS', 5),
  warmupSeconds: whole('BENCH_WARMUP', 1),
  connections: whole('BENCH_CONNECTIONS', 20),
  // Rounds at each size: the main pass, then rounds measuring the minimal route and the two
  // lists again, one after another (their ratios), and the counts, the dashboard batch and the
  // delivery list (the latency goal's medians; report.mjs).
  ratioRounds: whole('BENCH_RATIO_ROUNDS', 3),
  small: whole('BENCH_SMALL', 1_000),
  // PGlite (one in-process WASM connection) seeds a million rows slowly: it defaults smaller.
  large: whole('BENCH_LARGE', onPostgres ? 1_000_000 : 100_000),
  // Other users' capsules beside the bench account's (1.2 M rows in all, as in the first measurements: bench/README.md, 'Before').
  others: whole('BENCH_OTHERS', onPostgres ? 200_000 : 20_000),
  // The configurations the kept shims are measured against (docs/decisions/028): each a value of
  // the app's KEPT_SHIMS_OFF, separated by spaces; by default all of them off, then each alone.
  // 'control' starts the same app again with nothing off (an A/A comparison: its gains are the
  // run's noise and any bias of the order of measuring); 'none' measures the shims-on app only.
  shimsOff: (env.BENCH_SHIMS_OFF?.trim() || ['all', ...KEPT_SHIM_NAMES].join(' '))
    .split(/\s+/)
    .filter((entry) => entry !== 'none'),
});
