// One load run against `url` on loopback (autocannon flat out, or a steady rate: paced.mjs):
// req/s, and p50/p99 of every 2xx answer's response time, kept exactly (autocannon's own histogram rounds
// to whole milliseconds, too coarse for a 1M/1k ratio of latencies of a few ms).
//
// autocannon runs in a child process (load-worker.mjs), not in this one: here it would share
// the measured server's event loop and heap, its own work and garbage collection landing in
// the server's latencies. The two still share the machine's cores.
import { fork } from 'node:child_process';
import { watchStalls } from './stalls.mjs';

const WORKER = new URL('./load-worker.mjs', import.meta.url);

/**
 * Runs `url` for `seconds` with `connections` (after a warm-up run whose figures are dropped).
 * `rate` makes it a steady load of that many requests per second instead (paced.mjs).
 * Any non-2xx answer, error or timeout fails the bench: a fast wrong answer measures nothing.
 * A steady load also watches `server` (this process's http.Server under load) for what stalls
 * it (stalls.mjs): the figures then carry `stalls` and the generator's own `generator`.
 */
export function measure({ url, headers, seconds, warmupSeconds, connections, rate, server }) {
  const opts = { url, headers, connections, ...(rate ? { rate } : {}) };
  // No inherited flags (--cpu-prof, --inspect): the generator is not what is studied.
  const child = fork(WORKER, { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    let cpuBefore;
    let watch;
    let settled = false;
    const settle = (fn, value) => {
      if (settled) return;
      settled = true;
      fn(value);
    };
    child.on('message', (message) => {
      if (message.measuring) {
        cpuBefore = process.cpuUsage();
        if (rate) watch = watchStalls(server);
      } else if (message.figures) {
        // This process's CPU per answer over the measured run, in microseconds: the server's
        // (both apps and the baseline instance live here; on PGlite the database too), not the
        // load generator's, which is the child's. Less swayed than req/s by other work on the
        // machine, which takes cores but not this CPU time.
        const cpu = process.cpuUsage(cpuBefore);
        const { figures } = message;
        const stalls = watch?.stop();
        settle(resolve, {
          ...figures,
          ...(stalls ? { stalls } : {}),
          serverCpuUs: (cpu.user + cpu.system) / Math.max(figures.requests, 1),
        });
      } else if (message.error) {
        settle(reject, new Error(`load generator: ${message.error}`));
      }
    });
    child.on('error', (error) => settle(reject, error));
    // 'close', not 'exit': after the IPC channel too has closed, so no message is still due.
    child.on('close', (code, signal) =>
      settle(reject, new Error(`load generator exited (${signal ?? code}) before its figures`)),
    );
    child.send({ opts, seconds, warmupSeconds });
  });
}
