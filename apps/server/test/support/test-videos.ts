import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { locateTool } from '../../src/modules/media/index.js';
import { runTool } from '../../src/modules/media/run-tool.js';

// Test videos and images are made here with ffmpeg's test sources, never downloaded.
// Each takes well under a second for a few seconds of small video.

export type TestVideoFormat = 'mp4' | 'webm' | 'mov';

export interface TestVideoOptions {
  seconds: number;
  format: TestVideoFormat;
  width?: number;
  height?: number;
  /** A file in a video container with an audio stream only (no picture): review must refuse it. */
  audioOnly?: boolean;
  /**
   * 'noise' is random pixels: it hardly compresses, so a few seconds make megabytes (to see
   * what a probe downloads; mp4 and mov, webm's bitrate is capped). 'testsrc' (default) is
   * ffmpeg's test card: kilobytes.
   */
  picture?: 'testsrc' | 'noise';
}

export interface TestFile {
  bytes: Buffer;
  contentType: string;
}

const CONTENT_TYPES: Record<TestVideoFormat, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

const CODECS: Record<TestVideoFormat, { video: string[]; audio: string[] }> = {
  // No +faststart: the index goes at the end, as many phones write it, so a probe must seek.
  mp4: { video: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'], audio: ['-c:a', 'aac'] },
  mov: { video: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'], audio: ['-c:a', 'aac'] },
  webm: {
    video: ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-b:v', '300k', '-pix_fmt', 'yuv420p'],
    audio: ['-c:a', 'libopus'],
  },
};

/** Runs ffmpeg steps in a scratch folder (each writes the file named last) and answers the last file. */
export async function ffmpegSteps(
  extension: string,
  steps: Array<(previous: string) => string[]>,
): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'capsule-media-'));
  try {
    const ffmpeg = (await locateTool('ffmpeg')).path;
    let previous = '';
    for (const [i, step] of steps.entries()) {
      const file = path.join(dir, `step${i}.${extension}`);
      await runTool(ffmpeg, ['-v', 'error', '-nostdin', '-y', ...step(previous), file], {
        timeoutMs: 60_000,
        maxStdoutBytes: 1 << 20,
      });
      previous = file;
    }
    return readFileSync(previous);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A real video of that length and container: ffmpeg's testsrc picture (and a tone when audio only). */
export async function makeTestVideo(options: TestVideoOptions): Promise<TestFile> {
  const { seconds, format, width = 320, height = 240 } = options;
  const codecs = CODECS[format];
  const lavfi = (source: string, codec: string[]) => () => ['-f', 'lavfi', '-i', source, ...codec];
  const steps = options.audioOnly
    ? [lavfi(`sine=frequency=440:duration=${seconds}`, codecs.audio)]
    : options.picture === 'noise'
      ? [
          // Encoding noise is slow: one second of it, then copied end to end (fast, no encoding).
          lavfi(`nullsrc=duration=1:size=${width}x${height}:rate=25,geq=random(1)*255:128:128`, codecs.video),
          (second: string) => ['-stream_loop', String(Math.max(0, seconds - 1)), '-i', second, '-c', 'copy'],
        ]
      : [lavfi(`testsrc=duration=${seconds}:size=${width}x${height}:rate=25`, codecs.video)];
  return { bytes: await ffmpegSteps(format, steps), contentType: CONTENT_TYPES[format] };
}

export type TestImageType = 'png' | 'jpeg' | 'webp';

/** A small real image of that type (a recipient's document in later tests). */
export async function makeTestImage(type: TestImageType): Promise<TestFile> {
  const extension = type === 'jpeg' ? 'jpg' : type;
  const bytes = await ffmpegSteps(extension, [
    () => ['-f', 'lavfi', '-i', 'testsrc=size=64x48', '-frames:v', '1', '-update', '1'],
  ]);
  return { bytes, contentType: `image/${type}` };
}
