import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CameraVideo, makeCameraRenditions } from '../apps/server/test/support/browser-portal.js';
import { launchChromium } from './support/browser.js';

// Every kind of video a camera or a browser writes plays in Chromium once the review has made
// its playback rendition (docs/server-rules.md, 'Video upload'): the rendition is made as the
// review makes it, from the original in blob storage, and a <video> plays it until its time
// has moved on. The journey through the product (upload, review, playback by the recipient) is
// in video-upload, video-record and received-capsules.

const KINDS: Array<[CameraVideo, { width: number; height: number }]> = [
  ['h264-mp4', { width: 1280, height: 720 }],
  ['hevc-mov-rotated', { width: 360, height: 640 }],
  ['vp9-opus-webm', { width: 640, height: 360 }],
  ['vp8-webm', { width: 640, height: 360 }],
  ['hdr-hevc-10bit', { width: 1920, height: 1080 }],
  ['variable-frame-rate', { width: 640, height: 360 }],
  ['portrait-1440p', { width: 1080, height: 1920 }],
  ['no-audio', { width: 640, height: 360 }],
];

describe('playback renditions in Chromium', { timeout: 180_000 }, () => {
  let browser: Browser;
  let page: Page;
  let scratch: string;
  let server: http.Server;
  let origin: string;

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(tmpdir(), 'capsule-renditions-e2e-'));
    await makeCameraRenditions(
      KINDS.map(([kind]) => kind),
      scratch,
    );
    // The renditions, served as storage serves them: video/mp4, whole or by range.
    server = http.createServer((req, res) => {
      const file = path.join(scratch, path.basename(req.url ?? ''));
      let bytes: Buffer;
      try {
        bytes = readFileSync(file);
      } catch {
        res.writeHead(404).end();
        return;
      }
      const range = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? '');
      const headers = {
        'content-type': 'video/mp4',
        'accept-ranges': 'bytes',
        'access-control-allow-origin': '*',
      };
      if (!range) {
        res.writeHead(200, { ...headers, 'content-length': bytes.length }).end(bytes);
        return;
      }
      const start = Number(range[1]);
      const end = range[2] ? Math.min(Number(range[2]), bytes.length - 1) : bytes.length - 1;
      res
        .writeHead(206, {
          ...headers,
          'content-range': `bytes ${start}-${end}/${bytes.length}`,
          'content-length': end - start + 1,
        })
        .end(bytes.subarray(start, end + 1));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
    page = await (await browser.newContext()).newPage();
    // The page at the files' origin (a 404), settled before the first setContent replaces it:
    // a navigation still under way destroyed the first test's context once.
    await page.goto(`${origin}/`, { waitUntil: 'load' }).catch(() => undefined);
    await page.waitForLoadState('load');
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    rmSync(scratch, { recursive: true, force: true });
  });

  it.each(KINDS)('plays the rendition of %s', async (kind, size) => {
    const html = `<video id="v" muted playsinline preload="auto" src="${origin}/${kind}.mp4"></video>`;
    // The first page of the context can still be settling its own navigation: once more then.
    await page.setContent(html).catch(async () => {
      await page.waitForLoadState('load');
      await page.setContent(html);
    });
    const played = await page.evaluate(async () => {
      const video = document.getElementById('v') as HTMLVideoElement;
      await video.play();
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`stuck at ${video.currentTime} s`)), 15_000);
        video.addEventListener('timeupdate', () => {
          if (video.currentTime > 1) {
            clearTimeout(timer);
            resolve();
          }
        });
        video.addEventListener('error', () => reject(new Error(`media error ${video.error?.code}`)));
      });
      return { time: video.currentTime, width: video.videoWidth, height: video.videoHeight };
    });
    expect(played.time).toBeGreaterThan(1);
    expect({ width: played.width, height: played.height }).toEqual(size);
  });
});
