// The printout: one markdown table of every target at both sizes with its ratios, the lists
// against the minimal route round by round (and the other targets of the latency goal, round by
// round), the lists at half their own maximum rate, what each request asks the database, the
// goals, and the kept shims on and off (bench/README.md).
import { LATENCY_ROUND_KEYS, RATIO_KEYS, SHIM_KEYS } from './targets.mjs';

export const sizeLabel = (n) =>
  n >= 1_000_000 && n % 1_000_000 === 0
    ? `${n / 1_000_000}M`
    : n >= 1_000 && n % 1_000 === 0
      ? `${n / 1_000}k`
      : String(n);

const int = (n) => Math.round(n).toLocaleString('en-US');
const ms = (n) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0));
const ratio = (n) => n.toFixed(2);

/** The middle value (the mean of the two middle ones for an even count). */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The lists whose req/s the rounds compare with the minimal route's (RATIO_KEYS). */
const LISTS = RATIO_KEYS.filter((key) => key !== 'minimal');

/** Each round's req/s of `key` as a fraction of the minimal route's in the same round. */
const roundRatios = (roundsOfSize, key) => roundsOfSize.map((r) => r[key].rps / r.minimal.rps);

/** The median of each round's p50 and p99 of `key`. */
const medianLatency = (roundsOfSize, key) => ({
  p50: median(roundsOfSize.map((r) => r[key].p50)),
  p99: median(roundsOfSize.map((r) => r[key].p99)),
});

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

