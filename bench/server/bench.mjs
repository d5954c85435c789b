// The server bench, in one run: the bare route, the minimal database route and the
// app's lists, counts, dashboard batch and login status, for one account at a small size and
// again after it grew to a large one, with req/s, p50, p99, the ratios to the minimal route,
// the large/small latency ratios, the lists at half their own maximum rate, and the statements
// each request runs; and the lists again on the same app started with its kept shims off
// (KEPT_SHIMS_OFF, docs/decisions/028-library-first.md), in the same rounds, against the same
// minimal route.
import { describeMachine, loadAverage } from '../machine.mjs';
import { signInBenchUser, startApps, startOffApp } from './app.mjs';
import { checkAnswers, checkSameLists, explain, pageStatement, recordQueries, summarise } from './checks.mjs';
import { scratchDatabase } from './database.mjs';
import { measure } from './load.mjs';
import { startMinimal } from './minimal.mjs';
import { options } from './options.mjs';
import { QueryRecorder } from './queries.mjs';
import {
  describeStalls,
  printGoals,
  printHalfRate,
  printRounds,
  printShims,
  printTable,
  sizeLabel,
} from './report.mjs';
import { bulkInsertCapsules, countersExact, insertAccountExtras, insertOtherUsers } from './seed.mjs';
import {
  HALF_RATE_KEYS,
  LATENCY_ROUND_KEYS,
  ROUND_KEYS,
  SHIM_KEYS,
  TARGETS,
  targetHeaders,
} from './targets.mjs';

const OTHER_USERS = 20;
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);
const targetOf = (key) => TARGETS.find((t) => t.key === key);
/** `list` turned left by `n`: round by round, each of its members comes first once. */
const rotate = (list, n) => list.map((_, i) => list[(i + n) % list.length]);

