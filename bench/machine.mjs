// What the machine itself costs, printed beside the benches' figures so that runs on different
// machines can be compared: the cores, the load, and how long the kernel takes to give a
// process fresh memory. On the 2-core Firecracker VMs of this workplace a first touch of a
// 4 KiB page costs about 12 to 20 µs (a 64 MiB first touch: 200 to 340 ms), where bare metal
// takes well under 1 µs; every new browser renderer and every growing heap pays it (bench/README.md,
// "third session").
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

const PAGE = 4096;
const PROBE_BYTES = 64 * 1024 * 1024;

/** Milliseconds to first touch 64 MiB of fresh memory (the median of three tries). */
export function firstTouchMs() {
  const runs = [];
  for (let i = 0; i < 3; i += 1) {
    const started = performance.now();
    // allocUnsafeSlow: a fresh mapping of its own, not zero-filled, so each write below is the
    // page's first touch.
    const block = Buffer.allocUnsafeSlow(PROBE_BYTES);
    for (let at = 0; at < block.length; at += PAGE) block[at] = 1;
    runs.push(performance.now() - started);
  }
  return runs.sort((a, b) => a - b)[1];
}

/** The 1, 5 and 15 minute load averages, as `uptime` prints them. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** One line: cores, load average and the first-touch cost. */
export function describeMachine() {
  const ms = firstTouchMs();
  const perPage = (ms * 1000) / (PROBE_BYTES / PAGE);
  return `${os.cpus().length} cores, load average ${loadAverage()}; first touch of 64 MiB of fresh memory: ${ms.toFixed(0)} ms (${perPage.toFixed(1)} µs per 4 KiB page)`;
}

const TICK_MS = 1000 / 100; // USER_HZ: /proc counts CPU time in hundredths of a second

/**
 * The CPU time (user, system, in ms) and page faults of every Chromium process, by its kind
 * (browser, renderer, gpu-process, utility), read from /proc; null where there is no /proc.
 */
export function chromiumProcesses() {
  let pids;
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const found = new Map();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!/chrom/i.test(name)) continue;
      // After the name: state is field 3, so minflt (10), utime (14) and stime (15) are at 7, 11, 12.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const kind = readFileSync(`/proc/${pid}/cmdline`, 'utf8').match(/--type=([a-z-]+)/)?.[1] ?? 'browser';
      found.set(pid, {
        kind,
        faults: Number(fields[7]),
        userMs: Number(fields[11]) * TICK_MS,
        systemMs: Number(fields[12]) * TICK_MS,
      });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return found;
}

/** What the renderers spent between two chromiumProcesses() readings (new processes in full). */
export function rendererSpent(before, after) {
  if (!before || !after) return null;
  const spent = { userMs: 0, systemMs: 0, faults: 0 };
  for (const [pid, now] of after) {
    if (now.kind !== 'renderer') continue;
    const then = before.get(pid) ?? { userMs: 0, systemMs: 0, faults: 0 };
    spent.userMs += now.userMs - then.userMs;
    spent.systemMs += now.systemMs - then.systemMs;
    spent.faults += now.faults - then.faults;
  }
  return spent;
}
