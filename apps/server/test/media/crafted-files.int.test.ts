import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  extractThumbnail,
  locateTool,
  MediaError,
  type MediaTools,
  makeRendition,
  PROBE_LIMITS,
  probeVideo,
  THUMBNAIL_LIMITS,
  TOOL_MEMORY_BYTES,
  type ToolRun,
} from '../../src/modules/media/index.js';
import { findOnPath } from '../../src/modules/media/run-tool.js';
import { trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { makeTestVideo } from '../support/test-videos.js';
import { memberWithCapsule, uploadAndReview } from '../support/uploads.js';
import {
  concatList,
  cutIndex,
  externalFrames,
  garbageFrames,
  hlsPlaylist,
  hugePicture,
  millionFrames,
  topBoxes,
} from './crafted-files.js';

// Crafted uploads through the real probe and thumbnail: each ends as the review
// would have it — refused with a reason, or a harmless video — within the limits of
// limits.ts, and opens nothing but the file itself: the file server sees requests for that
// file only, a second server named inside the files sees none, and no byte of the local file
// they name comes back. The measured time and memory are printed as a table.

const LOCAL_FILE = '/etc/passwd';
const LOCAL_CONTENT = /root:.*:0:0:/;

/** Serves files by name with range requests, as blob storage does, and notes every request. */
async function fileServer(files: Map<string, Buffer>) {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const bytes = files.get((req.url ?? '').slice(1));
    if (!bytes) {
      res.writeHead(404).end();
      return;
    }
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    if (!range) {
      res.writeHead(200, { 'content-length': bytes.length, 'accept-ranges': 'bytes' }).end(bytes);
      return;
    }
    const start = Number(range[1]);
    const end = range[2] ? Math.min(Number(range[2]), bytes.length - 1) : bytes.length - 1;
    if (start >= bytes.length) {
      res.writeHead(416, { 'content-range': `bytes */${bytes.length}` }).end();
      return;
    }
    res
      .writeHead(206, {
        'content-length': end - start + 1,
        'content-range': `bytes ${start}-${end}/${bytes.length}`,
        'accept-ranges': 'bytes',
      })
      .end(bytes.subarray(start, end + 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type Outcome = 'unreadable' | 'no picture' | 'no frame' | 'video';

interface Measured {
  outcome: Outcome;
  message: string;
  probe: { durationSeconds: number | null; width: number | null; height: number | null } | null;
  runs: ToolRun[];
}

/** The binaries to run: the located ones (the system's where installed), or the npm packages'. */
interface Binaries {
  ffprobe?: string;
  ffmpeg?: string;
}

/** What the review's inspection finds (upload-review.service.ts), with every run's cost. */
async function inspect(url: string, binaries: Binaries): Promise<Measured> {
  const runs: ToolRun[] = [];
  const onRun = (run: ToolRun) => runs.push(run);
  let probe: Awaited<ReturnType<typeof probeVideo>>;
  try {
    probe = await probeVideo(url, { onRun, ffprobe: binaries.ffprobe });
  } catch (error) {
    if (!(error instanceof MediaError) || error.reason !== 'unreadable') throw error;
    return { outcome: 'unreadable', message: error.message, probe: null, runs };
  }
  const facts = { durationSeconds: probe.durationSeconds, width: probe.width, height: probe.height };
  if (!probe.hasVideoStream) return { outcome: 'no picture', message: '', probe: facts, runs };
  try {
    const jpeg = await extractThumbnail(url, {
      durationSeconds: probe.durationSeconds,
      onRun,
      ffmpeg: binaries.ffmpeg,
    });
    return { outcome: 'video', message: `a ${jpeg.length}-byte JPEG`, probe: facts, runs };
  } catch (error) {
    if (!(error instanceof MediaError) || error.reason !== 'unreadable') throw error;
    return { outcome: 'no frame', message: error.message, probe: facts, runs };
  }
}

const MiB = (bytes: number | null) => (bytes === null ? '?' : `${Math.round(bytes / 2 ** 20)}`);

describe('crafted files through the real ffprobe and ffmpeg', () => {
  const files = new Map<string, Buffer>();
  let server: Awaited<ReturnType<typeof fileServer>>;
  let elsewhere: Awaited<ReturnType<typeof fileServer>>;
  const table: string[] = [];
  const sandboxed = findOnPath('prlimit') !== null;
  const builds: Record<'located' | 'npm', Binaries> = { located: {}, npm: {} };

  const CASES: Array<{ name: string; file: string; expected: Outcome; why: string }> = [
    // Two honest videos first: the limits must leave them room.
    { name: '1080p H.264, 2 s', file: 'normal-1080p.mp4', expected: 'video', why: 'a real video' },
    { name: '4K H.264, 2 s', file: 'normal-4k.mp4', expected: 'video', why: 'a real video' },
    {
      name: 'HLS playlist named .mp4',
      file: 'hls.mp4',
      expected: 'unreadable',
      why: 'hls demuxer not allowed',
    },
    {
      name: 'ffconcat list named .mp4',
      file: 'concat.mp4',
      expected: 'unreadable',
      why: 'concat demuxer not allowed',
    },
    {
      name: `MP4 whose frames are in ${LOCAL_FILE} (alias)`,
      file: 'alias-local.mp4',
      expected: 'no frame',
      why: 'alias not followed; no frames in the file',
    },
    {
      name: 'MP4 whose frames are on another server (alias)',
      file: 'alias-http.mp4',
      expected: 'no frame',
      why: 'alias not followed; no frames in the file',
    },
    {
      name: 'H.264 claiming 100000×100000',
      file: 'huge.mp4',
      expected: 'no frame',
      why: 'the decoder refuses the size: no frame',
    },
    {
      name: 'a million 16×16 frames, one keyframe',
      file: 'million.mp4',
      expected: 'video',
      why: 'a real 1000 s video: the length check decides',
    },
    { name: 'index (moov) cut in half', file: 'cut.mp4', expected: 'unreadable', why: 'no index' },
    {
      name: 'valid header and index, random frames',
      file: 'garbage.mp4',
      expected: 'no frame',
      why: 'nothing decodes',
    },
  ];

  beforeAll(async () => {
    elsewhere = await fileServer(new Map());
    const [mp4, million, fullHd, uhd] = await Promise.all([
      makeTestVideo({ seconds: 2, format: 'mp4' }).then((video) => video.bytes),
      millionFrames(),
      makeTestVideo({ seconds: 2, format: 'mp4', width: 1920, height: 1080 }).then((video) => video.bytes),
      makeTestVideo({ seconds: 2, format: 'mp4', width: 3840, height: 2160 }).then((video) => video.bytes),
    ]);
    files.set('normal-1080p.mp4', fullHd);
    files.set('normal-4k.mp4', uhd);
    // The files below edit an MP4 whose index comes after its frames (no chunk offset moves).
    expect(topBoxes(mp4).map((b) => b.type)).toEqual(['ftyp', 'free', 'mdat', 'moov']);
    /** A reference movie: the index only, its frames said to be in `target`. */
    const reference = (target: string) => {
      const edited = externalFrames(mp4, target);
      return Buffer.concat(
        topBoxes(edited)
          .filter((b) => b.type !== 'mdat')
          .map((b) => edited.subarray(b.at, b.at + b.size)),
      );
    };
    files.set('hls.mp4', hlsPlaylist(elsewhere.url, LOCAL_FILE));
    files.set('concat.mp4', concatList(elsewhere.url, LOCAL_FILE));
    files.set('alias-local.mp4', reference(LOCAL_FILE));
    files.set('alias-http.mp4', reference(`${elsewhere.url}/frames.mov`));
    files.set('huge.mp4', hugePicture(mp4, 100_000));
    files.set('million.mp4', million);
    files.set('cut.mp4', cutIndex(mp4));
    files.set('garbage.mp4', garbageFrames(mp4));
    server = await fileServer(files);
    const [ffprobe, ffmpeg] = await Promise.all([
      locateTool('ffprobe', { fromSystem: false }),
      locateTool('ffmpeg', { fromSystem: false }),
    ]);
    builds.npm = { ffprobe: ffprobe.path, ffmpeg: ffmpeg.path };
  }, 120_000);

  afterAll(async () => {
    await Promise.all([server?.close(), elsewhere?.close()]);
    if (table.length > 0)
      console.log(
        [
          '| build | file | outcome | probe | thumbnail | wall ms | CPU ms | peak RSS MiB | peak address space MiB |',
          '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
          ...table,
        ].join('\n'),
      );
  });

  // The located tools (Debian's on CI and in the image), and the npm fallback a newcomer gets.
  const RUNS = CASES.flatMap((c) => (['located', 'npm'] as const).map((build) => ({ ...c, build })));

  it.each(RUNS)('$build tools, $name: $expected ($why)', async ({ name, file, expected, build }) => {
    server.requests.length = 0;
    const found = await inspect(`${server.url}/${file}`, builds[build]);
    const [probeRun, ...thumbnailRuns] = found.runs;
    const sum = (pick: (run: ToolRun) => number | null) =>
      found.runs.reduce((total, run) => total + (pick(run) ?? 0), 0);
    const peak = (pick: (run: ToolRun) => number | null) =>
      Math.max(0, ...found.runs.map((run) => pick(run) ?? 0)) || null;
    table.push(
      `| ${build} | ${name} | ${found.outcome}${found.message ? `: ${found.message.slice(0, 90)}` : ''} | ${
        probeRun?.outcome ?? '-'
      }${found.probe ? ` (${found.probe.width ?? '?'}×${found.probe.height ?? '?'}, ${found.probe.durationSeconds ?? '?'} s)` : ''} | ${thumbnailRuns.map((run) => run.outcome).join(', ') || '-'} | ${sum((r) => r.wallMs)} | ${sum(
        (r) => r.cpuMs,
      )} | ${MiB(peak((r) => r.peakRssBytes))} | ${MiB(peak((r) => r.peakVirtualBytes))} |`,
    );

    expect(found.outcome, found.message).toBe(expected);
    // Within the limits: each run under its CPU limit (wall time too), its address space under the cap.
    for (const run of found.runs) {
      const limits = run.tool === 'ffprobe' ? PROBE_LIMITS : THUMBNAIL_LIMITS;
      expect(run.limited).toBe(sandboxed);
      expect(run.wallMs).toBeLessThan(limits.cpuSeconds * 1000);
      expect(run.cpuMs ?? 0).toBeLessThanOrEqual(limits.cpuSeconds * 1000);
      expect(run.peakVirtualBytes ?? 0).toBeLessThanOrEqual(TOOL_MEMORY_BYTES);
    }
    // Nothing else reached or read: the file's own URL only, no request elsewhere, no local content.
    expect(new Set(server.requests)).toEqual(new Set([`/${file}`]));
    expect(elsewhere.requests).toEqual([]);
    expect(found.message).not.toMatch(LOCAL_CONTENT);
  });

  it('leaves each file that reaches the review in Needs_Review with the reason, or refused at completion', async () => {
    const kind = databaseKinds()[0] ?? 'pglite';
    const runs: ToolRun[] = [];
    const onRun = (run: ToolRun) => runs.push(run);
    const media: MediaTools = {
      probeVideo: (url, options) => probeVideo(url, { ...options, onRun }),
      extractThumbnail: (url, options) => extractThumbnail(url, { ...options, onRun }),
      makeRendition: (url, input, options) => makeRendition(url, input, { ...options, onRun }),
    };
    const t: TestApp = await startTestApp(kind, {}, { media });
    try {
      const verdicts: string[] = [];
      for (const { file } of CASES.filter((c) => !c.file.startsWith('normal-'))) {
        const m = await memberWithCapsule(t);
        runs.length = 0;
        const started = Date.now();
        const upload = { bytes: files.get(file)!, contentType: 'video/mp4', name: file, durationSeconds: 2 };
        let verdict: string;
        try {
          const { capsule } = await uploadAndReview(t, m, upload);
          verdict = `${capsule.status}: ${capsule.reviewReason ?? ''}`;
        } catch (error) {
          // A text file is refused by its first bytes when the upload completes: ffmpeg never sees it.
          const refused = await trpcError(Promise.reject(error));
          verdict = `refused at completion (${refused.data?.httpStatus}): ${refused.message}`;
        }
        verdicts.push(`| ${file} | ${verdict} | ${Date.now() - started} | ${runs.length} |`);
        expect(verdict, file).toMatch(/^Needs_Review: \S|^refused at completion \(400\)/);
      }
      console.log(
        ['| file | review | ms | tool runs |', '| --- | --- | --- | --- |', ...verdicts].join('\n'),
      );
    } finally {
      await t.close();
    }
  }, 120_000);
});
