import { afterEach, describe, expect, it, vi } from 'vitest';
import { MediaError, type MediaLogger, type ToolRun } from '../../src/modules/media/index.js';
import { findOnPath, runTool } from '../../src/modules/media/run-tool.js';

// What every ffprobe and ffmpeg run gets (run-tool.ts): an environment with PATH alone, and
// under prlimit a CPU-time limit and an address-space cap whose breach is a verdict on the
// file ('unreadable'), not a 'timeout' the review job would retry. Shown with small programs
// of the system whose behaviour is certain; the crafted videos are in crafted-files.int.test.ts.

const GiB = 2 ** 30;
const binary = (name: string) => {
  const found = findOnPath(name);
  if (!found) throw new Error(`${name} is not on PATH`);
  return found;
};

/** How a failed promise failed, as a MediaError. */
async function mediaFailure(call: Promise<unknown>): Promise<MediaError> {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(MediaError);
    return error as MediaError;
  }
  throw new Error('The call succeeded');
}

/** Log lines the media module writes, kept for the test to read. */
function capturedLog() {
  const lines: Array<{ level: 'info' | 'warn'; msg: string }> = [];
  const logger: MediaLogger = {
    info: (_obj, msg) => lines.push({ level: 'info', msg }),
    warn: (_obj, msg) => lines.push({ level: 'warn', msg }),
  };
  return { lines, logger };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the sandbox of a media tool run', () => {
  const SECRETS = {
    DATABASE_URL: 'postgres://capsule:db-secret@127.0.0.1:5432/capsule',
    AZURE_STORAGE_CONNECTION_STRING: 'AccountName=capsule;AccountKey=storage-secret==',
    SMTP_URL: 'smtp://mailer:mail-secret@127.0.0.1:2525',
    STRIPE_SECRET_KEY: 'sk_test_stripe-secret',
    STRIPE_WEBHOOK_SECRET: 'whsec_stripe-secret',
    SESSION_SECRET: 'session-secret-'.repeat(4),
    http_proxy: 'http://127.0.0.1:9/',
  };

  it("hands the tool PATH and nothing else of the server's environment, with and without limits", async () => {
    for (const [name, value] of Object.entries(SECRETS)) vi.stubEnv(name, value);
    const env = binary('env');
    for (const limits of [undefined, { cpuSeconds: 5, memoryBytes: GiB }]) {
      const stdout = (
        await runTool(env, [], { timeoutMs: 10_000, maxStdoutBytes: 1 << 16, limits })
      ).toString();
      const names = stdout
        .trim()
        .split('\n')
        .map((line) => line.split('=')[0]);
      expect(names).toEqual(['PATH']);
      expect(stdout).not.toMatch(/secret|127\.0\.0\.1/);
    }
  });

  it('kills a run at its CPU-time limit and calls it unreadable (a verdict), well before its wall clock', async () => {
    const runs: ToolRun[] = [];
    const started = Date.now();
    const failure = await mediaFailure(
      runTool(binary('sh'), ['-c', 'while :; do :; done'], {
        timeoutMs: 20_000,
        maxStdoutBytes: 1024,
        limits: { cpuSeconds: 1, memoryBytes: GiB },
        onRun: (run) => runs.push(run),
      }),
    );
    expect(failure.reason).toBe('unreadable');
    expect(failure.message).toBe('sh was stopped at its limit of 1 s of CPU time');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(runs).toEqual([expect.objectContaining({ tool: 'sh', limited: true, outcome: 'unreadable' })]);
    expect(runs[0]?.cpuMs).toBeGreaterThanOrEqual(800);
  });

  it('refuses memory past its cap: the allocation fails, the run is unreadable and says why', async () => {
    const runs: ToolRun[] = [];
    // `tail -n 1` keeps a line without an end in memory: 400 MB of zeros is one such line.
    const failure = await mediaFailure(
      runTool(binary('sh'), ['-c', 'head -c 400000000 /dev/zero | tail -n 1'], {
        timeoutMs: 20_000,
        maxStdoutBytes: 1024,
        limits: { cpuSeconds: 10, memoryBytes: 64 * 2 ** 20 },
        onRun: (run) => runs.push(run),
      }),
    );
    expect(failure.reason).toBe('unreadable');
    expect(failure.message).toBe('sh ran out of its 64 MiB of memory: tail: memory exhausted');
    expect(runs[0]?.outcome).toBe('unreadable');
  });

  it("keeps the wall-clock limit a timeout (storage that stalls is the server's trouble, retried)", async () => {
    const failure = await mediaFailure(
      runTool(binary('sleep'), ['30'], {
        timeoutMs: 500,
        maxStdoutBytes: 1024,
        limits: { cpuSeconds: 5, memoryBytes: GiB },
      }),
    );
    expect(failure.reason).toBe('timeout');
  });

  it('runs without limits where prlimit is missing, and says so once in the log', async () => {
    vi.resetModules();
    const fresh = await import('../../src/modules/media/index.js');
    const { runTool: freshRun } = await import('../../src/modules/media/run-tool.js');
    const log = capturedLog();
    fresh.setMediaLogger(log.logger);
    const env = binary('env');
    vi.stubEnv('PATH', '/nowhere');
    const runs: ToolRun[] = [];
    const options = {
      timeoutMs: 10_000,
      maxStdoutBytes: 1 << 16,
      limits: { cpuSeconds: 5, memoryBytes: GiB },
      onRun: (run: ToolRun) => runs.push(run),
    };
    expect((await freshRun(env, [], options)).toString()).toBe('PATH=/nowhere\n');
    await freshRun(env, [], options);
    expect(runs.map((run) => run.limited)).toEqual([false, false]);
    expect(log.lines).toEqual([
      {
        level: 'warn',
        msg: 'prlimit (util-linux) is not on PATH: ffprobe and ffmpeg run without CPU-time and memory limits, with their time limit only',
      },
    ]);
  });

  it('logs the build of each tool once, at its first use, and warns of an outdated one', async () => {
    vi.resetModules();
    const fresh = await import('../../src/modules/media/index.js');
    const log = capturedLog();
    fresh.setMediaLogger(log.logger);
    const npm = await fresh.locateTool('ffmpeg', { fromSystem: false });
    await fresh.locateTool('ffmpeg', { fromSystem: false });
    await fresh.toolBuild(npm.path);
    // The npm ffmpeg is a 2018 build: named, then warned about, once.
    expect(log.lines.map((line) => line.level)).toEqual(['info', 'warn']);
    expect(log.lines[0]?.msg).toMatch(/^media tool: ffmpeg version \S+ .*2018.* \(npm, /);
    expect(log.lines[1]?.msg).toMatch(/is a 2018 build, without the security fixes since/);
  });
});
