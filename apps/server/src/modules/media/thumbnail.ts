import { detectImageType } from '../storage/index.js';
import { videoInput } from './input.js';
import { ONE_THREAD, THUMBNAIL_LIMITS } from './limits.js';
import { MediaError } from './media-error.js';
import { runTool, type ToolLimits, type ToolRun } from './run-tool.js';
import { thumbnailTime } from './thumbnail-time.js';
import { toolPath } from './tools.js';

export interface ThumbnailOptions {
  /** The video's length, to pick a frame 10% in (capped at 1 s for short clips); unknown: 1 s. */
  durationSeconds?: number | null;
  maxWidth?: number;
  timeoutMs?: number;
  /** CPU and memory limits (limits.ts); tests set smaller ones. */
  limits?: ToolLimits;
  /** A binary to use instead of the located one. */
  ffmpeg?: string;
  /** Told what each run cost (tests measure with it; a seek past the end makes two runs). */
  onRun?: (run: ToolRun) => void;
}

async function frameAt(ffmpeg: string, url: string, at: number, options: ThumbnailOptions): Promise<Buffer> {
  const width = options.maxWidth ?? 640;
  const args = [
    '-v',
    'error',
    '-nostdin',
    // Before -i: seek by the index with range requests, not by decoding from the start.
    '-ss',
    at.toFixed(3),
    // The decoder's threads (before -i), the filter's and the encoder's (after): one each.
    ...ONE_THREAD,
    ...videoInput(url),
    '-an',
    '-sn',
    '-frames:v',
    '1',
    '-filter_threads',
    '1',
    // Never wider than maxWidth, the height kept in proportion and even (JPEG's 4:2:0 wants it).
    '-vf',
    `scale='min(${width},iw)':-2`,
    ...ONE_THREAD,
    '-f',
    'image2pipe',
    '-c:v',
    'mjpeg',
    '-q:v',
    '4',
    'pipe:1',
  ];
  return runTool(ffmpeg, args, {
    timeoutMs: options.timeoutMs ?? 60_000,
    maxStdoutBytes: 8 << 20,
    limits: options.limits ?? THUMBNAIL_LIMITS,
    onRun: options.onRun,
  });
}

/** A JPEG of one frame of the video at the URL (a read SAS), for the capsule's card. */
export async function extractThumbnail(url: string, options: ThumbnailOptions = {}): Promise<Buffer> {
  const ffmpeg = await toolPath('ffmpeg', options.ffmpeg);
  let jpeg = await frameAt(ffmpeg, url, thumbnailTime(options.durationSeconds), options);
  // A seek past the last frame (a wrong or missing duration) gives no frame: take the first.
  if (jpeg.length === 0) jpeg = await frameAt(ffmpeg, url, 0, options);
  if (detectImageType(jpeg) !== 'jpeg')
    throw new MediaError('unreadable', 'ffmpeg made no picture of the video');
  return jpeg;
}
