import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium, screenshot, VIEWPORTS } from './browser.js';
import { type Portal, startPortal } from './portal.js';
import { signInThroughScreens } from './sign-in.js';

/**
 * What every browser suite needs, registered in its describe block: a portal and a Chromium
 * for the suite, a signed-in page per test, and screenshots taken once transitions are over.
 */
export function browserSuite() {
  const state: { portal?: Portal; browser?: Browser } = {};
  beforeAll(async () => {
    state.portal = await startPortal();
    state.browser = await launchChromium();
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.portal?.close();
  });

  const ready = () => {
    if (!state.portal || !state.browser) throw new Error('The browser suite has not started');
    return { portal: state.portal, browser: state.browser };
  };

  return {
    get portal() {
      return ready().portal;
    },
    get browser() {
      return ready().browser;
    },
    /** A fresh user, signed in through the screens, on a page of that size. */
    async signedInPage(
      name: string,
      viewport: { width: number; height: number } = VIEWPORTS.desktop,
    ): Promise<{ page: Page; userId: string; email: string }> {
      const { portal, browser } = ready();
      const user = await portal.createUser(name);
      const page = await (await browser.newContext({ viewport })).newPage();
      await signInThroughScreens(page, portal, user);
      return { page, userId: user.id, email: user.email };
    },
    /** A screenshot once dialogs, toasts and the map have finished moving. */
    async shot(page: Page, name: string) {
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await screenshot(page, name);
    },
  };
}
