import { spawn } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import { MediaError } from './media-error.js';
import { mediaLog } from './media-log.js';
import { redact } from './redact.js';

// ffprobe and ffmpeg parse files that strangers upload. Each run is a child with nothing of the
// server's: no environment but PATH (the database URL, the storage key, the mail and payment
// secrets stay here), no shell, no stdin, and under prlimit a CPU-time limit, an address-space
// cap and no core file, besides the wall-clock limit and the output cap of this function.

/** Kernel limits of one run (prlimit, from util-linux). */
export interface ToolLimits {
  /**
   * CPU seconds, every thread counted (RLIMIT_CPU, soft = hard): past them the kernel kills the
   * tool with SIGKILL. Unlike the wall clock it does not move with the machine's load.
   */
  cpuSeconds: number;
  /** Address space in bytes (RLIMIT_AS): an allocation past it fails and the tool exits with an error. */
  memoryBytes: number;
}

/**
 * What one run cost, sampled from /proc every 10 ms: null where there is no /proc, or for a
 * run over before its first sample; a peak in the last 10 ms of a run can be missed.
 */
export interface ToolRun {
  tool: string;
  wallMs: number;
  cpuMs: number | null;
  /** The tool's peak resident memory (VmHWM). */
  peakRssBytes: number | null;
  /** The tool's peak address space (VmPeak): what `memoryBytes` caps. */
  peakVirtualBytes: number | null;
  /** Whether it ran under prlimit. */
  limited: boolean;
  /** 'ok', or the MediaError reason it ended with. */
  outcome: 'ok' | MediaError['reason'];
}

interface RunOptions {
  timeoutMs: number;
  /** Output beyond this is refused: a thumbnail or a probe's JSON is small. */
  maxStdoutBytes: number;
  /** CPU and memory limits; without them (making test files) only time and output are limited. */
  limits?: ToolLimits;
  /** Told what the run cost, whatever its end (measurements, logs). */
  onRun?: (run: ToolRun) => void;
  /**
   * Given the output as it comes instead of keeping it (a long run's progress lines); the run
   * then answers an empty buffer. `maxStdoutBytes` still bounds what a tool may write.
   */
  onOutput?: (chunk: Buffer) => void;
  /**
   * The tool's nice value (0 to 19): a long run that nobody waits on gives the CPU up to the
   * processes answering people (the web process beside it) whenever they need it.
   */
  niceness?: number;
}

/**
 * The operating system's search path, the one variable a tool is given. It is the machine's,
 * not a setting of the app, so it is read here rather than through config.ts.
 */
// biome-ignore lint/style/noProcessEnv: PATH only, to find the tools and to hand on to them
const systemPath = () => process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin';

/** The environment of every tool run: PATH and nothing else. */
const toolEnvironment = (): Record<string, string> => ({ PATH: systemPath() });

/** The absolute path of an executable on PATH, or null. */
export function findOnPath(name: string): string | null {
  for (const dir of systemPath().split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here: the next directory.
    }
  }
  return null;
}

let prlimitPath: string | null | undefined;

/** prlimit's path, looked up once; its absence is logged once (the tools then run without limits). */
function prlimit(): string | null {
  if (prlimitPath === undefined) {
    prlimitPath = findOnPath('prlimit');
    if (!prlimitPath)
      mediaLog().warn(
        {},
        'prlimit (util-linux) is not on PATH: ffprobe and ffmpeg run without CPU-time and memory limits, with their time limit only',
      );
  }
  return prlimitPath;
}

/** The command line: the tool itself, or prlimit setting the limits and then becoming the tool. */
function commandLine(tool: string, args: readonly string[], limits: ToolLimits | undefined) {
  const wrapper = limits ? prlimit() : null;
  if (!limits || !wrapper) return { file: tool, argv: [...args], limited: false };
  return {
    file: wrapper,
    argv: [
      `--cpu=${limits.cpuSeconds}`,
      `--as=${limits.memoryBytes}`,
      // A crash on a crafted file must not leave a core dump (the server's memory map) behind.
      '--core=0',
      '--',
      tool,
      ...args,
    ],
    limited: true,
  };
}

