import path from 'node:path';
import { AUTH_TEXTS } from '@capsule/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, VIEWPORTS } from './support/browser.js';
import { signInThroughScreens } from './support/sign-in.js';
import { toastLook, toastNamed, unstyledComponents } from './support/styles.js';
import { browserSuite } from './support/suite.js';

// What the signed-out screens can show, styled: the toasts of the sign-in screens
// (/login, /auth), the code screen (/verify-otp) and not-found, the notice of a session that
// ended, and the phone menu. Those screens load only a subset of Mantine's styles; a toast once
// showed there as plain text over the footer's links. Each is shown the way a visitor meets it,
// checked for its look and for every Mantine component on screen having its styles, and
// screenshotted at 1280 and 375 px (test-artifacts/public-*.png).
describe('toasts and notices on the public screens, in Chromium', () => {
  const suite = browserSuite();
  const SIZES = [
    ['1280', VIEWPORTS.desktop],
    ['375', VIEWPORTS.mobile],
  ] as const;
  const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

  async function newPage(viewport: { width: number; height: number }): Promise<Page> {
    return (await suite.browser.newContext({ viewport })).newPage();
  }

  /**
   * The toast is drawn as a toast: a card with its own background, shadow and corners, at the
   * bottom right; on a phone (under 576 px) at the top, where it leaves a dialog's buttons and
   * close button free (apps/web/src/lib/toast-runtime.tsx).
   */
  async function expectStyledToast(page: Page, title: string) {
    const toast = toastNamed(page, title);
    await poll(() => toast.isVisible()).toBe(true);
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    const look = await toastLook(toast);
    expect(look.background, `${title}: background`).not.toBe('rgba(0, 0, 0, 0)');
    expect(look.boxShadow, `${title}: shadow`).not.toBe('none');
    expect(look.borderRadius, `${title}: corners`).not.toBe('0px');
    // Fixed to the viewport, whole, in its bottom right corner (phones: at its top).
    expect(look.containerPosition).toBe('fixed');
    const { box, viewport } = look;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    if (viewport.width < 576) {
      expect(box.y).toBeLessThan(60);
    } else {
      expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
      expect(box.y + box.height).toBeGreaterThan(viewport.height - 60);
    }
    expect(await unstyledComponents(page)).toEqual([]);
  }

  /** What the screen shows, without scrolling: where the toast is. */
  async function viewShot(page: Page, name: string) {
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: false });
  }

  async function submitPassword(page: Page, email: string, password: string) {
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }

  for (const [size, viewport] of SIZES) {
    it(`shows 'Login Failed' styled on /login and /auth, and over not-found, at ${size} px`, async () => {
      const user = await suite.portal.createUser(`Toast Reader ${size}`);
      const page = await newPage(viewport);

      for (const path of ['/login', '/auth']) {
        await page.goto(`${suite.portal.baseUrl}${path}`);
        expect(await unstyledComponents(page)).toEqual([]);
        await submitPassword(page, user.email, 'not the password');
        await expectStyledToast(page, AUTH_TEXTS.loginFailedTitle);
        await viewShot(page, `public-${path.slice(1)}-login-failed-${size}`);
        await toastNamed(page, AUTH_TEXTS.loginFailedTitle)
          .getByRole('button', { name: 'Close notification' })
          .click();
        await poll(() => toastNamed(page, AUTH_TEXTS.loginFailedTitle).count()).toBe(0);
      }

      // A toast stays while the visitor moves on inside the app; here to a page that does not exist.
      await submitPassword(page, user.email, 'still not the password');
      await poll(() => toastNamed(page, AUTH_TEXTS.loginFailedTitle).isVisible()).toBe(true);
      await page.evaluate(() => {
        window.history.pushState(null, '', '/no-such-page');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await poll(() => page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).toBe(true);
      await expectStyledToast(page, AUTH_TEXTS.loginFailedTitle);
      await viewShot(page, `public-not-found-toast-${size}`);
      await page.close();
    });

    it(`shows the code screen's toasts styled at ${size} px`, async () => {
      const user = await suite.portal.createUser(`Code Reader ${size}`);
      const page = await newPage(viewport);

      // 'OTP Required' (the default look) as the code screen opens.
      await page.goto(`${suite.portal.baseUrl}/login`);
      await submitPassword(page, user.email, user.password);
      await page.waitForURL('**/verify-otp');
      await expectStyledToast(page, AUTH_TEXTS.otpRequiredTitle);
      await viewShot(page, `public-verify-otp-required-${size}`);

      // 'Verification Failed' (destructive) for a wrong code.
      await page.getByLabel(/^One-Time Password/).fill('000000');
      await page.getByRole('button', { name: 'Verify OTP' }).click();
      await expectStyledToast(page, AUTH_TEXTS.otpFailedTitle);
      await viewShot(page, `public-verify-otp-failed-${size}`);

      // 'Error sending OTP' when the code cannot be sent (the server fails).
      await page.route('**/trpc/otp.send**', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify([
            {
              error: {
                message: 'Internal error',
                code: -32603,
                data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
              },
            },
          ]),
        }),
      );
      await page.getByRole('button', { name: 'Back to login' }).click();
      await page.waitForURL('**/login');
      await page.getByLabel(/^Email/).waitFor();
      await submitPassword(page, user.email, user.password);
      await page.waitForURL('**/verify-otp');
      await expectStyledToast(page, AUTH_TEXTS.otpSendFailedTitle);
      expect(await toastNamed(page, AUTH_TEXTS.otpSendFailedTitle).textContent()).toContain(
        AUTH_TEXTS.otpSendFailedBody,
      );
      await viewShot(page, `public-verify-otp-send-failed-${size}`);
      await page.close();
    });

    it(`shows the notice of a session that ended, styled, at ${size} px`, async () => {
      const user = await suite.portal.createUser(`Notice Reader ${size}`);
      const context = await suite.browser.newContext({ viewport });
      const page = await context.newPage();
      await signInThroughScreens(page, suite.portal, user);
      // Away from the portal while the session ends (the same tab, so its session storage
      // stays): the open dashboard would otherwise poll, meet the 401 and say so before the
      // reload, and the sign-in screen says it once (signed-in-here.ts).
      await page.goto('about:blank');
      expect(await suite.portal.endBrowserSession(await context.cookies())).toBe(true);

      await page.goto(`${suite.portal.baseUrl}/dashboard`);
      await page.waitForURL('**/login');
      const notice = page.getByTestId('session-ended');
      await poll(() => notice.isVisible()).toBe(true);
      expect(await notice.textContent()).toContain(AUTH_TEXTS.sessionEnded);
      expect(await notice.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(
        'rgba(0, 0, 0, 0)',
      );
      expect(await unstyledComponents(page)).toEqual([]);
      await viewShot(page, `public-session-ended-${size}`);
      await context.close();
    });
  }

  it('draws the phone menu styled on the public screens at 375 px', async () => {
    const page = await newPage(VIEWPORTS.mobile);
    await page.goto(`${suite.portal.baseUrl}/login`);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog');
    await poll(() => drawer.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(await unstyledComponents(page)).toEqual([]);
    // A drawer, not links over the page: it has its own background and an overlay behind it.
    expect(await drawer.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    expect(
      await page.locator('.mantine-Drawer-overlay').evaluate((el) => getComputedStyle(el).position),
    ).toBe('fixed');
    await viewShot(page, 'public-phone-menu-375');
    await page.close();
  });
});
