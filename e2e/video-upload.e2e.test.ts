import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CAPSULE_TEXTS, CAPSULE_UPLOAD_TEXTS as T } from '@capsule/domain';
import type { Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, VIEWPORTS, viewportShot } from './support/browser.js';
import { badge, card, cspAllowsStorage, untilCardStored } from './support/capsule-screens.js';
import { makeVideo } from './support/media.js';
import { signInThroughScreens } from './support/sign-in.js';
import { browserSuite } from './support/suite.js';

// The Upload Video dialog in a real Chromium against the built portal: the bytes go
// from the page straight to the portal's Azurite as blocks, the server checks and reviews them
// (ffprobe, a thumbnail), and the card turns Stored. The connection is cut with Playwright's
// routing (block requests refused), and the blocks that reach storage are counted.

const BLOCK = 8 * 1024 * 1024;

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
    big = makeVideo(dir, 'birthday.mp4', { seconds: 24, size: '1280x720', rate: 30, bitrate: '12M' });
    bigBlocks = Math.ceil(statSync(big).size / BLOCK);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A buyer of '5 Legacy Capsules' whose first `ready` capsules wait for their video. */
  async function sender(name: string, ready: number) {
    const user = await suite.portal.createUser(name);
    const context = await suite.browser.newContext({
      viewport: VIEWPORTS.desktop,
      bypassCSP: !(await cspAllowsStorage(suite.portal)),
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
    await untilCardStored(page, title);
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

    // Paused, the upload survives a reload: the page does not ask before unloading (it does
    // while bytes move), and says the upload can be resumed later.
    expect(await dialog.getByText(T.resumeLater).isVisible()).toBe(true);
    const asked: string[] = [];
    page.on('dialog', (prompt) => {
      asked.push(prompt.type());
      void prompt.accept();
    });
    blocks.cut = () => false;
    await page.reload();
    expect(asked).toEqual([]);
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

  // Nothing given is dropped unasked; a stop is a pause with Resume; storage's refusals say so;
  // a lost CORS rule comes back; on a phone no toast lies over the dialog's buttons.
  describe('no dead ends', () => {
    const uploadDialog = (page: Page) => page.getByRole('dialog', { name: 'Upload Video for Grace Hopper' });

    /** Boxes of every visible button in the dialog that a visible toast overlaps. */
    async function buttonsUnderToasts(page: Page, dialog: Locator) {
      const toasts = page.locator('.mantine-Notification-root');
      const boxes = [];
      for (const toast of await toasts.all())
        if (await toast.isVisible()) boxes.push(await toast.boundingBox());
      const covered: string[] = [];
      for (const button of await dialog.getByRole('button').all()) {
        if (!(await button.isVisible())) continue;
        const b = await button.boundingBox();
        if (!b) continue;
        for (const t of boxes) {
          if (!t) continue;
          const overlaps =
            b.x < t.x + t.width && t.x < b.x + b.width && b.y < t.y + t.height && t.y < b.y + b.height;
          if (overlaps)
            covered.push((await button.getAttribute('aria-label')) ?? (await button.textContent()) ?? '');
        }
      }
      return covered;
    }

    it('Escape with a chosen file asks before discarding, and No keeps the file (1280 and 375)', async () => {
      const { page, userId, titles } = await sender('Mary Jackson', 1);
      const title = titles[0] as string;
      for (const [size, viewport] of [
        ['1280', VIEWPORTS.desktop],
        ['375', VIEWPORTS.mobile],
      ] as const) {
        await page.setViewportSize(viewport);
        const dialog = await chooseAndConfirm(page, title, big);
        await page.keyboard.press('Escape');
        const ask = page.getByRole('dialog', { name: T.discardTitle });
        await ask.getByText('The video you chose will not be kept.').waitFor();
        await viewportShot(page, `upload-10-discard-question-${size}`);
        await ask.getByRole('button', { name: T.keepEditing }).click();
        await ask.waitFor({ state: 'hidden' });
        // The file, the preview and the ticked box are all still there.
        expect(await dialog.getByTestId('video-preview').isVisible()).toBe(true);
        expect(await dialog.getByRole('checkbox', { name: T.confirmLabel }).isChecked()).toBe(true);
        expect(await dialog.getByRole('button', { name: T.upload, exact: true }).isEnabled()).toBe(true);

        // A click outside asks too; Discard closes.
        await page.mouse.click(4, 4);
        await ask.getByRole('button', { name: T.discard }).click();
        await dialog.waitFor({ state: 'hidden' });
      }
      // Nothing was started.
      expect((await suite.portal.read.capsule(userId, title)).status).toBe('Pending_Upload');
    }, 120_000);

    it('Cancel during an upload asks, stops, shows Resume only, and Resume finishes the upload', async () => {
      const { page, userId, titles } = await sender('Dorothy Vaughan', 1);
      const title = titles[0] as string;
      const blocks = await watchBlocks(page, suite.portal.blobEndpoint);
      // Blocks 0 and 1 go through; the others wait (a slow line) until the sender stops.
      let slow = true;
      const held: Route[] = [];
      await page.route(`${suite.portal.blobEndpoint}/**`, async (route: Route) => {
        const index = blockIndex(route.request().url());
        if (slow && index !== null && index >= 2 && route.request().method() === 'PUT') held.push(route);
        else await route.fallback();
      });
      const dialog = await chooseAndConfirm(page, title, big);
      await dialog.getByRole('button', { name: T.upload, exact: true }).click();
      await expect.poll(() => [...blocks.staged].sort(), { timeout: 30_000 }).toEqual([0, 1]);
      await expect.poll(() => held.length).toBeGreaterThan(0);
      expect(await dialog.getByTestId('upload-percent').textContent()).toMatch(/^([1-9]\d?)%$/);
      expect(await dialog.getByText(T.doNotClose).isVisible()).toBe(true);

      await dialog.getByRole('button', { name: T.cancel }).click();
      const ask = page.getByRole('dialog', { name: T.stopTitle });
      await ask.getByText(T.stopBody).waitFor();
      await viewportShot(page, 'upload-11-stop-question-1280');
      await ask.getByRole('button', { name: T.stopUpload }).click();
      await dialog.getByText(T.stoppedByYou).waitFor();
      // The requests the stop aborted are let go (the page no longer waits for them).
      slow = false;
      for (const route of held) await route.abort().catch(() => undefined);

      // Paused: Resume only, and how to come back later instead of 'do not close'.
      expect(await dialog.getByText(T.resumeLater).isVisible()).toBe(true);
      expect(await dialog.getByText(T.doNotClose).count()).toBe(0);
      expect(await dialog.getByRole('button', { name: T.upload, exact: true }).count()).toBe(0);
      expect(await dialog.getByRole('button', { name: T.resume, exact: true }).count()).toBe(1);
      const capsule = await suite.portal.read.capsule(userId, title);
      expect(capsule.status).toBe('Upload_In_Progress');
      // Nothing more reaches storage while it is stopped.
      await page.waitForTimeout(1_500);
      expect([...blocks.staged].sort()).toEqual([0, 1]);
      await viewportShot(page, 'upload-12-stopped-1280');
      await page.setViewportSize(VIEWPORTS.mobile);
      await viewportShot(page, 'upload-13-stopped-375');
      const resume = dialog.getByRole('button', { name: T.resume, exact: true });
      const box = await resume.boundingBox();
      expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(375);

      await resume.click();
      await expect
        .poll(() => page.getByText(T.uploadSuccessfulTitle).isVisible(), { timeout: 60_000 })
        .toBe(true);
      // Every block reached storage, and none twice: the resume sent only 2 and on.
      expect([...blocks.staged].sort((a, b) => a - b)).toEqual([...Array(bigBlocks).keys()]);
    }, 240_000);

    it('says storage refused the upload when storage answers 403, not that the connection failed', async () => {
      const { page, titles } = await sender('Annie Easley', 1);
      const title = titles[0] as string;
      const origin = new URL(suite.portal.baseUrl).origin;
      await page.route(`${suite.portal.blobEndpoint}/**`, async (route: Route) => {
        if (route.request().method() !== 'PUT') return route.continue();
        return route.fulfill({
          status: 403,
          contentType: 'application/xml',
          headers: {
            'access-control-allow-origin': origin,
            'access-control-expose-headers': '*',
            'x-ms-error-code': 'AuthorizationFailure',
          },
          body: '<?xml version="1.0" encoding="utf-8"?><Error><Code>AuthorizationFailure</Code><Message>This request is not authorized to perform this operation.</Message></Error>',
        });
      });
      const dialog = await chooseAndConfirm(page, title, big);
      await dialog.getByRole('button', { name: T.upload, exact: true }).click();
      await page
        .getByText('Storage refused the upload (403). Please try again.')
        .waitFor({ timeout: 60_000 });
      expect(await page.getByText(T.uploadFailedTitle).first().isVisible()).toBe(true);
      expect(await dialog.getByText(T.connectionLost).count()).toBe(0);
      await viewportShot(page, 'upload-14-storage-refused-1280');
      // The slot was given back and the file is still chosen: Upload tries again (on a phone).
      await expect.poll(() => badge(page, title)).toBe('Pending Upload');
      await page.setViewportSize(VIEWPORTS.mobile);
      await page
        .locator('.mantine-Notification-root')
        .first()
        .waitFor({ state: 'detached', timeout: 10_000 });
      await dialog.getByRole('button', { name: T.upload, exact: true }).click();
      const again = page.locator('.mantine-Notification-root', {
        hasText: 'Storage refused the upload (403)',
      });
      await again.waitFor({ timeout: 60_000 });
      await viewportShot(page, 'upload-14-storage-refused-375');
      expect(await buttonsUnderToasts(page, dialog)).toEqual([]);
    }, 120_000);

    it("puts the portal's CORS rule back when it was removed, keeping another portal's, and the upload goes through", async () => {
      const { page, titles } = await sender('Evelyn Boyd Granville', 1);
      const title = titles[0] as string;
      const ours = suite.portal.blobCors.ours();
      const otherPortal = {
        allowedOrigins: 'http://localhost:3100,http://localhost:5173',
        allowedMethods: 'GET,HEAD,PUT,OPTIONS',
        allowedHeaders: 'x-ms-*,content-type',
        exposedHeaders: 'x-ms-*,etag',
        maxAgeInSeconds: 3600,
      };
      // Another portal on the same emulator wrote its rules and left ours out.
      await suite.portal.blobCors.set([otherPortal]);
      const refused: string[] = [];
      page.on('requestfailed', (request) => {
        if (request.url().startsWith(suite.portal.blobEndpoint)) refused.push(request.url());
      });
      const dialog = await chooseAndConfirm(page, title, big);
      await dialog.getByRole('button', { name: T.upload, exact: true }).click();
      await expect
        .poll(() => page.getByText(T.uploadSuccessfulTitle).isVisible(), { timeout: 90_000 })
        .toBe(true);
      // The browser was refused (a CORS failure is all it sees), and the rule came back.
      expect(refused.length).toBeGreaterThan(0);
      const rules = await suite.portal.blobCors.rules();
      expect(rules.map((rule) => rule.allowedOrigins)).toEqual([otherPortal.allowedOrigins, ours]);
      await viewportShot(page, 'upload-15-cors-restored-1280');
    }, 180_000);

    it('on a phone, no toast covers the upload dialog: not the Recipient assigned before it, nor its own', async () => {
      const user = await suite.portal.createUser('Christine Darden');
      const page = await (
        await suite.browser.newContext({
          viewport: VIEWPORTS.mobile,
          bypassCSP: !(await cspAllowsStorage(suite.portal)),
        })
      ).newPage();
      await signInThroughScreens(page, suite.portal, user);
      await suite.portal.purchase(user.email, '5 Legacy Capsules', 1);
      await suite.portal.seed.contacts(user.id, [
        {
          firstName: 'Grace',
          lastName: 'Hopper',
          email: 'grace.hopper@example.test',
          relationshipType: 'Friend',
        },
      ]);
      await page.reload();
      const title = 'Legacy Capsule #1';
      await card(page, title).getByRole('button', { name: title }).click();
      const assign = page.getByRole('dialog', { name: 'Assign Recipient' });
      await assign.getByRole('combobox', { name: 'Recipient' }).fill('hopper');
      await page.getByRole('option', { name: /Grace Hopper/ }).click();
      await assign.getByRole('checkbox').check();
      await assign.getByRole('button', { name: 'Assign Recipient' }).click();
      const assigned = page.locator('.mantine-Notification-root', {
        hasText: CAPSULE_TEXTS.recipientAssigned,
      });
      await assigned.waitFor();
      await assign.waitFor({ state: 'hidden' });
      await viewportShot(page, 'upload-16-recipient-assigned-375');
      // The toast sits at the top on a phone, clear of the page's foot.
      expect((await assigned.boundingBox())?.y ?? 999).toBeLessThan(120);

      // The card now opens the upload dialog, within the toast's 5 s.
      await expect.poll(() => badge(page, title)).toBe('Pending Upload');
      await card(page, title).getByRole('button', { name: title }).click();
      const dialog = uploadDialog(page);
      await dialog.getByRole('button', { name: T.chooseFile }).waitFor();
      await expect.poll(() => assigned.count()).toBe(0);
      expect(await buttonsUnderToasts(page, dialog)).toEqual([]);
      await viewportShot(page, 'upload-17-dialog-after-assign-375');

      // A toast of the dialog's own (a file that is not a video) lies clear of its buttons too.
      await dialog.getByLabel('Video file').setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not a video'),
      });
      const refused = page.locator('.mantine-Notification-root', { hasText: T.invalidTypeTitle });
      await refused.waitFor();
      await viewportShot(page, 'upload-18-own-toast-375');
      expect(await buttonsUnderToasts(page, dialog)).toEqual([]);
    }, 180_000);
  });
});