const kB = (status: string, field: string) => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) * 1024 : null;
};

/** Samples a running child's peak memory and CPU time from /proc (Linux); silent elsewhere. */
function sampler(pid: number | undefined) {
  const seen = { cpuMs: null as number | null, rss: null as number | null, virtual: null as number | null };
  const sample = () => {
    if (pid === undefined) return;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Until prlimit has become the tool, the numbers are prlimit's.
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === 'prlimit') return;
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      seen.rss = Math.max(seen.rss ?? 0, kB(status, 'VmHWM') ?? 0) || seen.rss;
      seen.virtual = Math.max(seen.virtual ?? 0, kB(status, 'VmPeak') ?? 0) || seen.virtual;
      // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (100 a second).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      seen.cpuMs = (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // Gone already, or no /proc.
    }
  };
  sample();
  const timer = setInterval(sample, 10);
  return { seen, stop: () => clearInterval(timer) };
}

/**
 * Runs a binary with arguments (no shell, only PATH in its environment) and answers its stdout.
 * Killed (SIGKILL) at the time limit or past the output limit: 'timeout' and 'unreadable'. With
 * `limits`, a run the kernel stops at its CPU limit, or that fails for memory, is 'unreadable'
 * too: only a file makes ffprobe or ffmpeg work that hard, so it is a verdict on the file, not
 * a fault of the server to retry. A non-zero exit is 'unreadable' with the tool's message.
 */
export function runTool(tool: string, args: readonly string[], options: RunOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const name = path.basename(tool);
    const { file, argv, limited } = commandLine(tool, args, options.limits);
    const started = performance.now();
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], env: toolEnvironment() });
    if (options.niceness && child.pid !== undefined) {
      try {
        setPriority(child.pid, options.niceness);
      } catch {
        // Already gone, or not allowed here: it then runs at the usual priority.
      }
    }
    const usage = options.onRun ? sampler(child.pid) : undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let failure: MediaError | undefined;
    let settled = false;
    const stop = (error: MediaError) => {
      failure ??= error;
      child.kill('SIGKILL');
    };
    const report = (outcome: ToolRun['outcome']) => {
      settled = true;
      usage?.stop();
      options.onRun?.({
        tool: name,
        wallMs: Math.round(performance.now() - started),
        cpuMs: usage?.seen.cpuMs ?? null,
        peakRssBytes: usage?.seen.rss ?? null,
        peakVirtualBytes: usage?.seen.virtual ?? null,
        limited,
        outcome,
      });
    };
    const fail = (error: MediaError) => {
      // A start that fails is told by 'error' and may be told again by 'close'.
      if (settled) return;
      report(error.reason);
      reject(error);
    };
    const timer = setTimeout(
      () => stop(new MediaError('timeout', `${name} ran past ${options.timeoutMs} ms and was stopped`)),
      options.timeoutMs,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.maxStdoutBytes)
        stop(new MediaError('unreadable', `${name} wrote more than expected`));
      else if (options.onOutput) options.onOutput(chunk);
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      fail(new MediaError('tool-missing', `${name} could not be started: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      const said = redact(stderr);
      const limits = options.limits;
      if (failure) fail(failure);
      else if (limited && limits && (signal === 'SIGKILL' || signal === 'SIGXCPU'))
        // Nothing here sent it: the kernel, at the CPU limit.
        fail(
          new MediaError(
            'unreadable',
            `${name} was stopped at its limit of ${limits.cpuSeconds} s of CPU time`,
          ),
        );
      else if (signal)
        fail(new MediaError('unreadable', `${name} ended on ${signal}${said ? `: ${said}` : ''}`));
      else if (code !== 0) {
        const memory =
          limited && limits && /cannot allocate memory|out of memory|memory exhausted/i.test(said)
            ? `${name} ran out of its ${Math.round(limits.memoryBytes / 2 ** 20)} MiB of memory: `
            : '';
        fail(new MediaError('unreadable', `${memory}${said || `${name} exited with ${code}`}`));
      } else {
        report('ok');
        resolve(Buffer.concat(chunks));
      }
    });
  });
}