// The ratio goal's figures: the main pass and each further round (bench.mjs), every one a
// minimal route's run and the two lists' right after it, with the median of the rounds' ratios.
// One machine's other work moves a single 5-second run by 10 to 20 % (bench/README.md, sixth
// session); a ratio of figures taken moments apart, and the median of a few, moves less.
export function printRounds({ rounds, targets, sizes }) {
  const name = (key) => targets.find((t) => t.key === key).name;
  console.log('\nThe lists against the minimal route, round by round (round 1 is the table above):\n');
  console.log(
    `| size | round | minimal req/s | ${LISTS.map((key) => `${name(key)}: req/s | p50 ms | p99 ms | vs minimal`).join(' | ')} |`,
  );
  console.log(`|---|---:|---:|${'---:|'.repeat(LISTS.length * 4)}`);
  for (const size of sizes) {
    rounds[size].forEach((round, i) => {
      const cells = LISTS.map((key) => {
        const r = round[key];
        return `${int(r.rps)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ratio(r.rps / round.minimal.rps)}`;
      });
      console.log(`| ${sizeLabel(size)} | ${i + 1} | ${int(round.minimal.rps)} | ${cells.join(' | ')} |`);
    });
    const medians = LISTS.map((key) => {
      const { p50, p99 } = medianLatency(rounds[size], key);
      return `| ${ms(p50)} | ${ms(p99)} | **${ratio(median(roundRatios(rounds[size], key)))}**`;
    });
    console.log(`| ${sizeLabel(size)} | median | | ${medians.join(' | ')} |`);
  }
  const others = LATENCY_ROUND_KEYS;
  console.log('\nThe other targets of the latency goal, round by round: p50 / p99 ms\n');
  console.log(`| size | round | ${others.map(name).join(' | ')} |`);
  console.log(`|---|---:|${'---:|'.repeat(others.length)}`);
  for (const size of sizes) {
    const cell = ({ p50, p99 }) => `${ms(p50)} / ${ms(p99)}`;
    rounds[size].forEach((round, i) => {
      console.log(`| ${sizeLabel(size)} | ${i + 1} | ${others.map((key) => cell(round[key])).join(' | ')} |`);
    });
    const medians = others.map((key) => `**${cell(medianLatency(rounds[size], key))}**`);
    console.log(`| ${sizeLabel(size)} | median | ${medians.join(' | ')} |`);
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

/**
 * The share of the minimal route's req/s each list must reach (docs/decisions/028): tRPC through
 * its public Fastify adapter at 0.4 (tRPC on Fastify runs at about 0.22 of bare Fastify in
 * Fastify's own benchmarks), the REST list at 0.5.
 */
const RATIO_GOALS = { restList: 0.5, trpcList: 0.4 };

export function printGoals({ rounds, halfRate, sizes, counts }) {
  const [small, large] = sizes;
  const lines = [];
  const goal = (met, text) => lines.push(`${met ? 'met   ' : 'MISSED'}  ${text}`);
  const count = rounds[small].length;
  const ofRounds = count > 1 ? `median of ${count} rounds` : 'one round';
  for (const key of LISTS) {
    const parts = sizes.map((size) => {
      const each = roundRatios(rounds[size], key);
      return { size, median: median(each), each };
    });
    goal(
      parts.every((part) => part.median >= RATIO_GOALS[key]),
      `${key} req/s ≥ ${RATIO_GOALS[key]} of the minimal route, ${ofRounds}: ${parts
        // Three places: a median of 0.497 must not read as the 0.50 it misses.
        .map((p) => `${sizeLabel(p.size)} ${p.median.toFixed(3)} (${p.each.map(ratio).join(', ')})`)
        .join('; ')}`,
    );
    goal(halfRate[key].p99 <= 25, `${key} p99 ≤ 25 ms at half its own max rate: ${ms(halfRate[key].p99)} ms`);
  }
  for (const key of ['restList', 'trpcList', 'restCounts', 'dashboard', 'restDelivery']) {
    // Each of these has a figure per round: the medians of their p50 and p99.
    const [a, b] = [small, large].map((size) => medianLatency(rounds[size], key));
    const worst = Math.max(b.p50 / a.p50, b.p99 / a.p99);
    goal(
      worst <= 1.3,
      `${key} latency at ${sizeLabel(large)} within 1.3× of ${sizeLabel(small)} (${ofRounds}): p50 ${ratio(b.p50 / a.p50)}, p99 ${ratio(b.p99 / a.p99)}`,
    );
  }
  for (const key of ['restList', 'trpcList', 'restDelivery']) {
    goal(counts[key] <= 2, `${key} runs at most 2 statements: ${counts[key]}`);
  }
  console.log(`\nGoals (bench/README.md):\n\n${lines.join('\n')}`);
}

/** What decision 028 asks of a kept shim: at least this share on a figure of a real route. */
const SHIM_RULE = 0.2;

const percent = (gain) => `${gain >= 0 ? '+' : '−'}${Math.abs(gain * 100).toFixed(1)}`;

/**
 * The kept shims on and off (docs/decisions/028-library-first.md): each figure of the lists with
 * the shims on (the app the tables above measured) and on the same app started again with
 * KEPT_SHIMS_OFF=<value>, from the same rounds. gain: what the shims buy, as a share of the
 * figure without them: for req/s (as a fraction of the minimal route's in the same round)
 * on/off − 1, for a latency or the CPU per request 1 − on/off. The rule's figures are the
 * lists' req/s and their p99 at half rate; the CPU per request is shown beside them, steadier
 * on a shared machine but not a figure a user or operator sees.
 */
export function printShims({ rounds, shimRounds, halfRate, halfRateOff, sizes, offs, targets }) {
  if (offs.length === 0) return;
  const name = (key) => targets.find((t) => t.key === key).name;
  const count = rounds[sizes[0]].length;
  const ofRounds = count > 1 ? `median of ${count} rounds` : 'one round';
  const rows = [];
  // The gains on the rule's figures, by configuration, for the lines after the table.
  const ruleGains = Object.fromEntries(offs.map((off) => [off, []]));
  const row = ({ figure, off, on, offValue, gain, format, rule }) => {
    rows.push(`| ${figure} | ${off} | ${format(on)} | ${format(offValue)} | ${percent(gain)} |`);
    if (rule) ruleGains[off].push(gain);
  };
  for (const size of sizes) {
    for (const key of SHIM_KEYS) {
      const on = median(roundRatios(rounds[size], key));
      for (const off of offs) {
        const offValue = median(
          rounds[size].map((r, i) => shimRounds[size][i][off][key].rps / r.minimal.rps),
        );
        const figure = `${name(key)}: req/s vs minimal, ${sizeLabel(size)} (${ofRounds})`;
        row({ figure, off, on, offValue, gain: on / offValue - 1, format: (n) => n.toFixed(3), rule: true });
      }
    }
  }
  for (const key of SHIM_KEYS) {
    const { p99, rate } = halfRate[key];
    for (const off of offs) {
      const offValue = halfRateOff[off][key].p99;
      const figure = `${name(key)}: p99 ms at ${int(rate)} req/s (half the shims-on max), ${sizeLabel(sizes[0])}`;
      row({ figure, off, on: p99, offValue, gain: 1 - p99 / offValue, format: ms, rule: true });
    }
  }
  for (const size of sizes) {
    for (const key of SHIM_KEYS) {
      const on = median(rounds[size].map((r) => r[key].serverCpuUs));
      for (const off of offs) {
        const offValue = median(shimRounds[size].map((r) => r[off][key].serverCpuUs));
        const figure = `${name(key)}: server µs/req, ${sizeLabel(size)} (${ofRounds}; not a rule figure)`;
        row({ figure, off, on, offValue, gain: 1 - on / offValue, format: int });
      }
    }
  }
  console.log(
    '\nKept shims on and off (docs/decisions/028): the app as it runs by default against the same app ' +
      'started again with KEPT_SHIMS_OFF, in the same rounds. gain %: what the shims buy, req/s on/off − 1, ' +
      'latency and CPU 1 − on/off.\n',
  );
  console.log('| figure | KEPT_SHIMS_OFF | on | off | gain % |');
  console.log('|---|---|---:|---:|---:|');
  for (const line of rows) console.log(line);
  // Not a verdict: each gain moves with the machine (a single run by 10 to 20 %), and the
  // largest of several is the likeliest to be luck. The lines say how many reach the rule's share.
  console.log(`\nThe rule's figures (req/s vs minimal, half-rate p99) gaining ≥ ${SHIM_RULE * 100} %:\n`);
  for (const off of offs) {
    const gains = ruleGains[off];
    const reaching = gains.filter((gain) => gain >= SHIM_RULE).length;
    console.log(
      `- KEPT_SHIMS_OFF=${off}: ${reaching} of ${gains.length}; gains from ${percent(Math.min(...gains))} to ${percent(Math.max(...gains))} %`,
    );
  }
}
