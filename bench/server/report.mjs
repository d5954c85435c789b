// The printout: one markdown table of every target at both sizes with its ratios, the lists at
// half their own maximum rate, what each request asks the database, and the goals of issue 10.
export const sizeLabel = (n) =>
  n >= 1_000_000 && n % 1_000_000 === 0
    ? `${n / 1_000_000}M`
    : n >= 1_000 && n % 1_000 === 0
      ? `${n / 1_000}k`
      : String(n);

const int = (n) => Math.round(n).toLocaleString('en-US');
const ms = (n) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0));
const ratio = (n) => n.toFixed(2);

// `server µs/req`: the bench process's CPU time per answer (load.mjs): the servers', not the load
// generator's, which runs in a child process.
export function printTable({ targets, sizes, results, queries }) {
  const [small, large] = sizes.map(sizeLabel);
  console.log(
    `| target | ${small}: req/s | p50 ms | p99 ms | vs minimal | server µs/req | ${large}: req/s | p50 ms | p99 ms | vs minimal | server µs/req | ${large}/${small} p50 | ${large}/${small} p99 | statements |`,
  );
  console.log(`|---|${'---:|'.repeat(13)}`);
  for (const t of targets) {
    const [a, b] = sizes.map((size) => results[size][t.key]);
    const [minA, minB] = sizes.map((size) => results[size].minimal);
    console.log(
      `| ${t.name} | ${int(a.rps)} | ${ms(a.p50)} | ${ms(a.p99)} | ${ratio(a.rps / minA.rps)} | ${int(a.serverCpuUs)} | ${int(b.rps)} | ${ms(b.p50)} | ${ms(b.p99)} | ${ratio(b.rps / minB.rps)} | ${int(b.serverCpuUs)} | ${ratio(b.p50 / a.p50)} | ${ratio(b.p99 / a.p99)} | ${queries[t.key]} |`,
    );
  }
}

/** What held a steady run back, in one line (stalls.mjs, paced.mjs). */
export function describeStalls({ stalls: s, generator: g }) {
  return (
    `server: own p99 ${ms(s.requestP99)} ms, loop delay max ${ms(s.loopDelayMax)} ms, ` +
    `${s.gcCount} GCs, ${ms(s.gcTotal)} ms in all, longest ${ms(s.gcMax)} ms (${s.gcMaxKind}), ${int(s.pageFaults)} page faults; ` +
    `generator: sent late p99 ${ms(g.sendLagP99)} ms, max ${ms(g.sendLagMax)} ms, loop delay max ${ms(g.loopDelayMax)} ms`
  );
}

// Beside each p99: the server's own p99 (arrival to last byte), its event loop's worst delay and
// longest garbage collection, and how late the generator sent its requests, so that a missed
// p99 says where its time went.
export function printHalfRate({ halfRate, targets, size }) {
  console.log(`\nAt half their own maximum rate (${sizeLabel(size)} capsules):\n`);
  console.log(
    '| target | rate asked | req/s | p50 ms | p99 ms | server own p99 ms | server loop delay max ms | server GCs, longest ms | generator sent late p99 / max ms |',
  );
  console.log(`|---|${'---:|'.repeat(8)}`);
  for (const [key, r] of Object.entries(halfRate)) {
    const name = targets.find((t) => t.key === key).name;
    const { stalls: s, generator: g } = r;
    console.log(
      `| ${name} | ${int(r.rate)} | ${int(r.rps)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(s.requestP99)} | ${ms(s.loopDelayMax)} | ${s.gcCount}, ${ms(s.gcMax)} (${s.gcMaxKind}) | ${ms(g.sendLagP99)} / ${ms(g.sendLagMax)} |`,
    );
  }
}

export function printGoals({ results, halfRate, sizes, counts }) {
  const [small, large] = sizes;
  const lines = [];
  const goal = (met, text) => lines.push(`${met ? 'met   ' : 'MISSED'}  ${text}`);
  for (const key of ['restList', 'trpcList']) {
    const r = results[small][key].rps / results[small].minimal.rps;
    goal(r >= 0.5, `${key} req/s ≥ 0.5 of the minimal route at ${sizeLabel(small)}: ${ratio(r)}`);
    goal(halfRate[key].p99 <= 25, `${key} p99 ≤ 25 ms at half its own max rate: ${ms(halfRate[key].p99)} ms`);
  }
  for (const key of ['restList', 'trpcList', 'restCounts', 'dashboard', 'restDelivery']) {
    const [a, b] = [results[small][key], results[large][key]];
    const worst = Math.max(b.p50 / a.p50, b.p99 / a.p99);
    goal(
      worst <= 1.3,
      `${key} latency at ${sizeLabel(large)} within 1.3× of ${sizeLabel(small)}: p50 ${ratio(b.p50 / a.p50)}, p99 ${ratio(b.p99 / a.p99)}`,
    );
  }
  for (const key of ['restList', 'trpcList', 'restDelivery']) {
    goal(counts[key] <= 2, `${key} runs at most 2 statements: ${counts[key]}`);
  }
  console.log(`\nGoals (issue 10):\n\n${lines.join('\n')}`);
}
