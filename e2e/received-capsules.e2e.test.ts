import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DOCUMENT_UPLOAD_TEXTS, formatDate } from '@capsule/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, VIEWPORTS } from './support/browser.js';
import { card, expectPlaying, expectToast, uploadUntilStored } from './support/capsule-screens.js';
import { extractZip, makePng, makeVideo } from './support/media.js';
import { enterPasswordAndCode, signInThroughScreens } from './support/sign-in.js';
import { browserSuite } from './support/suite.js';

// The recipient's half in a real Chromium against the built portal: a sender uploads
// and locks two capsules through the screens, the delivery sweep runs, and the recipient finds
// them in Received Capsules: one plays at once; the other opens after a document uploaded in the
// Verify Milestone Documents dialog is approved by an operator (the CLI's service).

describe('Received Capsules in Chromium', () => {
  const suite = browserSuite();
  let dir: string;
  let video: string;
  let png: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'capsule-e2e-received-'));
    video = makeVideo(dir, 'for-ada.mp4', { seconds: 8 });
    png = makePng(dir, 'marriage-certificate.png');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The sender's screens: upload the video, wait for the review to store it, lock it. */
  async function uploadAndLock(page: Page, title: string, recipient: string) {
    await uploadUntilStored(page, { title, recipientName: recipient, video });
    await card(page, title).getByRole('button', { name: 'Capsule options' }).click();
    await page.getByRole('menuitem', { name: 'Lock Capsule' }).click();
    const lock = page.getByRole('dialog', { name: 'Lock Capsule' });
    await lock.getByRole('checkbox').check();
    await lock.getByRole('button', { name: 'Lock Capsule' }).click();
    await expectToast(page, 'Capsule Locked');
  }

  /** The whole page, from its top (a full-page shot of a scrolled page draws the header mid-page). */
  async function pageShot(page: Page, name: string) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await suite.shot(page, name);
  }

  /** What the screen shows with a dialog open (the dialog is in the viewport, not the page). */
  async function dialogShot(page: Page, name: string) {
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
  }

  it('delivers a locked capsule to its recipient, who sees it with its thumbnail, opens it and plays it; a verification capsule plays once its document is approved', async () => {
    const { portal, browser } = suite;
    const recipient = await portal.createUser('Ada Lovelace');
    const sender = await portal.createUser('Grace Hopper');
    await portal.purchase(sender.email, '3 Journey Capsules'); // View_Any_Time
    await portal.purchase(sender.email, '2 Premium Verification Capsules');
    const anyTime = 'Journey Capsule #1';
    const proof = 'Legacy Capsule #4'; // numbering runs on across the sender's purchases
    // Assigning a recipient and setting the capsule info are the sender's screens (their own e2e).
    await portal.seed.arrangeCapsules(sender.id, [anyTime, proof], {
      status: 'Pending_Upload',
      recipientName: recipient.fullName,
      recipientEmail: recipient.email,
      recipientAssignedAt: new Date(),
    });
    await portal.seed.arrangeCapsules(sender.id, [anyTime], {
      category: 'Graduation',
      message: 'Ada, you did it. Watch this when you are ready — with all my love.',
    });
    await portal.seed.arrangeCapsules(sender.id, [proof], { category: 'Wedding' });

    // The sender uploads and locks both (Notify Recipient at lock, the dialog's default).
    const senderContext = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const senderPage = await senderContext.newPage();
    await signInThroughScreens(senderPage, portal, sender);
    await uploadAndLock(senderPage, anyTime, recipient.fullName);
    await uploadAndLock(senderPage, proof, recipient.fullName);

    await portal.sweeps.deliver();
    const delivered = await portal.read.capsule(sender.id, anyTime);
    expect(delivered.deliveredAt).not.toBeNull();
    const proofId = (await portal.read.capsule(sender.id, proof)).id;

    // The recipient signs in: the dashboard's Received tile counts both.
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signInThroughScreens(page, portal, recipient);
    await expect.poll(() => page.getByTestId('stats-value-received').textContent()).toBe('2');

    // Opened directly: the server draws the page with its list (first-page/), so the browser
    // does not ask for the list at all.
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('receivedCapsules.list')) listRequests.push(request.url());
    });
    const opened = await page.goto(`${portal.baseUrl}/received-capsules`);
    expect(await opened?.text()).toContain('Graduation');
    await page.getByRole('heading', { name: 'Received Capsules' }).waitFor();
    await card(page, 'Graduation').waitFor();
    expect(listRequests).toHaveLength(0);
    const stat = (key: string) => page.getByTestId(`received-stat-value-${key}`).textContent();
    expect([
      await stat('total'),
      await stat('viewAnyTime'),
      await stat('milestoneDate'),
      await stat('documentValidation'),
    ]).toEqual(['2', '1', '0', '1']);

    const open = card(page, 'Graduation');
    const thumbnail = open.getByTestId('received-thumbnail');
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await open.getByText('Condition: View Any Time').isVisible()).toBe(true);
    expect(await open.getByText('From: Grace Hopper').isVisible()).toBe(true);
    const waiting = card(page, 'Wedding');
    expect(await waiting.getByText('Condition: Premium Verification').isVisible()).toBe(true);
    expect(await waiting.getByRole('button', { name: 'Submit Documents' }).isVisible()).toBe(true);
    expect(await waiting.getByRole('button', { name: 'View Capsule' }).count()).toBe(0);
    await pageShot(page, 'received-01-page');

    // Received Capsule Details: who sent it, their message, when it was made.
    await open.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: anyTime });
    await details.getByTestId('sender').waitFor();
    expect(await details.getByText('Grace Hopper', { exact: true }).isVisible()).toBe(true);
    expect(await details.getByText(sender.email).isVisible()).toBe(true);
    expect(await details.getByText('Sent To You').isVisible()).toBe(true);
    expect(await details.getByText(/^Ada, you did it\./).isVisible()).toBe(true);
    await dialogShot(page, 'received-02-details');

    // The Video tab has a visible trigger; the video plays in the page.
    await details.getByRole('tab', { name: 'Video' }).click();
    await details.getByRole('button', { name: 'Play video' }).click();
    await expectPlaying(page);
    await dialogShot(page, 'received-03-playing');
    await details.getByRole('button', { name: 'Close', exact: true }).click();
    // The sender's side learns it was opened and played (delivery tracking).
    await expect
      .poll(async () => {
        const tracked = (await portal.read.capsule(sender.id, anyTime)).delivery;
        return Boolean(tracked?.openedAt && tracked.playedAt);
      })
      .toBe(true);

    // The same page on a phone: the grid, the details and the document dialog.
    await page.setViewportSize(VIEWPORTS.mobile);
    await pageShot(page, 'received-04-page-mobile');
    await waiting.getByRole('button', { name: 'View Details' }).click();
    const proofDetails = page.getByRole('dialog', { name: proof });
    await proofDetails.getByTestId('sender').waitFor();
    expect(await proofDetails.getByText('Their Capsule is their message to you.').isVisible()).toBe(true);
    await dialogShot(page, 'received-05-details-mobile');
    await proofDetails.getByRole('tab', { name: 'Video' }).click();
    await expect
      .poll(() => proofDetails.getByText('This capsule opens once your document is verified.').isVisible())
      .toBe(true);
    await dialogShot(page, 'received-06-details-video-locked-mobile');
    await proofDetails.getByRole('button', { name: 'Close', exact: true }).click();

    const D = DOCUMENT_UPLOAD_TEXTS;
    await waiting.getByRole('button', { name: 'Submit Documents' }).click();
    expect(await waiting.getByRole('button', { name: 'Opening...' }).isVisible()).toBe(true);
    const dialog = page.getByRole('dialog', { name: D.dialogTitle });
    await dialog.waitFor();
    await dialog.getByLabel('Document file').setInputFiles(png);
    await dialog.getByText('marriage-certificate.png').waitFor();
    expect(await dialog.getByTestId('document-size').textContent()).toMatch(/^\d\.\d\d MB$/);
    expect(await dialog.getByRole('button', { name: D.upload }).isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: D.termsLabel }).check();
    expect(await dialog.getByRole('button', { name: D.upload }).isEnabled()).toBe(true);
    await dialogShot(page, 'received-07-document-dialog-mobile');
    await dialog.getByRole('button', { name: D.cancel }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // Back on a wide screen: the document goes up, straight to storage, and waits for review.
    await page.setViewportSize(VIEWPORTS.desktop);
    await waiting.getByRole('button', { name: 'Submit Documents' }).click();
    await dialog.waitFor();
    await dialog.getByLabel('Document file').setInputFiles(png);
    await dialog.getByRole('checkbox', { name: D.termsLabel }).check();
    await dialogShot(page, 'received-08-document-dialog');
    await dialog.getByRole('button', { name: D.upload }).click();
    await expectToast(page, D.success);
    await expect.poll(() => waiting.getByTestId('release-badge').textContent()).toBe('Document in review');
    expect(await waiting.getByRole('button', { name: 'Submit Documents' }).count()).toBe(0);

    // The operator approves it (verification:approve): the sender has 7 days to object first.
    const approved = await portal.admin.approveDocument(proofId, 7);
    expect(approved.status).toBe('Verified');
    const opensAt = approved.opensAt as Date;
    const opensDay = formatDate(opensAt.toISOString());
    await page.reload();
    await expect
      .poll(() => waiting.getByTestId('release-badge').textContent())
      .toBe(`Approved, opens ${opensDay}`);
    await waiting.getByRole('button', { name: 'View Details' }).click();
    const approvedDetails = page.getByRole('dialog', { name: proof });
    // The recipient's part of the record: their document and the verdict, not the sender's lock.
    const theirRecord = approvedDetails.getByTestId('capsule-record');
    await theirRecord.waitFor();
    await expect
      .poll(() => theirRecord.textContent())
      .toContain(`The document was approved; the capsule opens on ${opensDay}.`);
    expect(await theirRecord.textContent()).not.toContain('locked');
    await dialogShot(page, 'received-09-approved-record');
    await approvedDetails.getByRole('tab', { name: 'Video' }).click();
    await expect
      .poll(() => approvedDetails.getByText(`Approved, opens on ${opensDay}.`).isVisible())
      .toBe(true);
    await approvedDetails.getByRole('button', { name: 'Close', exact: true }).click();
    await context.close();

    // The sender's Capsule Details: when it opens, the Object button, and the whole record.
    // (The sender's page from the start: a second sign-in within a minute waits for its code.)
    const senderPage2 = senderPage;
    await senderPage2.reload();
    await card(senderPage2, proof).getByRole('button', { name: 'Capsule options' }).click();
    await senderPage2.getByRole('menuitem', { name: 'View Details' }).click();
    const senderDetails = senderPage2.getByRole('dialog', { name: 'Capsule Details' });
    const panel = senderDetails.getByTestId('objection-panel');
    await panel.waitFor();
    await expect
      .poll(() => panel.textContent())
      .toContain(`The capsule opens on ${opensDay} unless you object`);
    expect(await panel.getByRole('button', { name: 'Object' }).isVisible()).toBe(true);
    const record = senderDetails.getByTestId('capsule-record');
    await record.waitFor();
    await expect
      .poll(() => record.textContent())
      .toMatch(
        /You locked it; it opens once a document is verified\..*The recipient submitted a document \(SHA-256 [0-9a-f]{64}\)\..*The document was verified by E2E Operator; it opens on .* unless you object\./,
      );
    await dialogShot(senderPage2, 'received-10-sender-objection-window');
    await record.scrollIntoViewIfNeeded();
    await dialogShot(senderPage2, 'received-11-sender-record');
    await senderContext.close();

    // A week later, without an objection: it opens and plays (the browser's clock moved too).
    portal.clock.advanceTo(new Date(opensAt.getTime() + 60_000));
    const later = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await later.clock.setSystemTime(portal.clock.now());
    const laterPage = await later.newPage();
    // A week on, the session has ended: sign in again (the terms are accepted already).
    await laterPage.goto(`${portal.baseUrl}/login`);
    await enterPasswordAndCode(laterPage, portal, recipient);
    await laterPage.waitForURL('**/dashboard');
    await laterPage.goto(`${portal.baseUrl}/received-capsules`);
    const proofCard = card(laterPage, 'Wedding');
    await expect.poll(() => proofCard.getByTestId('release-badge').textContent()).toBe('Ready to watch');
    await proofCard.getByRole('button', { name: 'View Capsule' }).click();
    const released = laterPage.getByRole('dialog', { name: proof });
    expect(await released.getByRole('tab', { name: 'Video', selected: true }).isVisible()).toBe(true);
    await expectPlaying(laterPage);
    await dialogShot(laterPage, 'received-12-verified-playing');
    await released.getByRole('button', { name: 'Close', exact: true }).click();

    // Account Settings: Download my capsules. The ZIP holds both videos and a page that plays
    // them from the folder, in Chromium, with no server.
    await laterPage.goto(`${portal.baseUrl}/settings?tab=account`);
    const download = laterPage.waitForEvent('download');
    const button = laterPage.getByRole('link', { name: 'Download my capsules' });
    await button.scrollIntoViewIfNeeded();
    await pageShot(laterPage, 'received-13-settings-export');
    await button.click();
    const zipPath = path.join(dir, 'export.zip');
    await (await download).saveAs(zipPath);
    const folder = path.join(dir, 'export');
    const names = await extractZip(zipPath, folder);
    const index = names.find((n) => n.endsWith('/index.html')) as string;
    expect(names.filter((n) => n.includes('/received/')).length).toBe(2);
    const manifest = JSON.parse(
      readFileSync(path.join(folder, index.replace('index.html', 'manifest.json')), 'utf8'),
    );
    expect(manifest.received.map((r: { title: string }) => r.title).sort()).toEqual([anyTime, proof].sort());
    const offline = await later.newPage();
    await offline.goto(pathToFileURL(path.join(folder, index)).href);
    await offline.getByRole('heading', { name: 'Capsules of Ada Lovelace' }).waitFor();
    expect(await offline.locator('video').count()).toBe(2);
    await offline
      .locator('video')
      .first()
      .evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        return v.play();
      });
    await expect
      .poll(() =>
        offline
          .locator('video')
          .first()
          .evaluate((v: HTMLVideoElement) => v.currentTime > 0.5 && !v.error),
      )
      .toBe(true);
    await offline.screenshot({
      path: path.join(ARTIFACTS, 'received-14-export-offline.png'),
      fullPage: true,
    });
    await later.close();
  }, 480_000);
});
