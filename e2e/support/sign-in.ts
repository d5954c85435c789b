import { CAPSULE_TEXTS, TERMS_TEXTS } from '@capsule/domain';
import type { Page } from 'playwright-core';
import type { Portal } from './portal.js';

type Credentials = { email: string; password: string };

/**
 * On the sign-in screen already shown: e-mail and password, then the code from the mail
 * catcher. Ends once the code is sent; where the page goes next is the caller's to wait for.
 */
export async function enterPasswordAndCode(page: Page, portal: Portal, user: Credentials) {
  await page.getByLabel(/^Email/).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  const before = new Date();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/verify-otp**');
  await page.getByLabel(/^One-Time Password/).fill(await portal.latestCode(user.email, before));
  await page.getByRole('button', { name: 'Verify OTP' }).click();
}

/** The terms screen shown: scrolled to the end, ticked, agreed. */
export async function acceptTerms(page: Page) {
  await page.getByLabel(TERMS_TEXTS.title).evaluate((el) => {
    el.scrollTop = el.scrollHeight;
    el.dispatchEvent(new Event('scroll'));
  });
  await page.getByLabel(TERMS_TEXTS.checkbox).check();
  await page.getByRole('button', { name: TERMS_TEXTS.submit }).click();
}

/**
 * Signs a user in through the screens, as a person would: e-mail and password, the code
 * from the mail catcher, and (by default) the terms. Ends on /dashboard, shown.
 */
export async function signInThroughScreens(
  page: Page,
  portal: Portal,
  user: Credentials,
  options: { acceptTerms?: boolean } = {},
) {
  await page.goto(`${portal.baseUrl}/login`);
  await enterPasswordAndCode(page, portal, user);
  await page.waitForURL('**/terms-and-conditions');
  if (options.acceptTerms === false) return;
  await acceptTerms(page);
  await page.waitForURL('**/dashboard');
  // The address changes before the dashboard replaces the terms page (the router renders it in a
  // transition): until then the terms page's header, user menu and all, is still on screen, and
  // a test that opened that menu saw it vanish with the page (a CI run on a slow machine).
  await page.getByRole('heading', { level: 1, name: CAPSULE_TEXTS.pageTitle }).waitFor();
}

/**
 * Finishes a sign-in from the sign-in screen already on the page (where a guard or a link
 * left the visitor): e-mail and password, the mailed code, and the terms when they come.
 * Leaves the page wherever the sign-in sends it; the caller checks where.
 */
export async function signInFromHere(page: Page, portal: Portal, user: { email: string; password: string }) {
  await page.getByLabel(/^Email/).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  let before = new Date();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/verify-otp');
  // The server mails one code a minute per account: a second sign-in within the minute is told
  // to wait, and the visitor presses Resend code when its timer ends.
  // The send has answered once the resend timer shows (after a code sent and after a wait alike).
  await page.getByText(/Resend code in \d+s/).waitFor();
  if (await page.getByTestId('code-recently-sent').isVisible()) {
    const resend = page.getByRole('button', { name: 'Resend code' });
    await resend.waitFor({ timeout: 75_000 });
    before = new Date();
    await resend.click();
  }
  await page.getByLabel(/^One-Time Password/).fill(await portal.latestCode(user.email, before));
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await page.waitForURL((url) => url.pathname !== '/verify-otp');
  if (new URL(page.url()).pathname !== '/terms-and-conditions') return;
  await page.getByLabel(TERMS_TEXTS.title).evaluate((el) => {
    el.scrollTop = el.scrollHeight;
    el.dispatchEvent(new Event('scroll'));
  });
  await page.getByLabel(TERMS_TEXTS.checkbox).check();
  await page.getByRole('button', { name: TERMS_TEXTS.submit }).click();
  await page.waitForURL((url) => url.pathname !== '/terms-and-conditions');
}
