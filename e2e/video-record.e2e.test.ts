import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CAPSULE_TEXTS, CAPSULE_RECORD_TEXTS as R, CAPSULE_UPLOAD_TEXTS as T } from '@capsule/domain';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, viewportShot } from './support/browser.js';
import {
  card,
  cspAllowsStorage,
  expectPlaying,
  expectToast,
  untilCardStored,
} from './support/capsule-screens.js';
import { makeVideo } from './support/media.js';
import { signInThroughScreens } from './support/sign-in.js';
import { browserSuite } from './support/suite.js';

// 'Record a video' in the Upload Video dialog, in a real Chromium with its fake camera and
// microphone (support/browser.ts's flags): the countdown, the timer, pause and resume, the
// preview of the recording, and then the same upload as a chosen file, through the portal's
// Azurite to the server's review (ffprobe reads the length the recorder wrote into the WebM),
// and at 1280 px on to the recipient, who plays the recording's rendition. A longer take's
// blocks reach storage while it is recorded; after 'Use this video' only the rest is sent.
// A browser that refuses the camera says so and leaves the file path open.

/** getUserMedia refused as when the sender blocks the camera (the fake-UI flag allows every prompt). */
const REFUSE_CAMERA = () => {
  const refuse = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  Object.defineProperty(navigator.mediaDevices, 'getUserMedia', { value: refuse, configurable: true });
};

