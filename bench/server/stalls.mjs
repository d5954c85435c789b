// What holds back the measured server during a steady load (the goal of a p99 ≤ 25 ms at half rate): its
// event loop's worst delay, its garbage collections (count, longest, total), the time it
// spends on each request, from the request's arrival on the socket to its last byte written,
// and its minor page faults (a fresh page costs 2 µs on some of the VMs here and 12 to 20 µs on
// others: machine.mjs).
// A client p99 far above the server's own p99 is time spent before the server saw the request
// (a blocked loop, a core taken) or in the load generator.
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { percentile } from './latencies.mjs';

const GC_KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

/**
 * Starts watching this process (and `server`'s requests, if given); `stop()` answers
 * { loopDelayMax, gcCount, gcMax, gcMaxKind, gcTotal, requestP99 } in ms, and `pageFaults`.
 */
export function watchStalls(server) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const pauses = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push(entry);
  });
  observer.observe({ entryTypes: ['gc'] });
  const requestTimes = [];
  const onRequest = (_request, response) => {
    const arrived = performance.now();
    response.once('finish', () => requestTimes.push(performance.now() - arrived));
  };
  server?.prependListener('request', onRequest);
  const faultsBefore = process.resourceUsage().minorPageFault;
  loop.enable();
  return {
    stop() {
      loop.disable();
      observer.disconnect();
      server?.off('request', onRequest);
      const longest = pauses.reduce((a, b) => (b.duration > (a?.duration ?? -1) ? b : a), undefined);
      requestTimes.sort((a, b) => a - b);
      return {
        loopDelayMax: loop.max / 1e6,
        gcCount: pauses.length,
        gcMax: longest?.duration ?? 0,
        gcMaxKind: longest ? (GC_KINDS[longest.detail?.kind] ?? 'other') : 'none',
        gcTotal: pauses.reduce((sum, p) => sum + p.duration, 0),
        requestP99: percentile(requestTimes, 99),
        pageFaults: process.resourceUsage().minorPageFault - faultsBefore,
      };
    },
  };
}
