import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CAPSULE_TEXTS, DOCUMENT_UPLOAD_TEXTS, formatDate } from '@capsule/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, VIEWPORTS } from './support/browser.js';
import { card, expectPlaying, expectToast, uploadUntilStored } from './support/capsule-screens.js';
import { makePng, makeVideo } from './support/media.js';
import { acceptTerms, enterPasswordAndCode, signInThroughScreens } from './support/sign-in.js';
import { browserSuite } from './support/suite.js';

// A capsule's whole life in a real Chromium, once per release condition a package carries, at
// 1280 and at 375 px: bought, assigned, given its info, uploaded, reviewed, locked; the
// recipient's e-mail says what they can do; its link, through sign-in, code and terms, lands on
// Received Capsules; and the video plays on the day the capsule opens. For a dated capsule the
// portal's clock (and the browser's) moves to that day, and the opening-day e-mail arrives.
// No step is arranged in the database: every state comes from the screens, the e-mails and the
// jobs (the delivery and mail sweeps run when the test says, as the portal has no cron).

const DAY = 86_400_000;
const D = DOCUMENT_UPLOAD_TEXTS;

type Condition = 'milestone' | 'anyTime' | 'document';
const PACKAGES: Record<Condition, { name: string; title: (n: number) => string }> = {
  milestone: { name: '5 Legacy Capsules', title: (n) => `Legacy Capsule #${n}` },
  anyTime: { name: '3 Journey Capsules', title: (n) => `Journey Capsule #${n}` },
  document: { name: '2 Premium Verification Capsules', title: (n) => `Legacy Capsule #${n}` },
};

