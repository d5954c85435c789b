import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateTool, probeVideo } from '../../src/modules/media/index.js';
import { makeRendition } from '../../src/modules/media/rendition.js';
import { runTool, type ToolRun } from '../../src/modules/media/run-tool.js';
import { newUploadId, videoBlob } from '../../src/modules/storage/index.js';
import { sharedTestBlobStorage, type TestBlobStorage } from '../support/blob-storage.js';
import { type CameraVideo, makeCameraVideo } from '../support/camera-videos.js';
import { TestClock } from '../support/test-app.js';
import { makeTestVideo } from '../support/test-videos.js';

// The playback rendition of each kind of video a camera or a browser writes, made the way the
// review makes it (ffmpeg reading the original over a read SAS), and checked with ffprobe:
// H.264 High, 4:2:0, AAC, upright, at most 1080p, a constant frame rate, SDR, the index first.

interface Stream {
  codec_type: string;
  codec_name: string;
  profile?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  color_transfer?: string;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  channels?: number;
  side_data_list?: Array<{ rotation?: number }>;
}

async function probeFile(file: string): Promise<{ streams: Stream[]; duration: number }> {
  const ffprobe = (await locateTool('ffprobe')).path;
  const out = await runTool(
    ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file],
    { timeoutMs: 30_000, maxStdoutBytes: 1 << 20 },
  );
  const json = JSON.parse(out.toString('utf8')) as { streams: Stream[]; format: { duration: string } };
  return { streams: json.streams, duration: Number(json.format.duration) };
}

/** Whether the MP4's index (moov) comes before its media (mdat): playback starts at once. */
function indexFirst(bytes: Buffer): boolean {
  return bytes.indexOf('moov') < bytes.indexOf('mdat');
}

/** The nice values of this process's ffmpeg children (from /proc; a child gone meanwhile is skipped). */
function ffmpegNiceness(): number[] {
  const found: number[] = [];
  for (const task of readdirSync(`/proc/${process.pid}/task`)) {
    const kids = readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim();
    for (const kid of kids ? kids.split(/\s+/) : []) {
      try {
        const stat = readFileSync(`/proc/${kid}/stat`, 'utf8');
        if (!stat.includes('(ffmpeg)')) continue;
        // The fields after the name: state is the first, nice the 17th.
        found.push(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
      } catch {
        // Gone meanwhile.
      }
    }
  }
  return found;
}

const rate = (fraction: string | undefined) => {
  const [n, d] = (fraction ?? '0/1').split('/').map(Number);
  return (n ?? 0) / (d || 1);
};

/** Each input, and what its rendition must be. */
const CASES: Array<[CameraVideo, { width: number; height: number; audio: boolean }]> = [
  ['h264-mp4', { width: 1280, height: 720, audio: true }],
  // Stored 640×360 with a 90° rotation: upright, it is 360×640.
  ['hevc-mov-rotated', { width: 360, height: 640, audio: true }],
  ['vp9-opus-webm', { width: 640, height: 360, audio: true }],
  ['vp8-webm', { width: 640, height: 360, audio: true }],
  ['hdr-hevc-10bit', { width: 1920, height: 1080, audio: true }],
  ['variable-frame-rate', { width: 640, height: 360, audio: true }],
  // 1440×2560 fits 1080×1920.
  ['portrait-1440p', { width: 1080, height: 1920, audio: true }],
  ['no-audio', { width: 640, height: 360, audio: false }],
];

describe('the playback rendition', { timeout: 120_000 }, () => {
  const clock = new TestClock();
  let t: TestBlobStorage;
  let scratch: string;
  beforeAll(async () => {
    t = await sharedTestBlobStorage(clock);
    scratch = mkdtempSync(path.join(tmpdir(), 'capsule-rendition-test-'));
  });
  afterAll(async () => {
    rmSync(scratch, { recursive: true, force: true });
    await t?.stop();
  });

  it.each(CASES)(
    'of %s plays everywhere: H.264 High, AAC, upright, ≤1080p, constant rate, SDR',
    async (kind, want) => {
      const video = await makeCameraVideo(kind);
      const ref = videoBlob({ ownerId: randomUUID(), capsuleId: randomUUID(), uploadId: newUploadId() });
      await t.storage.uploadBuffer(ref, video.bytes, video.contentType);
      const { url } = await t.storage.readSas(ref);
      // What the review knows of the input: its probe.
      const input = await probeVideo(url);
      expect(input.hdr).toBe(kind === 'hdr-hevc-10bit');
      expect(input.rotation).toBe(kind === 'hevc-mov-rotated' ? 270 : 0);
      const outputPath = path.join(scratch, `${kind}.mp4`);
      const progress: number[] = [];
      const runs: ToolRun[] = [];

      await makeRendition(url, input, {
        outputPath,
        onProgress: (fraction) => progress.push(fraction),
        onRun: (run) => runs.push(run),
      });

      const { streams, duration } = await probeFile(outputPath);
      const picture = streams.find((stream) => stream.codec_type === 'video');
      const sound = streams.find((stream) => stream.codec_type === 'audio');
      expect(picture).toMatchObject({
        codec_name: 'h264',
        profile: 'High',
        pix_fmt: 'yuv420p',
        ...(want.width && { width: want.width, height: want.height }),
      });
      // Upright: the rotation is applied to the pixels, none is left for the player to apply.
      expect(picture?.side_data_list?.some((data) => data.rotation) ?? false).toBe(false);
      // A constant rate: every frame lasts as long as the next.
      expect(rate(picture?.avg_frame_rate)).toBeCloseTo(rate(picture?.r_frame_rate), 1);
      // SDR BT.709 whatever came in (an HDR picture is tone-mapped, not shown washed out).
      expect(picture?.color_transfer).toBe('bt709');
      if (want.audio) expect(sound).toMatchObject({ codec_name: 'aac', channels: 2 });
      else expect(sound).toBeUndefined();
      expect(duration).toBeCloseTo(input.durationSeconds ?? 0, 0);
      expect(indexFirst(readFileSync(outputPath))).toBe(true);
      // Progress came as it went, and it ran under its limits.
      expect(progress.length).toBeGreaterThan(0);
      expect(progress.at(-1)).toBe(1);
      expect(runs.map((run) => run.outcome)).toEqual(['ok']);
    },
  );

  it('runs ffmpeg at a lower priority than the web process beside it', async () => {
    const video = await makeTestVideo({ seconds: 8, format: 'mp4', width: 1280, height: 720 });
    const ref = videoBlob({ ownerId: randomUUID(), capsuleId: randomUUID(), uploadId: newUploadId() });
    await t.storage.uploadBuffer(ref, video.bytes, video.contentType);
    const { url } = await t.storage.readSas(ref);
    const seen: number[] = [];
    await makeRendition(url, await probeVideo(url), {
      outputPath: path.join(scratch, 'niced.mp4'),
      onProgress: () => seen.push(...ffmpegNiceness()),
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set([10]));
  });
});