export async function runServerBench() {
  const { seconds: duration, warmupSeconds, connections, small, large, others, ratioRounds } = options;
  if (!(small > 0 && large > small)) throw new Error('BENCH_LARGE must be larger than BENCH_SMALL');
  const { handle, url, drop } = await scratchDatabase({
    databaseUrl: options.databaseUrl,
    poolSize: connections,
  });
  const { db } = handle;
  const recorder = new QueryRecorder();
  const apps = await startApps(db, recorder);
  // The same app started again for each configuration of the kept shims measured against it
  // (BENCH_SHIMS_OFF): a start with KEPT_SHIMS_OFF in its environment, as an operator would turn
  // them off, over the same database and session secret.
  const offApps = [];
  let minimal;
  try {
    for (const off of options.shimsOff) offApps.push({ off, ...(await startOffApp(db, off)) });
    console.log(
      `\nServer bench: ${handle.kind}, Node ${process.version}, ${connections} connections, ` +
        `${duration} s per target after ${warmupSeconds} s of warm-up; one account at ` +
        `${sizeLabel(small)} then ${sizeLabel(large)} capsules, beside ${sizeLabel(others)} of ${OTHER_USERS} other users. ` +
        // Server, load generator and database share the machine's cores: a busy machine lowers
        // every figure, so the load average (and the machine's cost of memory) is printed beside them.
        `${describeMachine()}.` +
        (offApps.length > 0 ? ` The lists also with KEPT_SHIMS_OFF=${options.shimsOff.join(', =')}.` : ''),
    );
    const { userId, cookie } = await signInBenchUser(db, apps);

    let started = performance.now();
    const otherIds = await insertOtherUsers(db, OTHER_USERS);
    const per = Math.floor(others / OTHER_USERS);
    await bulkInsertCapsules(db, [
      { ownerId: userId, from: 1, to: small },
      ...otherIds.map((ownerId, k) => ({
        ownerId,
        from: 10_000_000 + k * per + 1,
        to: 10_000_000 + (k + 1) * per,
      })),
    ]);
    await insertAccountExtras(db, userId);
    console.log(
      `Seeded ${sizeLabel(small)} + ${sizeLabel(per * OTHER_USERS)} others in ${seconds(started)} s.`,
    );

    const results = {};
    const counts = {};
    const statementsBySize = {};
    const rounds = {};
    const shimRounds = {};
    let halfRate;
    // The apps with kept shims off at the shims-on app's half rate, by KEPT_SHIMS_OFF value.
    const halfRateOff = {};
    for (const size of [small, large]) {
      if (size === large) {
        started = performance.now();
        await bulkInsertCapsules(db, [{ ownerId: userId, from: small + 1, to: large }]);
        console.log(
          `\nGrew the account by ${sizeLabel(large - small)} to ${sizeLabel(large)} in ${seconds(started)} s.`,
        );
      }
      if (!(await countersExact(db, userId))) throw new Error('the counters disagree with count(*)');
      const recorded = await recordQueries({ counted: apps.counted, recorder, targets: TARGETS, cookie });
      // The minimal route runs the statement the app just sent for its first page.
      minimal ??= await startMinimal({ url, db, statement: pageStatement(recorded), poolSize: connections });
      const bases = { app: apps.base, minimal: minimal.base };
      await checkAnswers({ appBase: apps.base, minimalBase: minimal.base, cookie, size });
      await checkSameLists({ onBase: apps.base, offApps, targets: SHIM_KEYS.map(targetOf), cookie });
      statementsBySize[size] = recorded;
      console.log(
        `\nAt ${sizeLabel(size)}: answers checked, counters equal count(*). Database time (EXPLAIN ANALYZE):`,
      );
      for (const [key, label] of [
        ['restList', 'list page, newest first'],
        ['restDelivery', 'list page, by delivery date'],
        ['restCounts', 'counts'],
      ]) {
        const own = recorded[key].filter((s) => /^select/i.test(s.sql) && !s.sql.includes('session_identit'));
        for (const statement of own) {
          const { ms, scans } = await explain(db, statement);
          console.log(`  ${label}: ${ms.toFixed(3)} ms  ${scans.join(', ')}`);
        }
      }

      // `off`: one of offApps, whose lists are measured instead of the shims-on app's.
      const flatOut = async (target, off) => {
        const r = await measure({
          url: (off ? off.base : bases[target.on]) + target.path,
          headers: targetHeaders(target, cookie),
          seconds: duration,
          warmupSeconds,
          connections,
        });
        const label = off ? `${target.key} off:${off.off}` : target.key;
        console.log(
          `  ${label.padEnd(13)} ${Math.round(r.rps).toString().padStart(6)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  ${Math.round(r.serverCpuUs)} µs server CPU/req`,
        );
        return r;
      };
      const listsOf = async (off) => {
        const figures = {};
        for (const key of SHIM_KEYS) figures[key] = await flatOut(targetOf(key), off);
        return figures;
      };
      // Each round's lists on the apps with kept shims off, by KEPT_SHIMS_OFF value.
      shimRounds[size] = [];
      const offLists = async (round) => {
        const figures = {};
        // Turned each round, so that no configuration is always the first after the shims-on lists.
        for (const off of rotate(offApps, round - 1)) figures[off.off] = await listsOf(off);
        shimRounds[size].push(figures);
      };
      results[size] = {};
      for (const target of TARGETS) {
        results[size][target.key] = await flatOut(target);
        // Right after the shims-on app's lists (the minimal route just before them).
        if (target.key === SHIM_KEYS.at(-1)) await offLists(1);
      }
      // The main pass is the first round; each further one measures the baseline and the lists
      // again, back to back (the shims-on app's first, as the goal lines want, then those with
      // kept shims off), so that each ratio divides figures taken moments apart, and then the
      // other targets of the latency goal, so that theirs is a median too.
      rounds[size] = [Object.fromEntries(ROUND_KEYS.map((key) => [key, results[size][key]]))];
      for (let round = 2; round <= ratioRounds; round++) {
        console.log(`  round ${round} of ${ratioRounds}:`);
        const figures = { minimal: await flatOut(targetOf('minimal')), ...(await listsOf()) };
        await offLists(round);
        for (const key of LATENCY_ROUND_KEYS) figures[key] = await flatOut(targetOf(key));
        rounds[size].push(figures);
      }
      if (size === small) {
        const steady = async (key, rate, off) => {
          const target = targetOf(key);
          const measured = off ?? apps;
          const r = await measure({
            url: measured.base + target.path,
            headers: targetHeaders(target, cookie),
            seconds: duration,
            warmupSeconds,
            connections,
            rate,
            server: measured.app.server,
          });
          console.log(
            `  ${key}${off ? ` off:${off.off}` : ''} at ${rate} req/s: p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  (${describeStalls(r)})`,
          );
          return { ...r, rate };
        };
        halfRate = {};
        for (const key of HALF_RATE_KEYS) {
          halfRate[key] = await steady(key, Math.floor(results[size][key].rps / 2));
        }
        // With kept shims off at the same rate as with them on: what the same traffic meets.
        for (const off of offApps) {
          halfRateOff[off.off] = {};
          for (const key of SHIM_KEYS) halfRateOff[off.off][key] = await steady(key, halfRate[key].rate, off);
        }
      }
    }

    for (const t of TARGETS) {
      const [a, b] = [small, large].map((size) =>
        t.on === 'app' ? statementsBySize[size][t.key].length : t.key === 'minimal' ? 1 : 0,
      );
      if (a !== b) throw new Error(`${t.key}: ${a} statements at ${small}, ${b} at ${large}`);
      counts[t.key] = a;
    }
    const queries = Object.fromEntries(TARGETS.map((t) => [t.key, String(counts[t.key])]));

    console.log(`\n## Server, ${handle.kind}: ${sizeLabel(small)} and ${sizeLabel(large)} capsules\n`);
    console.log(`(load average at the end: ${loadAverage()})\n`);
    printTable({ targets: TARGETS, sizes: [small, large], results, queries });
    printRounds({ rounds, targets: TARGETS, sizes: [small, large] });
    printHalfRate({ halfRate, targets: TARGETS, size: small });
    console.log('\nStatements per request (the same at both sizes):\n');
    for (const t of TARGETS) {
      const text =
        t.key === 'ping'
          ? 'none'
          : t.key === 'minimal'
            ? 'select capsules (+1 subquery): the list page statement'
            : summarise(statementsBySize[small][t.key]) || 'none';
      console.log(`- ${t.key}: ${counts[t.key]}: ${text}`);
    }
    // The goal lines are those of the shims-on app, as the server runs by default.
    printGoals({ rounds, halfRate, sizes: [small, large], counts });
    printShims({
      rounds,
      shimRounds,
      halfRate,
      halfRateOff,
      sizes: [small, large],
      offs: options.shimsOff,
      targets: TARGETS,
    });
  } finally {
    await minimal?.close();
    for (const off of offApps) await off.close();
    await apps.close();
    await handle.close();
    await drop();
  }
}
