// An open-loop load at a steady rate, for "p99 at half the maximum rate".
//
// autocannon's rate option does not pace: each connection sends its quota for the second back
// to back and then waits for the next second, so at "half rate" the requests still come at full
// speed for half of every second and queue as they do at full load. Here one request leaves
// every 1/rate seconds, whatever the answers before it did, on up to `connections` kept-alive
// sockets. Each latency runs from the moment the request was due, not from when a socket was
// free, so a server that falls behind shows it (no coordinated omission).
//
// A latency counted from the due time also holds the generator's own lateness: a timer that
// fires late (its own garbage collection, or a core taken by the server or the database) sends
// the request late. That lateness is measured too (`sendLag`: from due to the request's start),
// beside the generator's worst event-loop delay, so that a high p99 can be told apart from the
// server's.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadFigures, percentile } from './latencies.mjs';

const TIMEOUT_MS = 10_000;

/**
 * { rps, p50, p99, requests, generator } over `duration` seconds at `rate` requests per second;
 * `generator`: { sendLagP99, sendLagMax, loopDelayMax } in ms.
 */
export async function paced({ url, headers, connections, rate, duration }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  const sendLags = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const failures = [];
  const interval = 1000 / rate;
  const total = Math.max(1, Math.round(rate * duration));
  const inFlight = [];

  const one = (due) =>
    new Promise((resolve) => {
      sendLags.push(performance.now() - due);
      const request = http.get(url, { agent, headers, timeout: TIMEOUT_MS }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode >= 200 && response.statusCode < 300)
            latencies.push(performance.now() - due);
          else failures.push(`HTTP ${response.statusCode}`);
          resolve();
        });
      });
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', (error) => {
        failures.push(error.message);
        resolve();
      });
    });

  loop.enable();
  const start = performance.now();
  await new Promise((done) => {
    let sent = 0;
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - start) / interval) + 1);
      for (; sent < due; sent += 1) inFlight.push(one(start + sent * interval));
      if (sent >= total) done();
      else setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    tick();
  });
  await Promise.all(inFlight);
  const elapsed = performance.now() - start;
  loop.disable();
  agent.destroy();
  // A fast wrong answer measures nothing: any failure fails the bench.
  if (failures.length > 0) throw new Error(`${url}: ${failures.length} failed (${failures[0]})`);
  sendLags.sort((a, b) => a - b);
  const generator = {
    sendLagP99: percentile(sendLags, 99),
    sendLagMax: sendLags.at(-1),
    loopDelayMax: loop.max / 1e6,
  };
  return { ...loadFigures(latencies, elapsed), generator };
}
