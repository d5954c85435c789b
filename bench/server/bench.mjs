// The server bench, in one run: the bare route, the minimal database route and the
// app's lists, counts, dashboard batch and login status, for one account at a small size and
// again after it grew to a large one, with req/s, p50, p99, the ratios to the minimal route,
// the large/small latency ratios, the lists at half their own maximum rate, and the statements
// each request runs.
import { describeMachine, loadAverage } from '../machine.mjs';
import { signInBenchUser, startApps } from './app.mjs';
import { checkAnswers, explain, pageStatement, recordQueries, summarise } from './checks.mjs';
import { scratchDatabase } from './database.mjs';
import { measure } from './load.mjs';
import { startMinimal } from './minimal.mjs';
import { options } from './options.mjs';
import { QueryRecorder } from './queries.mjs';
import { describeStalls, printGoals, printHalfRate, printRounds, printTable, sizeLabel } from './report.mjs';
import { bulkInsertCapsules, countersExact, insertAccountExtras, insertOtherUsers } from './seed.mjs';
import { HALF_RATE_KEYS, ROUND_KEYS, TARGETS, targetHeaders } from './targets.mjs';

const OTHER_USERS = 20;
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

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
  let minimal;
  try {
    console.log(
      `\nServer bench: ${handle.kind}, Node ${process.version}, ${connections} connections, ` +
        `${duration} s per target after ${warmupSeconds} s of warm-up; one account at ` +
        `${sizeLabel(small)} then ${sizeLabel(large)} capsules, beside ${sizeLabel(others)} of ${OTHER_USERS} other users. ` +
        // Server, load generator and database share the machine's cores: a busy machine lowers
        // every figure, so the load average (and the machine's cost of memory) is printed beside them.
        `${describeMachine()}.`,
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
    let halfRate;
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

      const flatOut = async (target) => {
        const r = await measure({
          url: bases[target.on] + target.path,
          headers: targetHeaders(target, cookie),
          seconds: duration,
          warmupSeconds,
          connections,
        });
        console.log(
          `  ${target.key.padEnd(13)} ${Math.round(r.rps).toString().padStart(6)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  ${Math.round(r.serverCpuUs)} µs server CPU/req`,
        );
        return r;
      };
      results[size] = {};
      for (const target of TARGETS) results[size][target.key] = await flatOut(target);
      // The main pass is the first round; each further one measures the baseline and the lists
      // again, back to back, so that each ratio divides figures taken moments apart, and then
      // the other targets of the latency goal, so that theirs is a median too.
      rounds[size] = [Object.fromEntries(ROUND_KEYS.map((key) => [key, results[size][key]]))];
      for (let round = 2; round <= ratioRounds; round++) {
        console.log(`  round ${round} of ${ratioRounds}:`);
        const figures = {};
        for (const key of ROUND_KEYS) figures[key] = await flatOut(TARGETS.find((t) => t.key === key));
        rounds[size].push(figures);
      }
      if (size === small) {
        halfRate = {};
        for (const key of HALF_RATE_KEYS) {
          const target = TARGETS.find((t) => t.key === key);
          const rate = Math.floor(results[size][key].rps / 2);
          const r = await measure({
            url: bases.app + target.path,
            headers: targetHeaders(target, cookie),
            seconds: duration,
            warmupSeconds,
            connections,
            rate,
            server: apps.app.server,
          });
          halfRate[key] = { ...r, rate };
          console.log(
            `  ${key} at ${rate} req/s: p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  (${describeStalls(r)})`,
          );
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
    printGoals({ rounds, halfRate, sizes: [small, large], counts });
  } finally {
    await minimal?.close();
    await apps.close();
    await handle.close();
    await drop();
  }
}
