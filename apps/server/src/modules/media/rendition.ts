import { videoInput } from './input.js';
import { renditionLimits } from './limits.js';
import { runTool, type ToolLimits, type ToolRun } from './run-tool.js';
import { toolPath } from './tools.js';

// The playback rendition: what every recipient's browser can play, whatever the sender's
// camera wrote (docs/server-rules.md, 'Video upload'). H.264 High with AAC in an MP4 whose index
// is at the front, so playback starts before the whole file has arrived. The original is kept
// untouched beside it; this is a copy for playing, made again from the original if ever needed.

/** The largest picture of a rendition: 1080p, in either orientation. */
export const RENDITION_LONG_SIDE = 1920;
/** The rendition's ffmpeg runs at this nice value (run-tool.ts, niceness). */
const RENDITION_NICENESS = 10;
export const RENDITION_SHORT_SIDE = 1080;

/** A rendition's frame rate when the input's is unknown or odd; never above MAX_FRAME_RATE. */
const DEFAULT_FRAME_RATE = 30;
const MAX_FRAME_RATE = 60;

export interface RenditionInput {
  /** The input's length, to report progress; null when the file does not say. */
  durationSeconds: number | null;
  /** Its average frame rate (ffprobe's avg_frame_rate), or null: the constant rate made from it. */
  frameRate: number | null;
  /** Its picture is HDR (PQ or HLG transfer): tone-mapped to SDR. */
  hdr: boolean;
}

export interface RenditionOptions {
  /** The MP4 to write (a local scratch file; the caller uploads it and removes it). */
  outputPath: string;
  /**
   * Stop after this many seconds of video: a file that does not say its length (a browser's
   * recording) is cut just past its capsule's limit, and the rendition's own length says
   * whether it was too long, without decoding what no one may keep.
   */
  maxSeconds?: number;
  /** Told how far the run is, 0 to 1, as ffmpeg reports it (about twice a second). */
  onProgress?: (fraction: number) => void;
  timeoutMs?: number;
  /** CPU and memory limits; by default renditionLimits(duration). */
  limits?: ToolLimits;
  /** A binary to use instead of the located one. */
  ffmpeg?: string;
  onRun?: (run: ToolRun) => void;
}

/** The constant frame rate of a rendition: the input's average, rounded, within 1..60. */
export function renditionFrameRate(frameRate: number | null): number {
  if (!frameRate || !Number.isFinite(frameRate) || frameRate < 1) return DEFAULT_FRAME_RATE;
  return Math.min(MAX_FRAME_RATE, Math.round(frameRate));
}

/**
 * The scale that fits the picture within 1920×1080 (or 1080×1920), never enlarging, with even
 * sides (4:2:0 wants them). The input is already upright here: ffmpeg applies a phone's
 * rotation before the filters (autorotate), and writes the rendition without one.
 */
const FIT = `min(1,min(${RENDITION_LONG_SIDE}/max(iw,ih),${RENDITION_SHORT_SIDE}/min(iw,ih)))`;
const SCALE = `scale=w='trunc(iw*${FIT}/2)*2':h='trunc(ih*${FIT}/2)*2'`;

/**
 * HDR (PQ or HLG) to SDR BT.709: to linear light, tone-mapped with Hable's curve (highlights
 * rolled off instead of clipped), then BT.709 primaries and transfer, limited range. Scaled
 * first, so the floating-point steps run on at most 1080p.
 */
const TONE_MAP = [
  'zscale=t=linear:npl=100',
  'format=gbrpf32le',
  'zscale=p=bt709',
  'tonemap=tonemap=hable:desat=0',
  'zscale=t=bt709:m=bt709:r=tv',
];

/** ffmpeg's arguments for the rendition of the video at `url` into `outputPath`. */
export function renditionArgs(
  url: string,
  input: RenditionInput,
  outputPath: string,
  maxSeconds?: number,
): string[] {
  const filters = [SCALE, ...(input.hdr ? TONE_MAP : []), 'format=yuv420p'];
  return [
    '-v',
    'error',
    '-nostdin',
    '-y',
    ...videoInput(url),
    // The first picture stream and the first sound stream if there is one; no subtitles, data
    // or chapters, and none of the camera's metadata (its place, its device) in the copy.
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-filter_threads',
    '1',
    '-vf',
    filters.join(','),
    // A constant frame rate: a phone's variable one stutters or drifts out of sync in some players.
    '-r',
    String(renditionFrameRate(input.frameRate)),
    '-fps_mode',
    'cfr',
    '-c:v',
    'libx264',
    '-profile:v',
    'high',
    '-preset',
    'veryfast',
    '-crf',
    '21',
    // Two threads: a rendition is long work, and two reviews may run at once per worker.
    '-threads',
    '2',
    '-colorspace',
    'bt709',
    '-color_primaries',
    'bt709',
    '-color_trc',
    'bt709',
    // Stereo AAC at 48 kHz plays everywhere; the level is left as recorded (loudness kept).
    '-c:a',
    'aac',
    '-b:a',
    '160k',
    '-ac',
    '2',
    '-ar',
    '48000',
    ...(maxSeconds === undefined ? [] : ['-t', maxSeconds.toFixed(3)]),
    '-movflags',
    '+faststart',
    '-progress',
    'pipe:1',
    '-nostats',
    '-f',
    'mp4',
    outputPath,
  ];
}

/**
 * Reads ffmpeg's `-progress` lines as the fraction done: `out_time_us` (output written) over the
 * input's length, and 1 at `progress=end` (a file's stated length can be a little off).
 */
export function progressReader(
  durationSeconds: number,
  onProgress: (fraction: number) => void,
): (chunk: Buffer) => void {
  let pending = '';
  return (chunk) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines.map((text) => text.trim())) {
      const written = /^out_time_us=(\d+)$/.exec(line);
      if (written) onProgress(Math.min(1, Number(written[1]) / 1e6 / durationSeconds));
      else if (line === 'progress=end') onProgress(1);
    }
  };
}

/**
 * Makes the playback rendition of the video at `url` (a read SAS) into `options.outputPath`.
 * Throws a MediaError: 'unreadable' when the tools cannot decode the file (a verdict on it),
 * 'timeout' when the run outlived its time (storage that stalled: retried).
 */
export async function makeRendition(
  url: string,
  input: RenditionInput,
  options: RenditionOptions,
): Promise<void> {
  const ffmpeg = await toolPath('ffmpeg', options.ffmpeg);
  const duration = input.durationSeconds;
  const onProgress = options.onProgress;
  const limits = options.limits ?? renditionLimits(duration);
  await runTool(ffmpeg, renditionArgs(url, input, options.outputPath, options.maxSeconds), {
    timeoutMs: options.timeoutMs ?? limits.cpuSeconds * 1000,
    // About 300 bytes twice a second: 4 MB is over three hours of progress.
    maxStdoutBytes: 4 << 20,
    limits,
    // Minutes of encoding nobody waits on: the web process beside it answers first.
    niceness: RENDITION_NICENESS,
    onRun: options.onRun,
    onOutput: onProgress && duration ? progressReader(duration, onProgress) : () => undefined,
  });
}