describe('a capsule from purchase to playback, for each release condition', () => {
  const suite = browserSuite();
  let dir: string;
  let video: string;
  let png: string;
  const contexts: BrowserContext[] = [];

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'capsule-e2e-journeys-'));
    video = makeVideo(dir, 'for-you.mp4');
    png = makePng(dir, 'graduation-certificate.png');
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * A browser at this size whose clock reads the portal's: the date picker, the countdown and
   * the release rule in the page agree with the server's day. Playwright's clock is set only
   * when the portal's has moved ahead: with it set on every page, the date picker's popover
   * now and then stayed open for good in a run of the whole file (its timers stand in for the
   * page's own).
   */
  async function browserAt(viewport: { width: number; height: number }): Promise<Page> {
    const context = await suite.browser.newContext({ viewport });
    contexts.push(context);
    const ahead = suite.portal.clock.now().getTime() - Date.now();
    if (ahead > 60_000) await context.clock.setSystemTime(suite.portal.clock.now());
    return context.newPage();
  }

  async function openMenu(page: Page, title: string, item: string) {
    await card(page, title).getByRole('button', { name: 'Capsule options' }).click();
    await page.getByRole('menuitem', { name: item }).click();
  }
  /** What the screen shows (a dialog sits in the viewport, not in the page). */
  async function shot(page: Page, name: string) {
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
  }

  /** Picks `day` ('YYYY-MM-DD') in the open delivery date picker, paging months forward. */
  async function pickDay(page: Page, scope: ReturnType<Page['getByRole']>, day: string) {
    await scope.getByRole('button', { name: /Delivery date/ }).click();
    const label = new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const target = page.getByRole('button', { name: label, exact: true });
    // The calendar first: isVisible() does not wait, and asked before the dropdown has rendered
    // it says no, and the month is paged past the day (as a loaded machine showed).
    await page.getByRole('button', { name: 'Next month' }).waitFor();
    for (let i = 0; i < 3 && !(await target.isVisible()); i += 1) {
      await page.getByRole('button', { name: 'Next month' }).click();
    }
    await target.click();
    // Picked: the calendar closes and the field shows the day.
    await target.waitFor({ state: 'hidden' });
    await expect
      .poll(() => scope.getByRole('button', { name: /Delivery date/ }).textContent())
      .toContain(formatDate(day));
  }

  /** The newest mail to `email` whose subject matches, once it has arrived. */
  async function mailTo(email: string, subject: RegExp) {
    let found: { subject: string; text: string; html: string } | undefined;
    await expect
      .poll(
        async () => {
          found = (await suite.portal.mailsTo(email)).filter((m) => subject.test(m.subject)).at(-1);
          return Boolean(found);
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    return found as { subject: string; text: string; html: string };
  }

  /** The link to Received Capsules in a mail's text. */
  const receivedLinkOf = (text: string) => {
    const link = /(https?:\/\/\S+\/received-capsules)\b/.exec(text)?.[1];
    if (!link) throw new Error(`No Received Capsules link in:\n${text}`);
    return link;
  };

  /**
   * The recipient follows the mail's link: signed out, the portal asks them to sign in, then the
   * code, then the terms, and lands on the page the link named.
   */
  async function signInThroughLink(page: Page, link: string, user: { email: string; password: string }) {
    await page.goto(link);
    await page.waitForURL('**/login**');
    await enterPasswordAndCode(page, suite.portal, user);
    await page.waitForURL(/\/(terms-and-conditions|received-capsules)/);
    if (new URL(page.url()).pathname === '/terms-and-conditions') await acceptTerms(page);
    await page.waitForURL('**/received-capsules');
    await page.getByRole('heading', { name: 'Received Capsules' }).waitFor();
  }

  /** A returning user signs in: password, code, and straight to My Capsules. */
  async function signInAgain(page: Page, user: { email: string; password: string }) {
    await page.goto(`${suite.portal.baseUrl}/login`);
    await enterPasswordAndCode(page, suite.portal, user);
    await page.getByRole('heading', { level: 1, name: CAPSULE_TEXTS.pageTitle }).waitFor();
  }

  const journeys: Array<[Condition, keyof typeof VIEWPORTS]> = [
    ['anyTime', 'desktop'],
    ['anyTime', 'mobile'],
    ['document', 'desktop'],
    ['document', 'mobile'],
    ['milestone', 'desktop'],
    ['milestone', 'mobile'],
  ];

  it.each(journeys)(
    '%s capsule at %s size',
    async (condition, size) => {
      const { portal } = suite;
      const viewport = VIEWPORTS[size];
      const px = viewport.width;
      const name = (step: string) => `journey-${condition}-${px}-${step}`;
      const sender = await portal.createUser('Grace Hopper');
      const recipient = await portal.createUser('Mia Wong');
      const note = `Mia, this one is for you (${condition}, ${px}).`;

      // Bought in the store: the card provider's checkout event for the package.
      const bought = await portal.stripeCheckout(sender.email, { packageName: PACKAGES[condition].name });
      expect(bought.status).toBe(200);
      await portal.seed.contacts(sender.id, [
        {
          firstName: 'Mia',
          lastName: 'Wong',
          email: recipient.email,
          relationshipType: 'Family',
          relationshipDetails: 'Child',
        },
      ]);
      const title = PACKAGES[condition].title(1);

      // The sender: assign Mia, permanently.
      const page = await browserAt(viewport);
      await signInThroughScreens(page, portal, sender);
      await card(page, title).getByRole('button', { name: title }).click();
      const assign = page.getByRole('dialog', { name: 'Assign Recipient' });
      await assign.getByRole('combobox', { name: 'Recipient' }).click();
      await page.getByRole('option', { name: `Mia Wong (${recipient.email})` }).click();
      await assign.getByRole('checkbox').check();
      await assign.getByRole('button', { name: 'Assign Recipient' }).click();
      await expectToast(page, CAPSULE_TEXTS.recipientAssigned);
      const condition0 = card(page, title).getByTestId('release-condition');
      const expectedBefore = {
        milestone: 'Opens on its delivery date, which is not set yet',
        anyTime: 'Can be opened at any time',
        document: "Opens when Mia's document is verified",
      }[condition];
      await expect.poll(() => condition0.textContent()).toBe(expectedBefore);

      // Its info: the category and a message; a dated capsule's day at 1280 here, at 375 in the
      // Lock dialog, which asks for it.
      const opensOn = new Date(portal.clock.now().getTime() + DAY).toISOString().slice(0, 10);
      await openMenu(page, title, 'Set Capsule Info');
      const info = page.getByRole('dialog', { name: 'Additional Capsule Information' });
      if (condition === 'milestone' && size === 'desktop') await pickDay(page, info, opensOn);
      await info.getByRole('combobox', { name: 'Category' }).click();
      await page.getByRole('option', { name: 'Graduation' }).click();
      await info.getByRole('textbox', { name: 'Message' }).fill('Congratulations on your graduation.');
      await shot(page, name('1-info'));
      await info.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, CAPSULE_TEXTS.deliveryDateSet);

      // The video, with a note for the recipient's e-mail; the review stores it.
      await uploadUntilStored(page, { title, recipientName: 'Mia Wong', video, note });
      await shot(page, name('2-stored'));

      // Capsule Details shows the stored video's fingerprint: the start of its SHA-256 as reviewed.
      await openMenu(page, title, 'View Details');
      const details = page.getByRole('dialog', { name: 'Capsule Details' });
      const sha256 = createHash('sha256').update(readFileSync(video)).digest('hex');
      await expect
        .poll(() => details.getByTestId('details-fingerprint').textContent())
        .toBe(sha256.slice(0, 16).replace(/(.{4})(?!$)/g, '$1 '));
      await shot(page, name('2-fingerprint'));
      await details.getByRole('button', { name: 'Close' }).last().click();
      await details.waitFor({ state: 'hidden' });

      // Lock: a dated capsule without its date is asked for it in the dialog.
      await openMenu(page, title, 'Lock Capsule');
      const lock = page.getByRole('dialog', { name: 'Lock Capsule' });
      if (condition === 'milestone' && size === 'mobile') {
        await lock
          .getByText('This capsule opens on its milestone date, and it has none yet.', { exact: false })
          .waitFor();
        await lock.getByRole('checkbox').check();
        expect(await lock.getByRole('button', { name: 'Lock Capsule' }).isDisabled()).toBe(true);
        await pickDay(page, lock, opensOn);
      } else {
        await lock.getByRole('checkbox').check();
      }
      await shot(page, name('3-lock'));
      await lock.getByRole('button', { name: 'Lock Capsule' }).click();
      await expectToast(page, CAPSULE_TEXTS.lockedTitle);
      const locked = await portal.read.capsule(sender.id, title);
      expect(locked.locked).toBe(true);
      if (condition === 'milestone') expect(locked.deliveryDate).toBe(opensOn);

      // Delivered at the lock; the recipient's e-mail says what they can do now, with the note.
      await portal.sweeps.deliver();
      const delivery = await mailTo(recipient.email, /Grace Hopper/);
      const expectedMail = {
        milestone: `It opens on ${formatDate(opensOn)}`,
        anyTime: 'It is ready for you',
        document: 'It opens once you verify your document',
      }[condition];
      expect(delivery.text).toContain(expectedMail);
      expect(delivery.text).not.toMatch(/delivered to you/i);
      expect(delivery.text).toContain(note);

      // The sender's card says it is delivered and waiting.
      await page.reload();
      await expect
        .poll(() => card(page, title).getByTestId('delivery-state').textContent())
        .toMatch(/^Delivered on .+, (waiting to open|not opened yet|waiting for the recipient's document)$/);
      await shot(page, name('4-sender-delivered'));

      // The recipient follows the e-mail's link through sign-in, code and terms.
      let mia = await browserAt(viewport);
      await signInThroughLink(mia, receivedLinkOf(delivery.text), recipient);
      const received = card(mia, 'Graduation');
      await received.waitFor();
      await shot(mia, name('5-received'));

      if (condition === 'document') {
        // Sealed: the category's picture, not a frame of the video; a document opens it.
        expect(await received.getByTestId('received-default-image').isVisible()).toBe(true);
        await received.getByRole('button', { name: 'Submit Documents' }).click();
        const dialog = mia.getByRole('dialog', { name: D.dialogTitle });
        await dialog.getByLabel('Document file').setInputFiles(png);
        await dialog.getByRole('checkbox', { name: D.termsLabel }).check();
        await shot(mia, name('6-document'));
        await dialog.getByRole('button', { name: D.upload }).click();
        await expectToast(mia, D.success);
        const capsuleId = (await portal.read.capsule(sender.id, title)).id;
        await portal.admin.approveDocument(capsuleId);
        const verdict = await mailTo(recipient.email, /document is verified/);
        expect(verdict.text).toContain('The capsule is now open');
        await mia.reload();
      }

      if (condition === 'milestone') {
        // Sealed until its day: no frame of the video, no View Capsule.
        expect(await received.getByTestId('received-default-image').isVisible()).toBe(true);
        expect(await received.getByRole('button', { name: 'View Capsule' }).count()).toBe(0);
        await portal.sweeps.mails();
        expect((await portal.mailsTo(recipient.email)).filter((m) => /open now/i.test(m.subject))).toEqual(
          [],
        );

        // The day it opens: the opening-day e-mail, exactly once, through the mail sweep.
        portal.clock.advanceTo(new Date(`${opensOn}T00:01:00Z`));
        await portal.sweeps.mails();
        const opening = await mailTo(recipient.email, /open now/i);
        expect(opening.text).toContain(
          'The time capsule Grace Hopper left you is open now: you can watch it.',
        );
        await portal.sweeps.mails();
        expect(
          (await portal.mailsTo(recipient.email)).filter((m) => /open now/i.test(m.subject)),
        ).toHaveLength(1);

        // A day later by the portal's clock, the earlier session is over: the recipient follows
        // the new e-mail's link in a browser on the same day.
        mia = await browserAt(viewport);
        await signInThroughLink(mia, receivedLinkOf(opening.text), recipient);
      }

      // It plays.
      const open = card(mia, 'Graduation');
      await open.getByRole('button', { name: 'View Capsule' }).click();
      await expectPlaying(mia);
      await shot(mia, name('7-playing'));

      // The sender sees it opened and played.
      await expect
        .poll(async () => {
          const tracked = (await portal.read.capsule(sender.id, title)).delivery;
          return Boolean(tracked?.openedAt && tracked.playedAt);
        })
        .toBe(true);
      // On the sender's page, still signed in; after the clock's jump to the opening day its
      // session has ended, and the sender signs in again (the terms are accepted already).
      let senderPage = page;
      if (condition === 'milestone') {
        senderPage = await browserAt(viewport);
        await signInAgain(senderPage, sender);
      } else {
        await senderPage.reload();
      }
      await expect
        .poll(() => card(senderPage, title).getByTestId('delivery-state').textContent())
        .toMatch(/^Played on /);
      await shot(senderPage, name('8-sender-played'));
    },
    420_000,
  );
});
