import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser.js';
import { browserSuite } from './support/suite.js';

declare global {
  interface Window {
    /** The first capsule card the page showed, noted as the server's markup arrived. */
    __firstCard?: Element | null;
  }
}

// A signed-in page opened directly (a bookmark, a reload, a mail's link) comes drawn by the
// server with its data (apps/server/src/first-page). The browser must then take
// that very markup over, without an error, without asking again for what came with the page,
// and answer clicks as a page it drew itself would.
describe('a signed-in page opened directly', () => {
  const suite = browserSuite();

  /** A new tab of the signed-in browser that notes the first card it is sent, and its errors. */
  async function directVisit(page: Page) {
    const visit = await page.context().newPage();
    const errors: string[] = [];
    const dataCalls: string[] = [];
    visit.on('pageerror', (error) => errors.push(String(error)));
    visit.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        errors.push(message.text());
      }
    });
    visit.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/trpc/')) dataCalls.push(url.pathname);
    });
    await visit.addInitScript(() => {
      const watch = new MutationObserver(() => {
        const card = document.querySelector('[data-testid="capsule-card"]');
        if (card) {
          window.__firstCard = card;
          watch.disconnect();
        }
      });
      watch.observe(document, { childList: true, subtree: true });
    });
    return { visit, errors, dataCalls };
  }

  it('comes drawn with the user’s capsules, and the app takes that markup over and answers clicks', async () => {
    const { page, email } = await suite.signedInPage('Ada Lovelace');
    await suite.portal.purchase(email, '3 Journey Capsules');
    const { visit, errors, dataCalls } = await directVisit(page);

    // page.goto resolves once the app has taken the page over (support/browser.ts).
    const response = await visit.goto(`${suite.portal.baseUrl}/dashboard`);
    const html = (await response?.text()) ?? '';
    expect(html.match(/data-testid="capsule-card"/g)).toHaveLength(3);
    expect(await visit.getByTestId('plan-summary').textContent()).toBe(
      'Your plan: 3 Journey Capsules · allowance 3',
    );

    // The same element the server sent is the one on screen: React hydrated it rather than
    // throwing the server's page away and drawing its own.
    expect(await visit.evaluate(() => window.__firstCard?.isConnected === true)).toBe(true);
    expect(
      await visit.evaluate(
        () => window.__firstCard === document.querySelector('[data-testid="capsule-card"]'),
      ),
    ).toBe(true);
    expect(errors).toEqual([]);
    // The sign-in state and the page's data came with the page.
    expect(dataCalls.filter((path) => /auth\.status|capsules\.(list|counts)/.test(path))).toEqual([]);
    await screenshot(visit, 'first-page-02-dashboard-taken-over');

    // What the server sent, before any script: the same page, styled.
    const scriptless = await suite.browser.newContext({
      viewport: VIEWPORTS.desktop,
      javaScriptEnabled: false,
    });
    await scriptless.addCookies(await page.context().cookies());
    const bare = await scriptless.newPage();
    await bare.goto(`${suite.portal.baseUrl}/dashboard`);
    expect(await bare.getByTestId('capsule-card').count()).toBe(3);
    expect(await bare.getByRole('heading', { name: 'My Capsules' }).isVisible()).toBe(true);
    // Styled: the cards sit side by side in the grid at this width, not stacked.
    const [one, two] = await Promise.all(
      [0, 1].map((i) => bare.getByTestId('capsule-card').nth(i).boundingBox()),
    );
    expect(one?.y).toBe(two?.y);
    await screenshot(bare, 'first-page-01-dashboard-as-sent');
    await scriptless.close();

    // It answers clicks: a card opens its dialog, the sidebar moves within the app.
    const first = visit.getByTestId('capsule-card').first();
    const title = (await first.getAttribute('aria-label')) ?? '';
    await first.getByRole('button', { name: title }).click();
    await visit.getByRole('dialog', { name: 'Assign Recipient' }).waitFor();
    await visit.keyboard.press('Escape');
    await visit.getByRole('link', { name: 'Received Capsules' }).first().click();
    await visit.waitForURL(/\/received-capsules$/);
    expect(errors).toEqual([]);
  });

  it('is the browser’s own again after logout, with the guard’s redirect', async () => {
    const { page } = await suite.signedInPage('Grace Hopper');
    const { visit, errors } = await directVisit(page);
    await visit.goto(`${suite.portal.baseUrl}/dashboard`);
    expect(await visit.evaluate(() => document.documentElement.hasAttribute('data-first-page'))).toBe(true);
    // Its data was read and taken out of the document: nothing of it stays for a next visitor.
    expect(await visit.evaluate(() => document.getElementById('first-page'))).toBeNull();
    await visit.getByTestId('user-menu-button').click();
    await visit.getByRole('menuitem', { name: 'Logout' }).click();
    await visit.waitForURL('**/login');

    const again = await visit.goto(`${suite.portal.baseUrl}/dashboard`);
    expect(await again?.text()).not.toContain('id="first-page"');
    await visit.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    expect(errors).toEqual([]);
  });
});
