import { videoInput } from './input.js';
import { MediaError } from './media-error.js';
import { runTool } from './run-tool.js';
import { locateTool } from './tools.js';

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
  /** A binary to use instead of the located one. */
  ffprobe?: string;
}

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

/**
 * Probes a video over HTTP(S), e.g. a short read SAS. ffprobe reads the header and seeks with
 * range requests: the video is not downloaded.
 */
export async function probeVideo(url: string, options: ProbeOptions = {}): Promise<VideoProbe> {
  const ffprobe = options.ffprobe ?? (await locateTool('ffprobe')).path;
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...videoInput(url)];
  const stdout = await runTool(ffprobe, args, {
    timeoutMs: options.timeoutMs ?? 30_000,
    maxStdoutBytes: 1 << 20,
  });
  try {
    return readProbe(JSON.parse(stdout.toString('utf8')) as FfprobeOutput);
  } catch {
    throw new MediaError('unreadable', 'ffprobe answered something other than JSON');
  }
}
