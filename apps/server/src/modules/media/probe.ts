import { checkedProbe, type FfprobeOutput, readProbe, type VideoProbe } from './ffprobe-output.js';
import { videoInput } from './input.js';
import { ONE_THREAD, PROBE_LIMITS } from './limits.js';
import { MediaError } from './media-error.js';
import { runTool, type ToolLimits, type ToolRun } from './run-tool.js';
import { toolPath } from './tools.js';

export type { VideoProbe } from './ffprobe-output.js';

export interface ProbeOptions {
  timeoutMs?: number;
  /** CPU and memory limits (limits.ts); tests set smaller ones. */
  limits?: ToolLimits;
  /** A binary to use instead of the located one. */
  ffprobe?: string;
  /** Told what the run cost (tests measure with it). */
  onRun?: (run: ToolRun) => void;
}

/**
 * Probes a video over HTTP(S), e.g. a short read SAS. ffprobe reads the header and seeks with
 * range requests: the video is not downloaded.
 */
export async function probeVideo(url: string, options: ProbeOptions = {}): Promise<VideoProbe> {
  const ffprobe = await toolPath('ffprobe', options.ffprobe);
  const args = [
    '-v',
    'error',
    ...ONE_THREAD,
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    ...videoInput(url),
  ];
  const stdout = await runTool(ffprobe, args, {
    timeoutMs: options.timeoutMs ?? 30_000,
    maxStdoutBytes: 1 << 20,
    limits: options.limits ?? PROBE_LIMITS,
    onRun: options.onRun,
  });
  let output: FfprobeOutput;
  try {
    output = JSON.parse(stdout.toString('utf8')) as FfprobeOutput;
  } catch {
    throw new MediaError('unreadable', 'ffprobe answered something other than JSON');
  }
  return checkedProbe(readProbe(output));
}
