import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFocused, VIEWPORTS } from './support/browser.js';
import { card, expectToast } from './support/capsule-screens.js';
import { makePng } from './support/media.js';
import { signInThroughScreens } from './support/sign-in.js';
import { browserSuite } from './support/suite.js';

// The operators' console in a real Chromium against the built portal (docs/operations/
// operators.md): an operator works the document queue by keyboard alone, approving one and
// rejecting one with a reason; each recipient then sees the outcome on their own page. Each
// console page is shot at 1280 and 375 px. A member who opens /ops is told it is not for them.

describe('Operators console in Chromium', () => {
  const suite = browserSuite();
  let dir: string;
  let image: Buffer;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'capsule-e2e-ops-'));
    image = readFileSync(makePng(dir, 'certificate.png'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const SECTIONS = [
    ['documents', '/ops'],
    ['deliveries', '/ops/deliveries'],
    ['affiliates', '/ops/affiliates'],
    ['sync', '/ops/sync'],
    ['lapses', '/ops/lapses'],
    ['users', '/ops/users'],
    ['record', '/ops/actions'],
  ] as const;

  async function shootEverySection(page: Page, size: 'desktop' | 'mobile', userEmail: string) {
    const { portal } = suite;
    await page.setViewportSize(VIEWPORTS[size]);
    for (const [name, at] of SECTIONS) {
      await page.goto(`${portal.baseUrl}${at}`);
      // The section shown: a tab on a wide screen, the section list on a phone.
      if (size === 'desktop') await page.getByRole('tab', { selected: true }).waitFor();
      else await page.getByRole('combobox', { name: 'Section' }).waitFor();
      if (name === 'users') {
        await page.getByLabel('E-mail contains').fill(userEmail);
        await page.getByTestId('user-row').first().waitFor();
      }
      if (name === 'record') await page.getByTestId('action-row').first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => window.scrollTo(0, 0));
      await suite.shot(page, `ops-${size === 'desktop' ? '1280' : '375'}-${name}`);
    }
  }

  it('an operator approves one document and rejects another by keyboard; each recipient sees the outcome', async () => {
    const { portal, browser } = suite;
    const operator = await portal.createUser('Olga Operator');
    await portal.admin.grantOperator(operator.email);
    const sender = await portal.createUser('Sam Sender');
    const ada = await portal.createUser('Ada Recipient');
    const ravi = await portal.createUser('Ravi Recipient');
    const adaCapsule = await portal.seed.documentWaiting(sender, ada, {
      criteria: 'Premium_Verification',
      category: 'Wedding',
      image,
    });
    await portal.seed.documentWaiting(sender, ravi, {
      criteria: 'Document_Validation',
      category: 'Graduation',
      image,
    });

    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signInThroughScreens(page, portal, operator);
    await page.goto(`${portal.baseUrl}/ops`);
    const rows = page.getByTestId('queue-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    const current = page.getByTestId('current-document');
    // Oldest first: Ada's, with its image shown inline through a short read link.
    await expect.poll(() => current.textContent()).toContain('Ada Recipient');
    expect(await current.textContent()).toContain('Sam Sender');
    // The capsule's record so far, beside the image.
    await expect
      .poll(() => current.getByTestId('capsule-record').textContent())
      .toMatch(/submitted a document \(SHA-256 [0-9a-f]{64}\)/);
    const img = current.getByRole('img');
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(800);
    await suite.shot(page, 'ops-1280-documents-queue');
    await page.setViewportSize(VIEWPORTS.mobile);
    await suite.shot(page, 'ops-375-documents-queue');
    await page.setViewportSize(VIEWPORTS.desktop);

    // J and K move; A then Enter approves the one shown.
    await page.keyboard.press('j');
    await expect.poll(() => current.textContent()).toContain('Ravi Recipient');
    await page.keyboard.press('k');
    await expect.poll(() => current.textContent()).toContain('Ada Recipient');
    await page.keyboard.press('a');
    const approve = page.getByRole('dialog', { name: 'Approve this document?' });
    await approve.waitFor();
    // The dialog's focus trap moves the focus once its transition ends: Enter goes where it is.
    await expect.poll(() => isFocused(approve.getByRole('button', { name: 'Approve' }))).toBe(true);
    await page.keyboard.press('Enter');
    await expectToast(page, 'Document approved');
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => current.textContent()).toContain('Ravi Recipient');

    // R, the reason typed, Enter: rejected; the recipient will read the reason.
    const reason = 'The name on the certificate does not match the recipient.';
    await page.keyboard.press('r');
    const reject = page.getByRole('dialog', { name: 'Reject this document' });
    await reject.waitFor();
    await expect.poll(() => isFocused(reject.getByRole('textbox'))).toBe(true);
    await page.keyboard.press('Enter'); // no reason yet: refused in place
    await expect
      .poll(() => reject.getByText('Give the reason for the rejection; the recipient reads it.').isVisible())
      .toBe(true);
    await page.keyboard.type(reason);
    await suite.shot(page, 'ops-1280-documents-reject');
    await page.keyboard.press('Enter');
    await expectToast(page, 'Document rejected');
    await expect.poll(() => page.getByText('No documents are waiting for review.').isVisible()).toBe(true);

    // Each recipient sees the outcome on their own page.
    const raviPage = await (await browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    await signInThroughScreens(raviPage, portal, ravi);
    await raviPage.goto(`${portal.baseUrl}/received-capsules`);
    await card(raviPage, 'Graduation').getByRole('button', { name: 'View Details' }).click();
    const details = raviPage.getByRole('dialog');
    await details.getByRole('tab', { name: 'Video' }).click();
    await expect
      .poll(() => details.getByText(`Reason given: ${reason}`).isVisible(), { timeout: 15_000 })
      .toBe(true);
    const adaPage = await (await browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    await signInThroughScreens(adaPage, portal, ada);
    await adaPage.goto(`${portal.baseUrl}/received-capsules`);
    // Approved: it opens when the sender's objection window ends.
    await expect
      .poll(() => card(adaPage, 'Wedding').getByTestId('release-badge').textContent(), { timeout: 15_000 })
      .toMatch(/^Approved, opens /);
    // And by mail.
    await expect
      .poll(async () => (await portal.mailsTo(ravi.email)).some((m) => m.text.includes(reason)), {
        timeout: 30_000,
      })
      .toBe(true);

    // The record names who decided what.
    await page.goto(`${portal.baseUrl}/ops/actions`);
    await page.getByTestId('action-row').first().waitFor();
    const record = await page.getByRole('table', { name: "Operators' record" }).textContent();
    expect(record).toContain('document.reject');
    expect(record).toContain('document.verify');
    expect(record).toContain(operator.email);
    expect(record).toContain(reason);
    // Any capsule's whole record, by its id: Ada's shows the verdict and who gave it.
    await page.getByLabel("A capsule's record").fill(adaCapsule);
    await expect
      .poll(() => page.getByTestId('capsule-record').textContent(), { timeout: 15_000 })
      .toContain(`verified by ${operator.email}`);

    await shootEverySection(page, 'desktop', sender.email);
    await shootEverySection(page, 'mobile', sender.email);
    await context.close();
  });

  it('tells a member who opens /ops that it is not for them, and shows no console', async () => {
    const { page } = await suite.signedInPage('Mia Member');
    await page.goto(`${suite.portal.baseUrl}/ops`);
    await expect
      .poll(() => page.getByText("This page is for the service's operators.").isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await page.getByRole('tab').count()).toBe(0);
    await suite.shot(page, 'ops-1280-member-refused');
  });
});
