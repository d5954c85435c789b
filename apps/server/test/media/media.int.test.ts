import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractThumbnail, locateTool, MediaError, probeVideo } from '../../src/modules/media/index.js';
import { type BlobRef, detectImageType, newUploadId, videoBlob } from '../../src/modules/storage/index.js';
import { startTestBlobStorage, type TestBlobStorage } from '../support/blob-storage.js';
import { TestClock } from '../support/test-app.js';
import { makeTestVideo, type TestFile } from '../support/test-videos.js';

// Probing and thumbnails the way the review job does them: the video sits in Azurite and
// ffprobe / ffmpeg read it over a short read SAS, with range requests.

/** The width and height of a JPEG, from its first SOF marker. */
function jpegSize(jpeg: Buffer): { width: number; height: number } {
  let at = 2;
  while (at + 9 < jpeg.length) {
    const marker = jpeg[at + 1]!;
    const length = jpeg.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc3)
      return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  throw new Error('No frame header in the JPEG');
}

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

/** A proxy in front of the emulator that counts the body bytes it sends, to see what a probe downloads. */
async function countingProxy(target: string) {
  const upstream = new URL(target);
  let bytes = 0;
  const server = http.createServer((req, res) => {
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        answer.pipe(res);
      },
    );
    req.pipe(forward);
    // The reader closes a connection it no longer needs (a seek): stop reading upstream too.
    res.on('close', () => forward.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    rewrite: (url: string) =>
      url.replace(`${upstream.protocol}//${upstream.host}`, `http://127.0.0.1:${port}`),
    bytes: () => bytes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('video probing and thumbnails over a read SAS', () => {
  const clock = new TestClock();
  let t: TestBlobStorage;
  const ownerId = randomUUID();

  /** Uploads the file to a fresh blob and answers a read SAS for it. */
  async function stored(
    file: TestFile | Buffer,
    contentType = 'video/mp4',
  ): Promise<{ ref: BlobRef; url: string }> {
    const ref = videoBlob({ ownerId, capsuleId: randomUUID(), uploadId: newUploadId() });
    const bytes = Buffer.isBuffer(file) ? file : file.bytes;
    await t.storage.uploadBuffer(ref, bytes, Buffer.isBuffer(file) ? contentType : file.contentType);
    return { ref, url: (await t.storage.readSas(ref)).url };
  }

  beforeAll(async () => {
    t = await startTestBlobStorage(clock);
  });
  afterAll(async () => t?.stop());

  it.each([
    ['mp4', 'h264', 'mov,mp4,m4a,3gp,3g2,mj2'],
    ['webm', 'vp9', 'matroska,webm'],
  ] as const)(
    'probes a %s video: its duration, its video stream, and makes a JPEG thumbnail',
    async (format, codec, container) => {
      const video = await makeTestVideo({ seconds: 3, format });
      const { url } = await stored(video);

      const probe = await probeVideo(url);
      expect(probe.durationSeconds).toBeCloseTo(3, 1);
      expect(probe).toMatchObject({
        hasVideoStream: true,
        container,
        videoCodec: codec,
        width: 320,
        height: 240,
      });

      const jpeg = await extractThumbnail(url, { durationSeconds: probe.durationSeconds });
      expect(detectImageType(jpeg)).toBe('jpeg');
      expect(jpegSize(jpeg)).toEqual({ width: 320, height: 240 });
    },
  );

  it('makes the thumbnail no wider than asked, in proportion, and from a video with no known length', async () => {
    const { url } = await stored(
      await makeTestVideo({ seconds: 2, format: 'mp4', width: 1280, height: 720 }),
    );
    expect(jpegSize(await extractThumbnail(url))).toEqual({ width: 640, height: 360 });
    expect(jpegSize(await extractThumbnail(url, { maxWidth: 160 }))).toEqual({ width: 160, height: 90 });
    // A wrong duration seeks past the end: the first frame is taken instead.
    expect(detectImageType(await extractThumbnail(url, { durationSeconds: 600 }))).toBe('jpeg');
  });

  it('works with the binaries of the npm packages alone (a machine without ffmpeg)', async () => {
    const ffprobe = await locateTool('ffprobe', { fromSystem: false });
    const ffmpeg = await locateTool('ffmpeg', { fromSystem: false });
    expect([ffprobe.source, ffmpeg.source]).toEqual(['npm', 'npm']);
    expect(ffprobe.path).toMatch(/node_modules/);

    for (const format of ['mp4', 'webm'] as const) {
      const { url } = await stored(await makeTestVideo({ seconds: 2, format }));
      const probe = await probeVideo(url, { ffprobe: ffprobe.path });
      expect(probe.durationSeconds).toBeCloseTo(2, 1);
      expect(probe.hasVideoStream).toBe(true);
      expect(detectImageType(await extractThumbnail(url, { ffmpeg: ffmpeg.path }))).toBe('jpeg');
    }
  });

  it('refuses a text file renamed .mp4 cleanly, without the SAS in the message', async () => {
    const { url } = await stored(Buffer.from('This is not a video, whatever its name says.\n'.repeat(50)));
    const probeFailure = await mediaFailure(probeVideo(url));
    expect(probeFailure.reason).toBe('unreadable');
    expect(probeFailure.message).not.toMatch(/sig=|http/);
    const thumbFailure = await mediaFailure(extractThumbnail(url));
    expect(thumbFailure.reason).toBe('unreadable');
    expect(thumbFailure.message).not.toMatch(/sig=|http/);
  });

  it('says when a file in a video container holds no picture', async () => {
    const { url } = await stored(await makeTestVideo({ seconds: 2, format: 'mp4', audioOnly: true }));
    const probe = await probeVideo(url);
    expect(probe).toMatchObject({ hasVideoStream: false, videoCodec: null });
    expect(probe.durationSeconds).toBeCloseTo(2, 0);
  });

  it('fails cleanly on a missing blob, an expired SAS and a URL that is not http(s)', async () => {
    const missing = videoBlob({ ownerId, capsuleId: randomUUID(), uploadId: newUploadId() });
    await t.storage.ensureContainer(missing.container);
    expect((await mediaFailure(probeVideo((await t.storage.readSas(missing)).url))).reason).toBe(
      'unreadable',
    );

    clock.advanceMinutes(-60);
    const { ref } = await stored(await makeTestVideo({ seconds: 1, format: 'mp4' }));
    const expired = (await t.storage.readSas(ref)).url;
    clock.reset();
    expect((await mediaFailure(probeVideo(expired))).reason).toBe('unreadable');
    expect((await mediaFailure(extractThumbnail(expired))).reason).toBe('unreadable');

    expect((await mediaFailure(probeVideo('file:///etc/passwd'))).reason).toBe('unreadable');
  });

  it('stops a probe at its time limit when storage never answers', async () => {
    const silent = http.createServer(() => {
      // Takes the request and never answers.
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const started = Date.now();
      const failure = await mediaFailure(probeVideo(`http://127.0.0.1:${port}/video`, { timeoutMs: 1000 }));
      expect(failure.reason).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(5000);
      const thumb = await mediaFailure(
        extractThumbnail(`http://127.0.0.1:${port}/video`, { timeoutMs: 1000 }),
      );
      expect(thumb.reason).toBe('timeout');
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('reads only part of a large video to probe it and take its thumbnail (range requests)', async () => {
    // Large enough that what the loopback sockets buffer (a few MB a connection) cannot hide a full read.
    const video = await makeTestVideo({
      seconds: 16,
      format: 'mp4',
      width: 640,
      height: 480,
      picture: 'noise',
    });
    expect(video.bytes.length).toBeGreaterThan(50_000_000);
    const { url } = await stored(video);
    const proxy = await countingProxy(t.blobEndpoint);
    try {
      const probe = await probeVideo(proxy.rewrite(url));
      expect(probe.durationSeconds).toBeCloseTo(16, 1);
      const probed = proxy.bytes();
      await extractThumbnail(proxy.rewrite(url), { durationSeconds: probe.durationSeconds });
      const thumbnailed = proxy.bytes() - probed;
      // Seen here: the probe about 3%, the thumbnail about 20% (each request asks from its
      // offset to the end, so what the sockets buffer before a seek counts too).
      expect(probed).toBeLessThan(video.bytes.length / 4);
      expect(thumbnailed).toBeLessThan(video.bytes.length / 2);
    } finally {
      await proxy.close();
    }
  }, 90_000);
});
