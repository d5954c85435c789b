import { videoInput } from './input.js';
import { ONE_THREAD, PROBE_LIMITS } from './limits.js';
import { MediaError } from './media-error.js';
import { runTool, type ToolLimits, type ToolRun } from './run-tool.js';
import { toolPath } from './tools.js';

export interface VideoProbe {
  /** Seconds, or null when the file does not say (some recorders write no duration). */
  durationSeconds: number | null;
  /** A real picture stream: a cover image attached to an audio file does not count. */
  hasVideoStream: boolean;
  /** ffprobe's format name, e.g. 'mov,mp4,m4a,3gp,3g2,mj2' or 'matroska,webm'. */
  container: string;
  videoCodec: string | null;
  width: number | null;
  height: number | null;
}

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
 * Larger than any camera records (8K is 7680×4320; H.264 and HEVC stop at 8192): a file that
 * claims more is crafted or broken, and no thumbnail is tried.
 */
export const MAX_PICTURE_SIDE = 16_384;

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
}

interface FfprobeOutput {
  format?: { format_name?: string; duration?: string };
  streams?: FfprobeStream[];
}

const seconds = (value: string | undefined) => {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n >= 0 ? n : null;
};

/** What ffprobe's JSON says about the file, in our terms. */
export function readProbe(output: FfprobeOutput): VideoProbe {
  const streams = output.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const streamSeconds = streams.map((s) => seconds(s.duration)).filter((s) => s !== null);
  return {
    durationSeconds:
      seconds(output.format?.duration) ?? (streamSeconds.length > 0 ? Math.max(...streamSeconds) : null),
    hasVideoStream: video !== undefined,
    container: output.format?.format_name ?? 'unknown',
    videoCodec: video?.codec_name ?? null,
    width: video?.width ?? null,
    height: video?.height ?? null,
  };
}

/** The probe, unless it claims a picture no camera makes ('unreadable'). */
export function checkedProbe(probe: VideoProbe): VideoProbe {
  if ((probe.width ?? 0) > MAX_PICTURE_SIDE || (probe.height ?? 0) > MAX_PICTURE_SIDE)
    throw new MediaError('unreadable', `The file claims a ${probe.width}×${probe.height} picture`);
  return probe;
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
