import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CAPSULE_UPLOAD_TEXTS as T } from '@capsule/domain';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, VIEWPORTS } from './support/browser.js';
import { signInThroughScreens } from './support/sign-in.js';
import { browserSuite } from './support/suite.js';

// The Upload Video dialog in a real Chromium against the built portal (issue 11): the bytes go
// from the page straight to the portal's Azurite as blocks, the server checks and reviews them
// (ffprobe, a thumbnail), and the card turns Stored. The connection is cut with Playwright's
// routing (block requests refused), and the blocks that reach storage are counted.

const BLOCK = 8 * 1024 * 1024;

/** ffmpeg from the system, else the one the server's npm dependency ships. */
function ffmpegPath(): string {
  try {
    return execFileSync('sh', ['-c', 'command -v ffmpeg'], { encoding: 'utf8' }).trim();
  } catch {
    return createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg').path as string;
  }
}

/** A real MP4 from ffmpeg's test card (never downloaded): `seconds` long at `bitrate`. */
function makeVideo(dir: string, name: string, seconds: number, bitrate: string): string {
  const file = path.join(dir, name);
  execFileSync(ffmpegPath(), [
    ...['-v', 'error', '-nostdin', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=s=1280x720:r=30:d=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-b:v', bitrate, '-maxrate', bitrate, '-bufsize', bitrate],
    ...['-c:a', 'aac', '-shortest', file],
  ]);
  return file;
}

const blockIndex = (url: string) => {
  const id = new URL(url).searchParams.get('blockid');
  return id ? Number(atob(id).replace('block-', '')) : null;
};

/**
 * Watches the block requests to storage: which reached it, and refuses those `cut` says
 * (the connection is gone for them), optionally holding each a moment so progress shows.
 */
async function watchBlocks(page: Page, blobEndpoint: string, options: { delayMs?: number } = {}) {
  const state = { staged: [] as number[], refused: [] as number[], cut: (_: number) => false };
  await page.route(`${blobEndpoint}/**`, async (route: Route) => {
    const index = blockIndex(route.request().url());
    if (index === null || route.request().method() !== 'PUT') return route.continue();
    if (state.cut(index)) {
      state.refused.push(index);
      return route.abort('internetdisconnected');
    }
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    return route.continue();
  });
  // Counted when storage answers: a request that never arrived is not a block sent.
  page.on('response', (response) => {
    const index = blockIndex(response.url());
    if (index !== null && response.request().method() === 'PUT' && response.status() === 201) {
      state.staged.push(index);
    }
  });
  return state;
}

describe('Video upload in Chromium', () => {
  const suite = browserSuite();
  let dir: string;
  let big: string;
  let bigBlocks: number;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'capsule-e2e-video-'));
    // About 36 MB: five 8 MiB blocks, the last one short; 24 s, under the 5 minutes allowed.
    big = makeVideo(dir, 'birthday.mp4', 24, '12M');
    bigBlocks = Math.ceil(statSync(big).size / BLOCK);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
  const badge = (page: Page, title: string) => card(page, title).getByTestId('status-badge').textContent();

  /**
   * Whether the portal's Content-Security-Policy lets the page reach this test's blob emulator.
   * The server lists the emulator of `npm start` (AZURITE_PORT, 10000 by default); the test
   * portal's Azurite listens on a free port, which the policy only names when the test harness
   * passes it as AZURITE_PORT. Until then the page's context bypasses the policy: the policy
   * itself is the server's to test, the upload is this file's.
   */
  async function cspAllowsStorage(): Promise<boolean> {
    const response = await fetch(`${suite.portal.baseUrl}/login`);
    const policy = response.headers.get('content-security-policy') ?? '';
    const storage = new URL(suite.portal.blobEndpoint).origin;
    const allows = (directive: string) =>
      policy
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .some(([name, ...sources]) => name === directive && sources.includes(storage));
    return allows('connect-src') && allows('media-src');
  }

  /** A buyer of '5 Legacy Capsules' whose first `ready` capsules wait for their video. */
  async function sender(name: string, ready: number) {
    const user = await suite.portal.createUser(name);
    const context = await suite.browser.newContext({
      viewport: VIEWPORTS.desktop,
      bypassCSP: !(await cspAllowsStorage()),
    });
    const page = await context.newPage();
    await signInThroughScreens(page, suite.portal, user);
    const { id: userId, email } = user;
    await suite.portal.purchase(email, '5 Legacy Capsules', 1);
    const titles = Array.from({ length: ready }, (_, i) => `Legacy Capsule #${i + 1}`);
    await suite.portal.seed.arrangeCapsules(userId, titles, {
      status: 'Pending_Upload',
      recipientName: 'Grace Hopper',
      recipientEmail: 'grace.hopper@example.test',
      recipientAssignedAt: new Date(),
    });
    await page.reload();
    await card(page, titles[0] ?? '').waitFor();
    return { page, userId, titles };
  }

  async function openUpload(page: Page, title: string) {
    await card(page, title).getByRole('button', { name: title }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Video for Grace Hopper' });
    await dialog.getByRole('button', { name: T.chooseFile }).waitFor();
    return dialog;
  }

  async function chooseAndConfirm(page: Page, title: string, file: string) {
    const dialog = await openUpload(page, title);
    await dialog.getByLabel('Video file').setInputFiles(file);
    await dialog.getByTestId('video-preview').waitFor();
    await dialog.getByRole('checkbox', { name: T.confirmLabel }).check();
    return dialog;
  }

  it('uploads a picked video with a moving progress bar; review turns the card Stored with its thumbnail; the preview plays once', async () => {
    const { page, userId, titles } = await sender('Ada Lovelace', 1);
    const title = titles[0] as string;
    const blocks = await watchBlocks(page, suite.portal.blobEndpoint, { delayMs: 700 });

    const dialog = await openUpload(page, title);
    await suite.shot(page, 'upload-01-empty');
    await dialog.getByLabel('Video file').setInputFiles(big);
    await dialog.getByTestId('video-preview').waitFor();
    expect(await dialog.getByText(/birthday\.mp4 · 3\d\.\d MB · 0:24/).isVisible()).toBe(true);
    await dialog.getByRole('checkbox', { name: T.confirmLabel }).check();
    await suite.shot(page, 'upload-02-chosen');

    await dialog.getByRole('button', { name: T.upload, exact: true }).click();
    const percent = dialog.getByTestId('upload-percent');
    await expect
      .poll(() => percent.textContent().catch(() => '0%'), { timeout: 30_000 })
      .toMatch(/^([1-9]\d?)%$/);
    expect(await dialog.getByText(T.doNotClose).isVisible()).toBe(true);
    expect(await dialog.getByTestId('upload-bytes').textContent()).toMatch(/ MB of 3\d\.\d MB$/);
    await page.screenshot({ path: path.join(ARTIFACTS, 'upload-03-uploading.png') });

    await expect
      .poll(() => page.getByText(T.uploadSuccessfulTitle).isVisible(), { timeout: 60_000 })
      .toBe(true);
    expect([...blocks.staged].sort((a, b) => a - b)).toEqual([...Array(bigBlocks).keys()]);

    // The review job probes the blob and makes a thumbnail; the list shows it on the next load.
    await expect
      .poll(
        async () => {
          await page.reload();
          await card(page, title).waitFor();
          return badge(page, title);
        },
        { timeout: 90_000, interval: 2_000 },
      )
      .toBe('Stored');
    const thumbnail = card(page, title).getByTestId('capsule-thumbnail');
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await suite.shot(page, 'upload-04-card-stored');
    const stored = await suite.portal.read.capsule(userId, title);
    expect([stored.status, stored.hasVideo]).toEqual(['Sent', true]);

    // The one-time preview: the intro, then the capsule; offered once only.
    await card(page, title).getByRole('button', { name: 'Capsule options' }).click();
    await page.getByRole('menuitem', { name: 'One-Time Preview' }).click();
    await page.getByRole('button', { name: 'Play Preview' }).click();
    const player = page.getByTestId('preview-player');
    await expect.poll(() => player.getAttribute('src')).toBe('/capsule-intro.mp4');
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime > 0)).toBe(true);
    await suite.shot(page, 'upload-05-preview-intro');
    await expect.poll(() => player.getAttribute('src'), { timeout: 15_000 }).toMatch(/^http.*sig=/);
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime > 0.5 && !v.error), {
        timeout: 15_000,
      })
      .toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, 'upload-06-preview-capsule.png') });
    await page
      .getByRole('dialog', { name: 'One-Time Preview' })
      .getByRole('button', { name: 'Close', exact: true })
      .click();
    await expect.poll(() => suite.portal.read.capsule(userId, title).then((c) => c.previewViewed)).toBe(true);
    await card(page, title).getByRole('button', { name: 'Capsule options' }).click();
    await page.getByRole('menuitem', { name: 'View Details' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'One-Time Preview' }).count()).toBe(0);
    await page.keyboard.press('Escape');
  }, 240_000);

  it('pauses when the connection is cut and resumes sending only the missing blocks', async () => {
    const { page, titles } = await sender('Grace Hopper', 1);
    const title = titles[0] as string;
    const blocks = await watchBlocks(page, suite.portal.blobEndpoint);
    blocks.cut = (index) => index >= 2;

    const dialog = await chooseAndConfirm(page, title, big);
    await dialog.getByRole('button', { name: T.upload, exact: true }).click();
    // Each cut block is tried four times (three retries after 1, 2 and 4 s), then the pause.
    // Playwright's interception passes each 8 MiB body through the protocol: allow for it.
    await dialog.getByText(T.connectionLost).waitFor({ timeout: 90_000 });
    await suite.shot(page, 'upload-07-paused');
    const before = [...blocks.staged].sort((a, b) => a - b);
    expect(before).toEqual([0, 1]);
    expect(blocks.refused.length).toBeGreaterThanOrEqual(4);

    blocks.cut = () => false;
    await dialog.getByRole('button', { name: T.resume }).click();
    await expect
      .poll(() => page.getByText(T.uploadSuccessfulTitle).isVisible(), { timeout: 60_000 })
      .toBe(true);
    const after = blocks.staged.slice(before.length).sort((a, b) => a - b);
    expect(after).toEqual([...Array(bigBlocks).keys()].slice(2));
  }, 240_000);

  it('after a reload, offers to resume the same file and sends only what is missing', async () => {
    const { page, titles } = await sender('Katherine Johnson', 1);
    const title = titles[0] as string;
    const blocks = await watchBlocks(page, suite.portal.blobEndpoint);
    blocks.cut = (index) => index >= 3;

    const dialog = await chooseAndConfirm(page, title, big);
    await dialog.getByRole('button', { name: T.upload, exact: true }).click();
    await dialog.getByText(T.connectionLost).waitFor({ timeout: 90_000 });
    const before = [...blocks.staged].sort((a, b) => a - b);
    expect(before).toEqual([0, 1, 2]);

    // The page asks before it unloads while an upload is open; the sender leaves anyway.
    const asked: string[] = [];
    page.on('dialog', (prompt) => {
      asked.push(prompt.type());
      void prompt.accept();
    });
    blocks.cut = () => false;
    await page.reload();
    expect(asked).toContain('beforeunload');
    await expect.poll(() => badge(page, title)).toBe('Upload In Progress');

    const again = await openUpload(page, title);
    await again.getByText(T.resumeOfferTitle).waitFor();
    expect(await again.getByText(/birthday\.mp4: 24\.0 MB of 3\d\.\d MB sent/).isVisible()).toBe(true);
    await again.getByLabel('Video file').setInputFiles(big);
    await again.getByText(T.resumeReady).waitFor();
    await again.getByRole('checkbox', { name: T.confirmLabel }).check();
    await suite.shot(page, 'upload-08-resume-offer');
    await again.getByRole('button', { name: T.upload, exact: true }).click();
    await expect
      .poll(() => page.getByText(T.uploadSuccessfulTitle).isVisible(), { timeout: 60_000 })
      .toBe(true);
    const after = blocks.staged.slice(before.length).sort((a, b) => a - b);
    expect(after).toEqual([...Array(bigBlocks).keys()].slice(3));
  }, 240_000);
});
