import path from 'node:path';
import { CONTACT_TEXTS } from '@capsule/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, isFocused, VIEWPORTS } from './support/browser.js';
import { signInThroughScreens } from './support/sign-in.js';
import { browserSuite } from './support/suite.js';

// Accessibility of the dialogs and of the way in, in a real Chromium: each kind of
// dialog opened from its real trigger has a close button a screen reader can name, Escape
// closes it, and the focus is back on what opened it (or, when that is gone, on a neighbour
// in the same list). The sign-in up to the dashboard makes no call the server refuses (the
// dashboard's data was asked for before the terms were accepted, and answered 403) and logs
// no error. Screenshots in test-artifacts/a11y-*.png.
describe('dialogs and the way in, for keyboards and screen readers, in Chromium', () => {
  const suite = browserSuite();
  const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
  const CLOSE = 'Close dialog';

  /** Console errors and refused requests from now on. */
  function watch(page: Page) {
    const seen = { consoleErrors: [] as string[], refused: [] as string[] };
    page.on('console', (message) => {
      if (message.type() === 'error') seen.consoleErrors.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400) seen.refused.push(`${response.status()} ${response.url()}`);
    });
    return seen;
  }

  async function viewShot(page: Page, name: string) {
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: false });
  }

  /**
   * `open` opens a dialog named `name` from its trigger; its close button is named, Escape
   * closes it, and the focus is back on `returnsTo`.
   */
  async function checkDialog(
    page: Page,
    name: string | RegExp,
    open: () => Promise<void>,
    returnsTo: Locator,
    shot?: string,
  ) {
    await open();
    const dialog = page.getByRole('dialog', { name });
    await poll(() => dialog.getByRole('button', { name: CLOSE }).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: CLOSE }).getAttribute('aria-label')).toBe(CLOSE);
    // Loaded (a lazy dialog shows a loader under its title first): Escape then closes the real one.
    await poll(() => dialog.locator('[aria-busy="true"]').count()).toBe(0);
    if (shot) await viewShot(page, `${shot}-open`);
    await page.keyboard.press('Escape');
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    await poll(() => isFocused(returnsTo)).toBe(true);
    if (shot) await viewShot(page, `${shot}-closed`);
  }

  it('signs in to the dashboard with no refused call and no console error', async () => {
    const user = await suite.portal.createUser('Alma Clean');
    await suite.portal.purchase(user.email);
    const page = await (await suite.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    const seen = watch(page);

    await signInThroughScreens(page, suite.portal, user);
    await poll(() => page.getByTestId('capsule-card').count()).toBe(5);

    expect(seen.refused).toEqual([]);
    expect(seen.consoleErrors).toEqual([]);
    await page.close();
  });

  it('asks for no page data before the terms are accepted, opening a page directly', async () => {
    const user = await suite.portal.createUser('Tomas Terms');
    const page = await (await suite.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    await signInThroughScreens(page, suite.portal, user, { acceptTerms: false });
    const seen = watch(page);

    // A bookmark, or the e-mail's link, opened before the terms are accepted: to the terms,
    // with no call the server refuses on the way.
    for (const opened of ['/dashboard', '/received-capsules']) {
      await page.goto(`${suite.portal.baseUrl}${opened}`);
      await page.waitForURL((url) => url.pathname === '/terms-and-conditions');
      await page.getByRole('button', { name: 'Agree and Continue' }).waitFor();
    }
    expect(seen.refused).toEqual([]);
    expect(seen.consoleErrors).toEqual([]);
    await page.close();
  });

  it("returns the focus to the capsule card's button and options menu (1280 and 375 px)", async () => {
    const { page, userId, email } = await suite.signedInPage('Cora Cards');
    await suite.portal.purchase(email);
    await suite.portal.seed.arrangeCapsules(userId, ['Legacy Capsule #2'], {
      status: 'Sent',
      recipientName: 'Grace Hopper',
      recipientEmail: 'grace.hopper@example.test',
      uploadDate: new Date(),
      videoBlobName: 'e2e/video.mp4',
    });
    const card = (title: string) => page.getByRole('article', { name: title, exact: true });

    for (const [size, viewport] of [
      ['1280', VIEWPORTS.desktop],
      ['375', VIEWPORTS.mobile],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${suite.portal.baseUrl}/dashboard`);
      await poll(() => page.getByTestId('capsule-card').count()).toBe(5);

      // The card's own button, from the keyboard.
      const opener = card('Legacy Capsule #1').getByRole('button', { name: 'Legacy Capsule #1' });
      await checkDialog(
        page,
        'Assign Recipient',
        async () => {
          await opener.focus();
          await page.keyboard.press('Enter');
        },
        opener,
        `a11y-card-button-${size}`,
      );

      // A dialog chosen in the options menu: the menu's item is gone, its button takes the focus.
      const options = card('Legacy Capsule #2').getByRole('button', { name: 'Capsule options' });
      for (const [item, title] of [
        ['View Details', 'Capsule Details'],
        ['Set Capsule Info', /Capsule Info/],
        ['Lock Capsule', 'Lock Capsule'],
      ] as const) {
        await checkDialog(
          page,
          title,
          async () => {
            await options.click();
            await page.getByRole('menuitem', { name: item }).click();
          },
          options,
          item === 'Lock Capsule' ? `a11y-options-menu-${size}` : undefined,
        );
      }
    }
    await page.close();
  });

  it('returns the focus on My Contacts: Add Contact, the card, and a neighbour after a delete', async () => {
    const { page, userId } = await suite.signedInPage('Cleo Contacts');
    await suite.portal.seed.contacts(userId, [
      { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.test', relationshipType: 'Friend' },
      { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.test', relationshipType: 'Colleague' },
    ]);
    await page.goto(`${suite.portal.baseUrl}/contacts`);
    await poll(() => page.getByTestId('contact-card').count()).toBe(2);

    const add = page.getByRole('button', { name: CONTACT_TEXTS.addButton }).first();
    await checkDialog(page, CONTACT_TEXTS.addDialogTitle, () => add.click(), add, 'a11y-add-contact-1280');
    const edit = page.getByRole('button', { name: 'Edit Grace Hopper' });
    await checkDialog(page, CONTACT_TEXTS.editDialogTitle, () => edit.click(), edit);
    const remove = page.getByRole('button', { name: 'Delete Grace Hopper' });
    await checkDialog(page, CONTACT_TEXTS.deleteDialogTitle, () => remove.click(), remove);

    // Deleted: its card is gone, and the focus goes to the list where it was, not to the page.
    await remove.click();
    const dialog = page.getByRole('dialog', { name: CONTACT_TEXTS.deleteDialogTitle });
    await dialog.getByRole('textbox').fill('delete');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await poll(() => page.getByTestId('contact-card').count()).toBe(1);
    await poll(() =>
      page.evaluate(() => document.activeElement?.closest('[data-testid="contact-card"]') !== null),
    ).toBe(true);
    await viewShot(page, 'a11y-contact-deleted-1280');
    await page.close();
  });

  it('returns the focus to the received card that opened its details (1280 and 375 px)', async () => {
    const sender = await suite.portal.createUser('Sara Sender');
    await suite.portal.purchase(sender.email);
    const { page, email } = await suite.signedInPage('Rhea Recipient');
    const past = new Date(Date.now() - 60_000);
    await suite.portal.seed.arrangeCapsules(sender.id, ['Legacy Capsule #1'], {
      status: 'Sent',
      recipientName: 'Rhea Recipient',
      recipientEmail: email,
      recipientAssignedAt: past,
      uploadDate: past,
      videoBlobName: 'e2e/video.mp4',
      lockedAt: past,
      dueAt: past,
      deliveryCheckAt: past,
    });
    expect((await suite.portal.sweeps.deliver()).delivered).toBe(1);

    for (const [size, viewport] of [
      ['1280', VIEWPORTS.desktop],
      ['375', VIEWPORTS.mobile],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${suite.portal.baseUrl}/received-capsules`);
      const details = page.getByTestId('received-grid').getByRole('button', { name: 'View Details' }).first();
      await details.waitFor();
      await checkDialog(page, /.+/, () => details.click(), details, `a11y-received-${size}`);
    }
    await page.close();
  });
});
