import path from 'node:path';
import { CAPSULE_INFO_TEXTS, CAPSULE_TEXTS, formatDate } from '@capsule/domain';
import dayjs from 'dayjs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, launchChromium, screenshot, VIEWPORTS } from './support/browser.js';
import { E2E_SHOP_URL, type Portal, startPortal } from './support/portal.js';
import { signInThroughScreens } from './support/sign-in.js';

// My Capsules in a real Chromium against the built portal: capsules come from a recorded
// store purchase (the service behind `npm run admin -- purchase:record`), then the sender
// works through the screens as a person would.
describe('My Capsules in Chromium', () => {
  let portal: Portal;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await portal?.close();
  });

  type User = Awaited<ReturnType<Portal['createUser']>>;

  async function signedInPage(user: User): Promise<Page> {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    contexts.push(context);
    const page = await context.newPage();
    await signInThroughScreens(page, portal, user);
    return page;
  }

  const count = (page: Page, key: string) => page.getByTestId(`stats-value-${key}`).textContent();
  const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
  const cards = (page: Page) => page.getByTestId('capsule-card');
  const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

  async function expectToast(page: Page, title: string) {
    await expect.poll(() => toast(page, title).isVisible()).toBe(true);
    await page
      .locator('.mantine-Notification-root', { hasText: title })
      .getByRole('button', { name: 'Close notification' })
      .click();
  }

  async function openMenu(page: Page, title: string, item: string) {
    await card(page, title).getByRole('button', { name: 'Capsule options' }).click();
    await page.getByRole('menuitem', { name: item }).click();
  }

  const capsuleOf = (userId: string, title: string) => portal.read.capsule(userId, title);

  /** What the screen shows, without scrolling (a long phone page is unreadable whole). */
  const screenShot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: false });

  /** No sideways scrolling: everything fits the viewport's width. */
  const fitsWidth = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('shows the counts after a purchase, assigns a recipient, sets a delivery date and opens every dialog', async () => {
    const user = await portal.createUser('Ada Lovelace');
    await portal.purchase(user.email, '5 Legacy Capsules', 1);
    await portal.seed.contacts(user.id, [
      {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace.hopper@example.test',
        relationshipType: 'Family',
        relationshipDetails: 'Parent',
        birthday: '2010-06-15',
      },
    ]);
    const page = await signedInPage(user);

    // The stats strip and the plan, from the purchase.
    await expect.poll(() => count(page, 'total')).toBe('5');
    expect(await count(page, 'needRecipient')).toBe('5');
    expect(await count(page, 'needUpload')).toBe('0');
    expect(await count(page, 'sent')).toBe('0');
    expect(await count(page, 'received')).toBe('0');
    expect(await page.getByTestId('plan-summary').textContent()).toBe(
      'Your plan: 5 Legacy Capsules · allowance 5',
    );
    await expect.poll(() => cards(page).count()).toBe(5);
    expect(await page.getByRole('button', { name: 'Page 1' }).count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'capsules-01-dashboard-1280');

    // Assign Recipient: refused without a contact, then Grace, permanently.
    const first = 'Legacy Capsule #1';
    await card(page, first).getByRole('button', { name: first }).click();
    const assign = page.getByRole('dialog', { name: 'Assign Recipient' });
    await assign.getByRole('combobox', { name: 'Recipient' }).waitFor();
    await assign.getByRole('button', { name: 'Assign Recipient' }).click();
    await expect.poll(() => toast(page, CAPSULE_TEXTS.noRecipientSelectedBody).isVisible()).toBe(true);
    await assign.getByRole('combobox', { name: 'Recipient' }).fill('hopper');
    await page.getByRole('option', { name: 'Grace Hopper (grace.hopper@example.test)' }).click();
    await assign.getByRole('checkbox').check();
    await screenshot(page, 'capsules-02-assign-recipient');
    await assign.getByRole('button', { name: 'Assign Recipient' }).click();
    await expectToast(page, CAPSULE_TEXTS.recipientAssigned);
    await expect
      .poll(() => card(page, first).getByTestId('status-badge').textContent())
      .toBe('Pending Upload');
    expect(await card(page, first).getByText('Grace Hopper').isVisible()).toBe(true);
    await expect.poll(() => count(page, 'needRecipient')).toBe('4');
    expect(await count(page, 'needUpload')).toBe('1');
    const assigned = await capsuleOf(user.id, first);
    expect([assigned.status, assigned.recipientName, assigned.recipientEmail]).toEqual([
      'Pending_Upload',
      'Grace Hopper',
      'grace.hopper@example.test',
    ]);

    // Additional Capsule Information: a delivery date two months ahead, a category, a message.
    await openMenu(page, first, 'Set Capsule Info');
    const info = page.getByRole('dialog', { name: CAPSULE_INFO_TEXTS.dialogTitle });
    const save = info.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    // The birthday rule (ours): the day it gives is shown from Grace's birthday; then back to a date.
    await info.getByText('A birthday').click();
    await info.getByRole('textbox', { name: 'On which birthday' }).fill('30');
    await expect
      .poll(() => info.getByTestId('birthday-rule-date').textContent())
      .toBe(`On Grace's 30th birthday: ${formatDate('2040-06-15')}.`);
    await screenshot(page, 'capsules-03b-birthday-rule');
    await info.getByText('A date', { exact: true }).click();
    await info.getByRole('button', { name: /Delivery date/ }).click();
    const target = dayjs().add(2, 'month').date(15);
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('button', { name: 'Next month' }).click();
    const day = page.getByRole('button', { name: target.format('D MMMM YYYY'), exact: true });
    await day.waitFor();
    await screenshot(page, 'capsules-03-date-picker');
    await day.click();
    await info.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Graduation' }).click();
    await info
      .getByRole('textbox', { name: 'Message' })
      .fill('Congratulations, Grace. We are so proud of you.');
    expect(await save.isEnabled()).toBe(true);
    await screenshot(page, 'capsules-04-capsule-info');
    await save.click();
    await expectToast(page, CAPSULE_TEXTS.deliveryDateSet);
    const dated = card(page, first);
    await expect
      .poll(() => dated.getByTestId('release-condition').textContent())
      .toBe(`Opens on ${formatDate(target.format('YYYY-MM-DD'))}`);
    expect(await dated.getByText('Graduation').isVisible()).toBe(true);
    // Bought just now: none of the time to delivery has passed yet.
    expect(await dated.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(await dated.getByText('0%', { exact: true }).isVisible()).toBe(true);
    expect(await dated.getByTestId('countdown-badge').textContent()).toMatch(/^\d+ days left$/);
    const withInfo = await capsuleOf(user.id, first);
    expect([withInfo.deliveryDate, withInfo.category]).toEqual([target.format('YYYY-MM-DD'), 'Graduation']);

    // A Pending_Upload card opens the upload dialog, titled with the recipient.
    await dated.getByRole('button', { name: first }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Video for Grace Hopper' });
    await upload.getByRole('button', { name: 'Choose a file' }).waitFor();
    await screenshot(page, 'capsules-05-upload');
    await upload.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => upload.count()).toBe(0);

    // Lock, Delete Video and Recover need a stored video or a deletion mark, which the
    // upload and review of the next issues produce: here the capsules are arranged in that state.
    const stored = 'Legacy Capsule #2';
    const marked = 'Legacy Capsule #3';
    const storeVideo = () =>
      portal.seed.arrangeCapsules(user.id, [stored], {
        status: 'Sent',
        recipientName: 'Grace Hopper',
        recipientEmail: 'grace.hopper@example.test',
        uploadDate: new Date(),
        deliveryDate: dayjs().add(1, 'year').format('YYYY-MM-DD'),
        videoBlobName: 'e2e/video.mp4',
        videoUrl: 'e2e/video.mp4',
      });
    await storeVideo();
    await portal.seed.arrangeCapsules(user.id, [marked], {
      status: 'To_Delete',
      statusBeforeDelete: 'Pending_Recipient',
      deleteRequestedAt: new Date(),
    });
    await page.reload();
    await expect.poll(() => card(page, stored).getByTestId('status-badge').textContent()).toBe('Stored');
    // Every capsule is in the total; the strip names the one no status tile shows.
    await expect
      .poll(() => page.getByTestId('stats-outside-tiles').textContent())
      .toBe('Total includes 1 capsule marked for deletion.');
    expect([
      await count(page, 'total'),
      await count(page, 'needRecipient'),
      await count(page, 'needUpload'),
      await count(page, 'sent'),
    ]).toEqual(['5', '2', '1', '1']);
    await page.getByTestId('stats-outside-tiles').scrollIntoViewIfNeeded();
    await screenShot(page, 'capsules-04b-stats-strip-1280');

    // Capsule Details (View Details): the recipient, the video and the message's fallback.
    await openMenu(page, stored, 'View Details');
    const details = page.getByRole('dialog', { name: 'Capsule Details' });
    await expect.poll(() => details.getByText('grace.hopper@example.test').isVisible()).toBe(true);
    expect(await details.getByText(/^Uploaded /).isVisible()).toBe(true);
    expect(await details.getByText(CAPSULE_TEXTS.noMessage).isVisible()).toBe(true);
    await screenshot(page, 'capsules-05-details');
    await details.getByRole('button', { name: 'Close', exact: true }).click();

    // Delete Capsule = the Delete Video confirmation: typing DELETE in capitals confirms.
    await openMenu(page, stored, 'Delete Capsule');
    const deleteVideo = page.getByRole('dialog', { name: 'Delete Video' });
    expect(await deleteVideo.getByRole('button', { name: 'Delete Video' }).isDisabled()).toBe(true);
    await deleteVideo.getByRole('textbox', { name: 'Type delete to confirm' }).fill('DELETE');
    await screenshot(page, 'capsules-06-delete-video');
    await deleteVideo.getByRole('button', { name: 'Delete Video' }).click();
    await expectToast(page, CAPSULE_TEXTS.videoDeleted);
    await expect
      .poll(() => card(page, stored).getByTestId('status-badge').textContent())
      .toBe('Pending Upload');
    expect((await capsuleOf(user.id, stored)).uploadDate).toBeNull();

    // Lock Capsule: irreversible, only once the box is ticked.
    await storeVideo();
    await page.reload();
    await expect.poll(() => card(page, stored).getByTestId('status-badge').textContent()).toBe('Stored');
    await openMenu(page, stored, 'Lock Capsule');
    const lock = page.getByRole('dialog', { name: 'Lock Capsule' });
    expect(await lock.getByRole('button', { name: 'Lock Capsule' }).isDisabled()).toBe(true);
    await lock.getByRole('checkbox').check();
    await screenshot(page, 'capsules-07-lock');
    await lock.getByRole('button', { name: 'Lock Capsule' }).click();
    await expectToast(page, CAPSULE_TEXTS.lockedTitle);
    expect((await capsuleOf(user.id, stored)).locked).toBe(true);
    await expect.poll(() => card(page, stored).getByText('Locked', { exact: true }).isVisible()).toBe(true);
    await card(page, stored).getByRole('button', { name: 'Capsule options' }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: /Set Capsule Info/ }).isDisabled()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Lock Capsule' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Delete Capsule' }).count()).toBe(0);
    await screenshot(page, 'capsules-08-locked-menu');
    await page.keyboard.press('Escape');

    // Recover Capsule: To_Delete goes back to the status it had.
    expect(await card(page, marked).getByTestId('status-badge').textContent()).toBe('To Be Deleted');
    await openMenu(page, marked, 'Recover Capsule');
    const recover = page.getByRole('dialog', { name: 'Recover Capsule' });
    await recover.getByRole('button', { name: 'Recover Capsule' }).waitFor();
    await screenshot(page, 'capsules-09-recover');
    await recover.getByRole('button', { name: 'Recover Capsule' }).click();
    await expectToast(page, CAPSULE_TEXTS.recoveredTitle);
    await expect
      .poll(() => card(page, marked).getByTestId('status-badge').textContent())
      .toBe('Pending Recipient');
  });

  it('filters and pages through 30 capsules, with the filters in the address, at 1280 and 375 px', async () => {
    const user = await portal.createUser('Grace Hopper');
    await portal.purchase(user.email, '10 Legacy Capsules', 3);
    const titled = (numbers: number[]) => numbers.map((n) => `Legacy Capsule #${n}`);
    const setOn = (titles: string[], values: Parameters<Portal['seed']['arrangeCapsules']>[2]) =>
      portal.seed.arrangeCapsules(user.id, titles, values);
    await setOn(titled([1, 2, 3, 4, 5]), { category: 'Wedding' });
    await setOn(titled([6, 7, 8]), { category: 'Graduation' });
    await setOn(titled([9, 10, 11, 12]), { status: 'To_Delete', statusBeforeDelete: 'Pending_Recipient' });
    const page = await signedInPage(user);
    const location = () => new URL(page.url()).search;
    const range = (text: string) => page.getByText(text, { exact: true });

    await expect.poll(() => count(page, 'total')).toBe('30');
    await expect.poll(() => range('Showing 1–12 of 30 capsules').isVisible()).toBe(true);
    expect(await cards(page).count()).toBe(12);
    expect(await page.getByRole('button', { name: 'Page 3' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Page 4' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => range('Showing 13–24 of 30 capsules').isVisible()).toBe(true);
    expect(location()).toBe('?page=2');
    expect(await cards(page).count()).toBe(12);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => range('Showing 25–30 of 30 capsules').isVisible()).toBe(true);
    expect(await cards(page).count()).toBe(6);
    expect(location()).toBe('?page=3');
    await screenshot(page, 'capsules-10-page-3');

    // The type filter: the page starts again at 1 and the address carries every type.
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Wedding' }).click();
    await expect.poll(() => range('Showing 1–5 of 5 capsules').isVisible()).toBe(true);
    expect(location()).toBe('?type=Wedding');
    await page.getByRole('option', { name: 'Graduation' }).click();
    await expect.poll(() => range('Showing 1–8 of 8 capsules').isVisible()).toBe(true);
    expect(location()).toBe('?type=Wedding&type=Graduation');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: 'Page 1' }).count()).toBe(0);

    // The sort-by-status filter on top: nothing is both, so the empty state shows.
    await page.getByRole('combobox', { name: 'Sort by status' }).click();
    await page.getByRole('option', { name: 'To Be Deleted' }).click();
    await expect.poll(() => page.getByText(CAPSULE_TEXTS.empty).isVisible()).toBe(true);
    expect(location()).toBe('?type=Wedding&type=Graduation&x_status=To_Delete');
    const shop = page.getByRole('link', { name: 'Visit the shop' }).first();
    // The server's SHOP_URL (auth.status), not an address the client knows.
    expect(await shop.getAttribute('href')).toBe(E2E_SHOP_URL);
    await screenshot(page, 'capsules-11-empty-filter');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => range('Showing 1–12 of 30 capsules').isVisible()).toBe(true);
    expect(location()).toBe('');

    // The address alone sets the filters: a reload or a shared link shows the same list.
    await page.goto(`${portal.baseUrl}/dashboard?x_status=To_Delete`);
    await expect.poll(() => range('Showing 1–4 of 4 capsules').isVisible()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Sort by status' }).inputValue()).toBe('To Be Deleted');
    await page.goto(`${portal.baseUrl}/dashboard?type=Graduation&page=1`);
    await expect.poll(() => range('Showing 1–3 of 3 capsules').isVisible()).toBe(true);
    await page.goto(`${portal.baseUrl}/dashboard`);
    await expect.poll(() => range('Showing 1–12 of 30 capsules').isVisible()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'capsules-12-dashboard-30-1280');

    // At 375 px: one card a row, the stats strip wrapped, nothing wider than the screen.
    const phone = await browser.newContext({
      viewport: VIEWPORTS.mobile,
      storageState: await page.context().storageState(),
    });
    contexts.push(phone);
    const mobile = await phone.newPage();
    await mobile.goto(`${portal.baseUrl}/dashboard`);
    await expect.poll(() => count(mobile, 'total')).toBe('30');
    await expect.poll(() => cards(mobile).count()).toBe(12);
    expect(await fitsWidth(mobile)).toBe(true);
    const tiles = await mobile
      .getByTestId(/^stats-tile-/)
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tiles).size).toBeGreaterThan(1);
    expect(await mobile.getByTestId('stats-outside-tiles').textContent()).toBe(
      'Total includes 4 capsules marked for deletion.',
    );
    await screenshot(mobile, 'capsules-13-dashboard-375');
    await screenShot(mobile, 'capsules-13a-dashboard-375-top');
    await mobile.getByRole('button', { name: 'Page 2' }).scrollIntoViewIfNeeded();
    await screenShot(mobile, 'capsules-13b-dashboard-375-pagination');
    await mobile.evaluate(() => window.scrollTo(0, 0));
    await cards(mobile).first().getByRole('button', { name: 'Capsule options' }).click();
    await mobile.getByRole('menuitem').first().waitFor();
    await mobile.waitForTimeout(400); // the menu's fade-in
    await screenShot(mobile, 'capsules-14-menu-375');
  });
});
