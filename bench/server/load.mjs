// One autocannon run, in this process, on loopback: req/s, and p50/p99 of every 2xx answer's
// response time as autocannon measured it, kept exactly (autocannon's own histogram rounds
// to whole milliseconds, too coarse for a 1M/1k ratio of latencies of a few ms).
import autocannon from 'autocannon';

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Runs `url` for `seconds` with `connections` (after a warm-up run whose figures are dropped).
 * `rate` caps the whole run at that many requests per second (autocannon overallRate).
 * Any non-2xx answer or error fails the bench: a fast wrong answer measures nothing.
 */
export async function measure({ url, headers, seconds, warmupSeconds, connections, rate }) {
  const base = { url, headers, connections, ...(rate ? { overallRate: rate } : {}) };
  if (warmupSeconds > 0) await run({ ...base, duration: warmupSeconds });
  return run({ ...base, duration: seconds });
}

async function run(opts) {
  const latencies = [];
  const cpuBefore = process.cpuUsage();
  const instance = autocannon(opts);
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await instance;
  const cpu = process.cpuUsage(cpuBefore);
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${opts.url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / ((result.finish - result.start) / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    requests: latencies.length,
    // This process's CPU per answer (server and load generator together, microseconds): less
    // swayed than req/s by other work on the machine, which takes cores but not this CPU time.
    cpuUs: (cpu.user + cpu.system) / Math.max(latencies.length, 1),
  };
}