describe('Recording a video in Chromium', () => {
  const suite = browserSuite();
  let dir: string;
  let clip: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'capsule-e2e-record-'));
    clip = makeVideo(dir, 'clip.mp4', { seconds: 2 });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A sender whose one capsule waits for its video, on a page of that size. */
  async function sender(name: string, viewport: { width: number; height: number }, refuseCamera = false) {
    const user = await suite.portal.createUser(name);
    const context = await suite.browser.newContext({
      viewport,
      bypassCSP: !(await cspAllowsStorage(suite.portal)),
    });
    if (refuseCamera) await context.addInitScript(REFUSE_CAMERA);
    const page = await context.newPage();
    await signInThroughScreens(page, suite.portal, user);
    await suite.portal.purchase(user.email, '5 Legacy Capsules', 1);
    const title = 'Legacy Capsule #1';
    await suite.portal.seed.arrangeCapsules(user.id, [title], {
      status: 'Pending_Upload',
      recipientName: 'Grace Hopper',
      recipientEmail: 'grace.hopper@example.test',
      recipientAssignedAt: new Date(),
    });
    await page.reload();
    await card(page, title).waitFor();
    return { page, userId: user.id, title };
  }

  async function openRecorder(page: Page, title: string): Promise<Locator> {
    await card(page, title).getByRole('button', { name: title }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Video for Grace Hopper' });
    await dialog.getByRole('button', { name: T.chooseFile }).waitFor();
    await dialog.getByRole('button', { name: R.recordVideo }).click();
    return dialog;
  }

  const timer = (dialog: Locator) => dialog.getByRole('timer');
  /** Seconds on the timer ('0:04 / 5:00' is 4). */
  const timerSeconds = async (dialog: Locator) => {
    const [m, s] = ((await timer(dialog).textContent()) ?? '').split(' / ')[0]?.split(':') ?? [];
    return Number(m) * 60 + Number(s);
  };

  /** Whether any camera or microphone track of the page is still live. */
  const liveTracks = (page: Page) =>
    page.evaluate(
      () =>
        Array.from(document.querySelectorAll('video'))
          .map((video) => video.srcObject)
          .filter((source): source is MediaStream => source instanceof MediaStream)
          .flatMap((stream) => stream.getTracks())
          .filter((track) => track.readyState === 'live').length,
    );

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    const width = viewport.width;
    it(`records about 4 s with the camera, previews it, uses it and uploads it to the review (${width} px)`, async () => {
      const { page, userId, title } = await sender(`Recorder ${size}`, viewport);
      const dialog = await openRecorder(page, title);

      // The fake camera shows; its devices are listed by name once access is granted.
      const camera = dialog.getByTestId('camera-preview');
      await expect
        .poll(() => camera.evaluate((video: HTMLVideoElement) => video.videoWidth > 0 && !video.paused), {
          timeout: 15_000,
        })
        .toBe(true);
      await expect.poll(() => dialog.getByLabel(R.camera, { exact: true }).inputValue()).not.toBe('');
      expect(await dialog.getByLabel(R.microphone, { exact: true }).inputValue()).not.toBe('');
      await viewportShot(page, `record-00-camera-${width}`);

      await dialog.getByRole('button', { name: R.start }).click();
      await dialog.getByTestId('countdown').waitFor();
      expect(await dialog.getByTestId('countdown').textContent()).toMatch(/^[1-3]$/);
      await viewportShot(page, `record-01-countdown-${width}`);

      // Recording: the badge and the timer against the capsule's 5 minutes.
      await timer(dialog).waitFor({ timeout: 10_000 });
      expect(await dialog.getByText(R.recording, { exact: true }).isVisible()).toBe(true);
      await expect.poll(() => timerSeconds(dialog), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      expect(await timer(dialog).textContent()).toMatch(/^0:0\d \/ 5:00$/);
      await viewportShot(page, `record-02-recording-${width}`);

      // Paused, the timer holds; resumed, it goes on from there.
      await dialog.getByRole('button', { name: R.pause }).click();
      await dialog.getByText(R.paused, { exact: true }).waitFor();
      const held = await timerSeconds(dialog);
      await page.waitForTimeout(1500);
      expect(await timerSeconds(dialog)).toBe(held);
      await dialog.getByRole('button', { name: R.resume }).click();
      await expect.poll(() => timerSeconds(dialog), { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
      await dialog.getByRole('button', { name: R.stop }).click();

      // The preview plays the recording and shows its length (a live WebM states none: the player
      // works it out).
      const preview = dialog.getByTestId('recording-preview');
      await preview.waitFor({ timeout: 15_000 });
      await expect
        .poll(
          () =>
            preview.evaluate((video: HTMLVideoElement) =>
              Number.isFinite(video.duration) ? video.duration : 0,
            ),
          { timeout: 10_000 },
        )
        .toBeGreaterThan(3.5);
      expect(await preview.evaluate((video: HTMLVideoElement) => video.duration)).toBeLessThan(6);
      // The recording ended: the camera and the microphone are off.
      expect(await liveTracks(page)).toBe(0);
      await viewportShot(page, `record-03-preview-${width}`);

      // Used: the same step as a chosen file (the checks, its preview, notify, the confirmation).
      await dialog.getByRole('button', { name: R.useRecording }).click();
      await dialog.getByTestId('video-preview').waitFor({ timeout: 15_000 });
      expect(await dialog.getByText(/recording\.webm · [\d.]+ [KM]B · 0:0[4-5]/).isVisible()).toBe(true);
      await dialog.getByRole('checkbox', { name: T.confirmLabel }).check();
      await dialog.getByRole('button', { name: T.upload, exact: true }).click();
      await expect
        .poll(() => page.getByText(T.uploadSuccessfulTitle).isVisible(), { timeout: 60_000 })
        .toBe(true);

      // The review reads the recording's length and makes its thumbnail: the card turns Stored.
      await untilCardStored(page, title);
      const stored = await suite.portal.read.capsule(userId, title);
      expect([stored.status, stored.hasVideo]).toEqual(['Sent', true]);

      if (size === 'desktop') {
        // The recipient plays the recording's rendition: the sender locks the capsule, the
        // delivery sweep delivers it, and the recipient opens it from Received Capsules.
        const recipient = await suite.portal.createUser('Grace Hopper');
        await suite.portal.seed.arrangeCapsules(userId, [title], {
          recipientEmail: recipient.email,
          deliveryCriteria: 'View_Any_Time',
        });
        await page.reload();
        await card(page, title).getByRole('button', { name: 'Capsule options' }).click();
        await page.getByRole('menuitem', { name: 'Lock Capsule' }).click();
        const lock = page.getByRole('dialog', { name: 'Lock Capsule' });
        await lock.getByRole('checkbox').check();
        await lock.getByRole('button', { name: 'Lock Capsule' }).click();
        await expectToast(page, CAPSULE_TEXTS.lockedTitle);
        await suite.portal.sweeps.deliver();
        const grace = await (
          await suite.browser.newContext({ viewport, bypassCSP: !(await cspAllowsStorage(suite.portal)) })
        ).newPage();
        await signInThroughScreens(grace, suite.portal, recipient);
        await grace.goto(`${suite.portal.baseUrl}/received-capsules`);
        await card(grace, title).getByRole('button', { name: 'View Capsule' }).click();
        await expectPlaying(grace);
        await viewportShot(grace, `record-05-recipient-plays-${width}`);
        await grace.context().close();
      }
      await page.context().close();
    }, 300_000);
  }

  it('sends a take to storage while it is recorded: after Use, only the rest goes (1280 px)', async () => {
    const { page, userId, title } = await sender('Live recorder', VIEWPORTS.desktop);
    // Every block storage accepted, and whether the recorder was still running when it did.
    const blocks: { id: string; whileRecording: boolean }[] = [];
    const recordingNow = () => page.getByText(R.recording, { exact: true }).isVisible();
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (request.method() !== 'PUT' || url.searchParams.get('comp') !== 'block') return;
      void recordingNow().then((whileRecording) =>
        blocks.push({ id: url.searchParams.get('blockid') ?? '', whileRecording }),
      );
    });
    const dialog = await openRecorder(page, title);
    await dialog.getByRole('button', { name: R.start }).click();
    await timer(dialog).waitFor({ timeout: 15_000 });
    // The fake camera writes some 80 kB a second: a 1 MiB block is whole after a dozen seconds.
    await expect
      .poll(() => blocks.filter((b) => b.whileRecording).length, { timeout: 45_000 })
      .toBeGreaterThan(0);
    await dialog.getByRole('button', { name: R.stop }).click();
    await dialog.getByTestId('recording-preview').waitFor({ timeout: 15_000 });
    const before = blocks.length;
    await dialog.getByRole('button', { name: R.useRecording }).click();
    await dialog.getByTestId('video-preview').waitFor({ timeout: 15_000 });
    await dialog.getByRole('checkbox', { name: T.confirmLabel }).check();
    await dialog.getByRole('button', { name: T.upload, exact: true }).click();
    await expect
      .poll(() => page.getByText(T.uploadSuccessfulTitle).isVisible(), { timeout: 60_000 })
      .toBe(true);
    // The blocks sent while recording were not sent again.
    const early = new Set(blocks.slice(0, before).map((b) => b.id));
    const after = blocks.slice(before).map((b) => b.id);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((id) => early.has(id))).toEqual([]);
    await untilCardStored(page, title);
    const stored = await suite.portal.read.capsule(userId, title);
    expect([stored.status, stored.hasVideo]).toEqual(['Sent', true]);
    await page.context().close();
  }, 300_000);

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    const width = viewport.width;
    it(`says the camera was refused and keeps the file path open (${width} px)`, async () => {
      const { page, title } = await sender(`Refused ${size}`, viewport, true);
      const dialog = await openRecorder(page, title);
      const problem = dialog.getByRole('alert').filter({ hasText: R.deniedTitle });
      await problem.waitFor();
      expect(await problem.textContent()).toContain(R.deniedBody);
      await viewportShot(page, `record-04-refused-${width}`);

      await dialog.getByRole('button', { name: R.chooseFileInstead }).click();
      await dialog.getByLabel('Video file').setInputFiles(clip);
      await dialog.getByTestId('video-preview').waitFor();
      expect(await dialog.getByText(/clip\.mp4/).isVisible()).toBe(true);
      await page.context().close();
    }, 120_000);
  }
});
