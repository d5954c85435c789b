import path from 'node:path';
import { AUTH_TEXTS, NETWORK_PAGES } from '@capsule/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, VIEWPORTS } from './support/browser.js';
import { signInFromHere, signInThroughScreens } from './support/sign-in.js';
import { browserSuite } from './support/suite.js';

// No dead ends, in a real Chromium at 1280 and 375 px: the sidebar's and the phone
// menu's My Contacts go to /contacts with its pages listed under it; a link from an e-mail
// survives the sign-in (password, code, terms) and lands where it pointed, query string and
// all, but never on another site; a session that ended says so and the sign-in returns to the
// page the user was on. Screenshots in test-artifacts/nav-*.png.
describe('navigation without dead ends, in Chromium', () => {
  const suite = browserSuite();
  const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
  const NETWORK_TITLES = Object.values(NETWORK_PAGES).map((page) => page.title);
  const pathAndQuery = (page: Page) => {
    const url = new URL(page.url());
    return `${url.pathname}${url.search}`;
  };
  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

  /** What the screen shows, without scrolling. */
  async function viewShot(page: Page, name: string) {
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: false });
  }

  async function signedOutPage(viewport: { width: number; height: number }): Promise<Page> {
    return (await suite.browser.newContext({ viewport })).newPage();
  }

  it('goes to My Contacts from the sidebar, with its pages listed under it (1280 px)', async () => {
    const { page } = await suite.signedInPage('Ada Sidebar', VIEWPORTS.desktop);
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });

    await sidebar.getByRole('link', { name: 'My Contacts', exact: true }).click();
    await page.waitForURL('**/contacts');
    await poll(() => heading(page, 'My Contacts').isVisible()).toBe(true);
    for (const title of NETWORK_TITLES) {
      expect(await sidebar.getByRole('link', { name: title }).isVisible(), title).toBe(true);
    }
    expect(
      await sidebar.getByRole('link', { name: 'My Contacts', exact: true }).getAttribute('data-active'),
    ).toBe('true');
    await viewShot(page, 'nav-sidebar-contacts-1280');

    // A page under it, and back to My Contacts from there.
    await sidebar.getByRole('link', { name: 'Friends Network' }).click();
    await page.waitForURL('**/friends-tree');
    await poll(() => heading(page, 'Friends Network').isVisible()).toBe(true);
    await sidebar.getByRole('link', { name: 'My Contacts', exact: true }).click();
    await page.waitForURL('**/contacts');
    await poll(() => heading(page, 'My Contacts').isVisible()).toBe(true);
    await page.close();
  });

  it('goes to My Contacts from the phone menu, with its pages listed under it (375 px)', async () => {
    const { page } = await suite.signedInPage('Ada Drawer', VIEWPORTS.mobile);
    const openMenu = async () => {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const drawer = page.getByRole('dialog');
      await poll(() => drawer.getByRole('link', { name: 'My Contacts', exact: true }).isVisible()).toBe(true);
      return drawer;
    };

    let drawer = await openMenu();
    for (const title of NETWORK_TITLES) {
      expect(await drawer.getByRole('link', { name: title }).isVisible(), title).toBe(true);
    }
    await viewShot(page, 'nav-drawer-375');
    await drawer.getByRole('link', { name: 'My Contacts', exact: true }).click();
    await page.waitForURL('**/contacts');
    await poll(() => heading(page, 'My Contacts').isVisible()).toBe(true);
    // The menu closed itself behind the link.
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    await viewShot(page, 'nav-drawer-contacts-375');

    drawer = await openMenu();
    await drawer.getByRole('link', { name: 'Family Tree' }).click();
    await page.waitForURL('**/family-tree');
    await poll(() => heading(page, 'Family Tree').isVisible()).toBe(true);
    await page.close();
  });

  for (const [size, viewport] of [
    ['1280', VIEWPORTS.desktop],
    ['375', VIEWPORTS.mobile],
  ] as const) {
    it(`lands on the e-mail's link after the password, the code and the terms (${size} px)`, async () => {
      const user = await suite.portal.createUser(`Mia Link ${size}`);
      const page = await signedOutPage(viewport);
      const link = '/received-capsules?x_status=Sent';

      // The server answers a signed-out visitor with the app's page; the guard asks for a sign-in.
      const response = await page.goto(`${suite.portal.baseUrl}${link}`);
      expect(response?.status()).toBe(200);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(pathAndQuery(page)).toBe(`/login?next=${encodeURIComponent(link)}`);
      await page.getByLabel(/^Email/).waitFor();
      // A first visit: nothing ended.
      expect(await page.getByTestId('session-ended').count()).toBe(0);
      await viewShot(page, `nav-email-link-login-${size}`);

      await signInFromHere(page, suite.portal, user);
      await page.waitForURL((url) => url.pathname === '/received-capsules');
      expect(pathAndQuery(page)).toBe(link);
      await poll(() => heading(page, 'Received Capsules').isVisible()).toBe(true);
      await viewShot(page, `nav-email-link-landed-${size}`);
      await page.close();
    });
  }

  it('lands a signed-out visitor of /dashboard on the dashboard after the sign-in', async () => {
    const user = await suite.portal.createUser('Dash Board');
    const page = await signedOutPage(VIEWPORTS.desktop);
    await page.goto(`${suite.portal.baseUrl}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathAndQuery(page)).toBe('/login');
    await signInFromHere(page, suite.portal, user);
    await page.waitForURL('**/dashboard');
    await poll(() => heading(page, 'My Capsules').isVisible()).toBe(true);
    await page.close();
  });

  it.each([
    ['another site', '//evil.example/received-capsules'],
    ['an absolute address', 'https://evil.example/'],
    ['a backslash address', '/\\evil.example'],
  ])('ignores a next= naming %s: the sign-in lands on the dashboard', async (_case, next) => {
    const user = await suite.portal.createUser('Eve Next');
    const page = await signedOutPage(VIEWPORTS.desktop);
    await page.goto(`${suite.portal.baseUrl}/login?next=${encodeURIComponent(next)}`);
    await page.getByLabel(/^Email/).waitFor();
    await signInFromHere(page, suite.portal, user);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(new URL(page.url()).origin).toBe(suite.portal.baseUrl);
    await poll(() => heading(page, 'My Capsules').isVisible()).toBe(true);
    await page.close();
  });

  it('says the session ended and returns to the page after the sign-in (1280 and 375 px)', {
    timeout: 180_000,
  }, async () => {
    // Two users, one per size, taken through the steps side by side.
    const runs: Array<{
      size: string;
      context: BrowserContext;
      page: Page;
      user: { email: string; password: string };
    }> = [];
    for (const [size, viewport] of [
      ['1280', VIEWPORTS.desktop],
      ['375', VIEWPORTS.mobile],
    ] as const) {
      const user = await suite.portal.createUser(`Sam Session ${size}`);
      const context = await suite.browser.newContext({ viewport });
      const page = await context.newPage();
      await signInThroughScreens(page, suite.portal, user);
      runs.push({ size, context, page, user });
    }

    const expectNoticeReturningTo = async (page: Page, next: string, shot: string) => {
      await page.waitForURL((url) => url.pathname === '/login');
      expect(pathAndQuery(page)).toBe(`/login?next=${encodeURIComponent(next)}`);
      await poll(() => page.getByTestId('session-ended').isVisible()).toBe(true);
      expect(await page.getByTestId('session-ended').textContent()).toContain(AUTH_TEXTS.sessionEnded);
      await viewShot(page, shot);
    };

    for (const { size, context, page } of runs) {
      // On a page with a query string, the session ends (the idle limit, say) ...
      await page.goto(`${suite.portal.baseUrl}/settings?tab=password`);
      await poll(() => heading(page, 'Account Settings').isVisible()).toBe(true);
      expect(await suite.portal.endBrowserSession(await context.cookies())).toBe(true);
      if (size === '1280') {
        // ... and the next call the page makes answers 401: a move to another page.
        await page
          .getByRole('navigation', { name: 'Sidebar' })
          .getByRole('link', { name: 'Received Capsules' })
          .click();
        await expectNoticeReturningTo(page, '/received-capsules', `nav-session-ended-${size}`);
      } else {
        // ... and the user comes back to the tab and reloads it.
        await page.reload();
        await expectNoticeReturningTo(page, '/settings?tab=password', `nav-session-ended-${size}`);
      }
    }

    const landing: Record<string, { path: string; title: string }> = {
      '1280': { path: '/received-capsules', title: 'Received Capsules' },
      '375': { path: '/settings?tab=password', title: 'Account Settings' },
    };
    // The server mails one code a minute per account, and both signed in within it: the app's
    // clock moves past that minute, so the sign-in mails a fresh code instead of having the
    // visitor wait for Resend code (that wait has its own tests: ux-defects, sign-in.int).
    suite.portal.clock.advanceTo(new Date(suite.portal.clock.now().getTime() + 61_000));
    for (const { size, context, page, user } of runs) {
      await signInFromHere(page, suite.portal, user);
      const expected = landing[size] as { path: string; title: string };
      await page.waitForURL((url) => `${url.pathname}${url.search}` === expected.path);
      await poll(() => heading(page, expected.title).isVisible()).toBe(true);
      expect(await page.getByTestId('session-ended').count()).toBe(0);
      await viewShot(page, `nav-session-returned-${size}`);
      await context.close();
    }
  });
});
