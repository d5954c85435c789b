import { AUTH_TEXTS, TERMS_TEXTS } from '@capsule/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, VIEWPORTS } from './support/browser.js';
import { type Portal, startPortal } from './support/portal.js';

// The whole first journey in a real Chromium against the built portal: sign-in, the code
// read from the mail catcher, the terms, the dashboard and the user menu; and the guard.
describe('sign-in journey in Chromium', () => {
  let portal: Portal;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  async function newPage(viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> {
    const context = await browser.newContext({ viewport });
    return context.newPage();
  }

  it('signs in with password and mailed code, accepts the terms, and lands on the dashboard', async () => {
    const user = await portal.createUser('Margaret Hamilton');
    const page = await newPage();

    await page.goto(`${portal.baseUrl}/`);
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByText(AUTH_TEXTS.mainSiteBanner).isVisible()).toBe(true);
    await screenshot(page, 'sign-in-01-login');

    // Field errors first, as a user who clicks too early sees them.
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByText(AUTH_TEXTS.invalidEmail).isVisible()).toBe(true);
    await screenshot(page, 'sign-in-02-field-errors');

    const beforeLogin = new Date(Date.now() - 1000);
    await page.getByLabel(/^Email/).fill(user.email);
    await page.getByLabel(/^Password/).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await page.waitForURL('**/verify-otp');
    await expect.poll(() => page.getByText(AUTH_TEXTS.otpRequiredTitle).first().isVisible()).toBe(true);
    await screenshot(page, 'sign-in-03-verify-otp');

    const code = await portal.latestCode(user.email, beforeLogin);
    await page.getByLabel(/^One-Time Password/).fill(code);
    await page.getByRole('button', { name: 'Verify OTP' }).click();

    await page.waitForURL('**/terms-and-conditions');
    const agree = page.getByRole('button', { name: 'Agree and Continue' });
    await expect.poll(() => agree.isDisabled()).toBe(true);
    expect(await page.getByLabel(TERMS_TEXTS.checkbox).count()).toBe(0);
    await screenshot(page, 'sign-in-04-terms-top');

    // Scroll the terms to the end: only then does the checkbox appear.
    await page.getByLabel(TERMS_TEXTS.title).evaluate((el) => {
      el.scrollTop = el.scrollHeight;
      el.dispatchEvent(new Event('scroll'));
    });
    const box = page.getByLabel(TERMS_TEXTS.checkbox);
    await box.waitFor();
    await screenshot(page, 'sign-in-05-terms-scrolled');
    await box.check();
    await expect.poll(() => agree.isEnabled()).toBe(true);
    await agree.click();

    await page.waitForURL('**/dashboard');
    await expect
      .poll(() => page.getByRole('heading', { name: 'My Capsules' }).first().isVisible())
      .toBe(true);
    expect(await page.getByRole('banner').getByRole('link', { name: 'My Capsules' }).isVisible()).toBe(true);
    await screenshot(page, 'sign-in-06-dashboard');

    await page.getByTestId('user-menu-button').click();
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.getByText(user.email).isVisible()).toBe(true);
    expect(await menu.getByText('Margaret Hamilton').isVisible()).toBe(true);
    expect(await menu.getByRole('menuitem', { name: 'Account Settings' }).isVisible()).toBe(true);
    expect(await page.getByTestId('user-menu-button').textContent()).toContain('MH');
    await screenshot(page, 'sign-in-07-user-menu');

    // A reload keeps the session; logout ends it and the guard sends the user back.
    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { name: 'My Capsules' }).first().isVisible())
      .toBe(true);
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.goto(`${portal.baseUrl}/settings`);
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    await page.close();
  });

  it('guards protected routes: signed out goes to sign-in, unverified to the code, no terms to the terms', async () => {
    const page = await newPage();
    await page.goto(`${portal.baseUrl}/contacts`);
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    await page.goto(`${portal.baseUrl}/verify-otp`);
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');

    const user = await portal.createUser('Katherine Johnson');
    await page.goto(`${portal.baseUrl}/login`);
    await page.getByLabel(/^Email/).fill(user.email);
    await page.getByLabel(/^Password/).fill(user.password);
    const beforeLogin = new Date(Date.now() - 1000);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/verify-otp');

    // Password accepted, code pending: a protected page is not shown.
    await page.goto(`${portal.baseUrl}/dashboard`);
    await page.waitForURL((url) => url.pathname !== '/dashboard');
    expect(await page.getByRole('heading', { name: 'My Capsules' }).count()).toBe(0);

    await page.goto(`${portal.baseUrl}/verify-otp`);
    await page.getByLabel(/^One-Time Password/).fill(await portal.latestCode(user.email, beforeLogin));
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.waitForURL('**/terms-and-conditions');

    // Verified without the terms: every protected page sends back to the terms.
    // (The terms' address carries the page asked for: accepting them leads there.)
    await page.goto(`${portal.baseUrl}/settings`);
    await page.waitForURL((url) => url.pathname === '/terms-and-conditions');
    expect(new URL(page.url()).search).toBe('?next=%2Fsettings');
    await page.goto(`${portal.baseUrl}/no-such-page`);
    await expect.poll(() => page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).toBe(true);
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
    await screenshot(page, 'guard-not-found');
    await page.close();
  });

  it('shows the sign-in screen and the shell at 375 px', async () => {
    const user = await portal.createUser('Dorothy Vaughan');
    const page = await newPage(VIEWPORTS.mobile);
    await page.goto(`${portal.baseUrl}/login`);
    await page.getByLabel(/^Email/).waitFor();
    await screenshot(page, 'mobile-01-login');
    await page.getByLabel(/^Email/).fill(user.email);
    await page.getByLabel(/^Password/).fill(user.password);
    const beforeLogin = new Date(Date.now() - 1000);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/verify-otp');
    await page.getByLabel(/^One-Time Password/).fill(await portal.latestCode(user.email, beforeLogin));
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.waitForURL('**/terms-and-conditions');
    await screenshot(page, 'mobile-02-terms');
    await page.getByLabel(TERMS_TEXTS.title).evaluate((el) => {
      el.scrollTop = el.scrollHeight;
      el.dispatchEvent(new Event('scroll'));
    });
    await page.getByLabel(TERMS_TEXTS.checkbox).check();
    await page.getByRole('button', { name: 'Agree and Continue' }).click();
    await page.waitForURL('**/dashboard');
    // Under 768 px the header's 'My Capsules' button is hidden.
    await expect
      .poll(() => page.getByRole('heading', { name: 'My Capsules' }).first().isVisible())
      .toBe(true);
    const headerButton = page
      .getByRole('banner')
      .getByRole('link', { name: 'My Capsules', includeHidden: true });
    expect(await headerButton.count()).toBe(1);
    expect(await headerButton.isVisible()).toBe(false);
    await screenshot(page, 'mobile-03-dashboard');
    await page.close();
  });
});
