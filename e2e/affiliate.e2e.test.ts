import path from 'node:path';
import { AFFILIATE_TEXTS } from '@capsule/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, VIEWPORTS } from './support/browser.js';
import { E2E_SHOP_URL } from './support/portal.js';
import { signInThroughScreens } from './support/sign-in.js';
import { browserSuite } from './support/suite.js';

// The affiliate programme in a real Chromium against the built portal: a member
// applies on the Affiliate page, an operator approves the code (the service of
// `affiliate:approve`), the page shows the code and the link; a visitor follows the link, the
// portal keeps the code and hands it to the shop link, and the store's signed checkout (posted to
// the portal's webhook with the client_reference_id that link carries) shows up as a referral.
describe('the affiliate programme in Chromium', () => {
  const suite = browserSuite();

  const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

  async function openAffiliatePage(page: Page) {
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: AFFILIATE_TEXTS.menuItem }).click();
    await page.waitForURL('**/affiliate');
    await expect
      .poll(() => page.getByRole('heading', { name: AFFILIATE_TEXTS.pageTitle }).isVisible())
      .toBe(true);
  }

  it('applies, is approved, shares the link, and a purchase through it becomes a referral', async () => {
    const { page, email } = await suite.signedInPage('Ada Lovelace');
    await openAffiliatePage(page);

    // The application: the shared schema refuses a bad field before anything is sent.
    const form = page.getByRole('form', { name: AFFILIATE_TEXTS.applyTitle });
    await form.getByLabel('About you').fill('I film family stories and share them with 20k followers.');
    await form.getByLabel('Website').fill('stories');
    await form.getByLabel('Instagram').fill('@family.stories');
    await form.getByRole('button', { name: AFFILIATE_TEXTS.applyButton }).click();
    await expect.poll(visible(page, AFFILIATE_TEXTS.websiteInvalid)).toBe(true);
    await expect.poll(visible(page, AFFILIATE_TEXTS.paymentMethodRequired)).toBe(true);
    await form.getByLabel('Website').fill('https://stories.example');
    await form.getByRole('combobox', { name: /How do you want to be paid/ }).click();
    await page.getByRole('option', { name: 'PayPal', exact: true }).click();
    await form.getByLabel(/PayPal e-mail/).fill('payouts@stories.example');
    await suite.shot(page, 'affiliate-01-application');
    await form.getByRole('button', { name: AFFILIATE_TEXTS.applyButton }).click();

    await expect.poll(visible(page, AFFILIATE_TEXTS.pendingTitle)).toBe(true);
    expect(await page.getByTestId('referral-code').count()).toBe(0);
    await suite.shot(page, 'affiliate-02-pending');

    // The operator approves the application (affiliate:approve --code C).
    const code = await suite.portal.affiliates.codeOf(email);
    await suite.portal.affiliates.approve(code);
    await page.reload();
    await expect.poll(() => page.getByTestId('referral-code').textContent()).toBe(code);
    const link = `${suite.portal.baseUrl}/?ref=${code}`;
    expect(await page.getByLabel(AFFILIATE_TEXTS.linkLabel).inputValue()).toBe(link);
    await page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.portal.baseUrl });
    await page.getByRole('button', { name: 'Copy referral link' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'referral link copied' }).isVisible())
      .toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect.poll(visible(page, AFFILIATE_TEXTS.noReferrals)).toBe(true);

    // A visitor follows the link: the portal keeps the code (30 days, first-party, Lax) and
    // the shop link carries it, even on the sign-in screen the link lands on.
    const visitor = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
    const visit = await visitor.newPage();
    await visit.goto(link);
    await visit.waitForURL('**/login');
    const cookie = (await visitor.cookies()).find((c) => c.name === 'capsule_ref');
    expect(cookie).toMatchObject({ value: code, sameSite: 'Lax', httpOnly: false, path: '/' });
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const shopHref = await visit.getByRole('link', { name: 'Shop' }).first().getAttribute('href');
    const shopLink = new URL(shopHref ?? '');
    expect(`${shopLink.origin}${shopLink.pathname}`).toBe(E2E_SHOP_URL);
    expect(shopLink.searchParams.get('ref')).toBe(code);
    const clientReferenceId = shopLink.searchParams.get('client_reference_id');
    expect(clientReferenceId).toBe(`ref_${code}`);

    // The visitor signs in and buys in the store: the store's checkout, signed with the
    // webhook secret, carries the client_reference_id the shop link gave it.
    const buyer = await suite.portal.createUser('Grace Hopper');
    await signInThroughScreens(visit, suite.portal, buyer);
    const dashboardShop = new URL(
      (await visit.getByRole('link', { name: 'Shop' }).first().getAttribute('href')) ?? '',
    );
    expect(dashboardShop.searchParams.get('client_reference_id')).toBe(`ref_${code}`);
    const answer = await suite.portal.stripeCheckout(buyer.email, {
      clientReferenceId: clientReferenceId ?? '',
    });
    expect(answer.status).toBe(200);
    await visitor.close();

    // The affiliate sees the referral: 10% of CA$199.00, pending through the holding period.
    await page.reload();
    const row = page.getByTestId('referral-row');
    await expect.poll(() => row.count()).toBe(1);
    // What a person sees in the row: the rendered text, as CSS hides the phone's copies here.
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is checked
    expect((await row.innerText()).replace(/\s+/g, ' ')).toMatch(
      /^\w{3} \d{1,2}, \d{4} CA\$199\.00 CA\$19\.90 Pending Approved on \w{3} \d{1,2}, \d{4} unless refunded$/i,
    );
    expect(await page.getByTestId('affiliate-stat-pending').getByTestId('stat-value').textContent()).toBe(
      'CA$19.90',
    );
    expect(await page.getByTestId('commission-rate').textContent()).toBe(
      'You earn 10% of every purchase made with your code.',
    );
    await suite.shot(page, 'affiliate-03-approved-1280');

    await page.setViewportSize(VIEWPORTS.mobile);
    await expect.poll(() => page.getByTestId('referral-code').isVisible()).toBe(true);
    // The status fits the phone's table without a sideways scroll. Polled: the sidebar's space
    // is given back to the page through the layout's 200 ms transition after the resize, and
    // until it ends the table still starts where the sidebar was.
    const badgeRight = async () => {
      const badge = await row.getByText('Pending', { exact: true }).boundingBox();
      return (badge?.x ?? 999) + (badge?.width ?? 0);
    };
    await expect.poll(badgeRight).toBeLessThanOrEqual(375);
    // Nothing wider than the phone.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await suite.shot(page, 'affiliate-04-approved-375');
  });

  it('shows the application form on a phone', async () => {
    const { page } = await suite.signedInPage('Katherine Johnson', VIEWPORTS.mobile);
    await page.goto(`${suite.portal.baseUrl}/affiliate`);
    const form = page.getByRole('form', { name: AFFILIATE_TEXTS.applyTitle });
    await form.waitFor();
    await form.getByRole('combobox', { name: /How do you want to be paid/ }).click();
    await page.getByRole('option', { name: 'Bank transfer', exact: true }).click();
    await expect.poll(() => form.getByLabel(/Account number or IBAN/).isVisible()).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await suite.shot(page, 'affiliate-05-application-375');
  });

  /** The screen as seen (the viewport): a dialog and a toast sit fixed in it, not mid-page. */
  async function viewShot(page: Page, name: string) {
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
  }

  /** The application as a member fills it: a site and PayPal. */
  async function apply(page: Page) {
    const form = page.getByRole('form', { name: AFFILIATE_TEXTS.applyTitle });
    await form.getByLabel('Website').fill('https://stories.example');
    await form.getByRole('combobox', { name: /How do you want to be paid/ }).click();
    await page.getByRole('option', { name: 'PayPal', exact: true }).click();
    await form.getByLabel(/PayPal e-mail/).fill('payouts@stories.example');
    await form.getByRole('button', { name: AFFILIATE_TEXTS.applyButton }).click();
    await expect.poll(visible(page, AFFILIATE_TEXTS.pendingTitle)).toBe(true);
  }

  it('states the rate and the terms, applies, withdraws after a confirmation, and applies again', async () => {
    const { page, email } = await suite.signedInPage('Mae Jemison');
    await openAffiliatePage(page);

    // Before applying: the rate and the terms, above the form, with the server's figures.
    const terms = page.getByRole('region', { name: AFFILIATE_TEXTS.termsTitle });
    await expect
      .poll(() => terms.getByTestId('terms-rate').textContent())
      .toBe('You earn 10% of every purchase made with your code or link.');
    expect(await terms.getByTestId('term-holding').textContent()).toBe(
      'Holding periodA commission waits 30 days after the purchase. Then it is approved and owed to you.',
    );
    expect(await terms.getByTestId('term-refunds').textContent()).toMatch(/commission is reversed/);
    expect(await terms.getByTestId('term-payouts').textContent()).toMatch(
      /Bank transfer, PayPal, Stripe, or Crypto/,
    );
    const termsBox = await terms.boundingBox();
    const formBox = await page.getByRole('form', { name: AFFILIATE_TEXTS.applyTitle }).boundingBox();
    expect((termsBox?.y ?? 0) < (formBox?.y ?? 0)).toBe(true);
    await suite.shot(page, 'affiliate-06-terms-1280');

    await apply(page);
    const firstCode = await suite.portal.affiliates.codeOf(email);
    expect(await terms.getByTestId('terms-rate').isVisible()).toBe(true);

    // Withdraw asks first; keeping the application changes nothing.
    const withdraw = page.getByRole('button', { name: AFFILIATE_TEXTS.withdrawButton });
    await withdraw.click();
    const ask = page.getByRole('dialog', { name: AFFILIATE_TEXTS.withdrawConfirmTitle });
    await ask.getByText(AFFILIATE_TEXTS.withdrawConfirmBody).waitFor();
    await viewShot(page, 'affiliate-07-withdraw-confirm-1280');
    await ask.getByRole('button', { name: AFFILIATE_TEXTS.withdrawKeep }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await suite.portal.affiliates.codeOf(email)).toBe(firstCode);

    await withdraw.click();
    await ask.getByRole('button', { name: AFFILIATE_TEXTS.withdrawConfirm }).click();
    await expect.poll(visible(page, AFFILIATE_TEXTS.withdrawn)).toBe(true);
    await page.getByRole('form', { name: AFFILIATE_TEXTS.applyTitle }).waitFor();
    await expect(suite.portal.affiliates.codeOf(email)).rejects.toThrow(/No affiliate application/);

    // On a phone: apply again; the pending application, its terms and the question fit.
    await page.setViewportSize(VIEWPORTS.mobile);
    await apply(page);
    expect(await suite.portal.affiliates.codeOf(email)).toMatch(/^MAEJEM/);
    await expect.poll(() => terms.getByTestId('terms-rate').isVisible()).toBe(true);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await suite.shot(page, 'affiliate-08-pending-terms-375');
    await withdraw.click();
    await ask.getByText(AFFILIATE_TEXTS.withdrawConfirmBody).waitFor();
    const confirm = await ask.getByRole('button', { name: AFFILIATE_TEXTS.withdrawConfirm }).boundingBox();
    expect((confirm?.x ?? 999) + (confirm?.width ?? 0)).toBeLessThanOrEqual(375);
    await viewShot(page, 'affiliate-09-withdraw-confirm-375');
    await ask.getByRole('button', { name: AFFILIATE_TEXTS.withdrawKeep }).click();
    await ask.waitFor({ state: 'hidden' });
    await expect.poll(visible(page, AFFILIATE_TEXTS.pendingTitle)).toBe(true);
  });
});
