import { AFFILIATE_TEXTS } from '@capsule/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/fixtures';
import { preloadSignedInPages } from '../../test/preload-signed-in';
import { renderApp } from '../../test/render';
import { deferred, serverError } from '../../test/trpc-mock';
import { makeAffiliate, makePayout, makeReferral, makeTerms, page } from './affiliate-fixtures';

beforeAll(preloadSignedInPages, 60_000);

const PAGE_LOAD = { timeout: 15_000 };

describe('the Affiliate page', { timeout: 20_000 }, () => {
  it('is in the user menu', async () => {
    const { user } = renderApp({
      route: '/settings',
      handlers: { ...signedIn(), 'affiliates.me': () => null },
    });
    await user.click(await screen.findByRole('button', { name: 'Open user menu' }, PAGE_LOAD));
    await user.click(await screen.findByRole('menuitem', { name: AFFILIATE_TEXTS.menuItem }));
    expect(await screen.findByRole('heading', { name: AFFILIATE_TEXTS.pageTitle }, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/affiliate');
  });

  it('offers the application until one is made, checking it with the shared schema', async () => {
    const applied: unknown[] = [];
    const { user } = renderApp({
      route: '/affiliate',
      handlers: {
        ...signedIn(),
        'affiliates.terms': () => makeTerms(),
        'affiliates.me': () => null,
        'affiliates.submitApplication': (input) => {
          applied.push(input);
          return makeAffiliate({ status: 'pending', code: null, referralLink: null });
        },
      },
    });
    const form = await screen.findByRole('form', { name: AFFILIATE_TEXTS.applyTitle }, PAGE_LOAD);
    await user.type(within(form).getByLabelText('Website'), 'not a site');
    await user.type(within(form).getByLabelText('Twitter / X'), 'this_handle_is_too_long');
    await user.click(within(form).getByRole('button', { name: AFFILIATE_TEXTS.applyButton }));
    expect(await within(form).findByText(AFFILIATE_TEXTS.websiteInvalid)).toBeTruthy();
    expect(within(form).getByText(AFFILIATE_TEXTS.twitterInvalid)).toBeTruthy();
    expect(within(form).getByText(AFFILIATE_TEXTS.paymentMethodRequired)).toBeTruthy();
    expect(applied).toEqual([]);

    await user.clear(within(form).getByLabelText('Website'));
    await user.type(within(form).getByLabelText('Website'), 'https://stories.example');
    await user.clear(within(form).getByLabelText('Twitter / X'));
    await user.type(within(form).getByLabelText('Twitter / X'), '@adak');
    await user.click(within(form).getByRole('combobox', { name: /How do you want to be paid/ }));
    await user.click(await screen.findByRole('option', { name: 'PayPal' }));
    // Only the chosen method's details are asked for, and checked.
    expect(within(form).queryByLabelText(/Account holder/)).toBeNull();
    await user.type(within(form).getByLabelText(/PayPal e-mail/), 'ada@');
    await user.click(within(form).getByRole('button', { name: AFFILIATE_TEXTS.applyButton }));
    expect(await within(form).findByText(AFFILIATE_TEXTS.paypalEmailInvalid)).toBeTruthy();
    expect(applied).toEqual([]);

    await user.type(within(form).getByLabelText(/PayPal e-mail/), 'example.com');
    await user.click(within(form).getByRole('button', { name: AFFILIATE_TEXTS.applyButton }));
    await waitFor(() => expect(applied).toHaveLength(1));
    expect(applied[0]).toEqual({
      bio: null,
      websiteUrl: 'https://stories.example',
      instagramHandle: null,
      twitterHandle: 'adak',
      tiktokHandle: null,
      paymentMethod: 'paypal',
      paymentDetails: { email: 'ada@example.com' },
    });
    expect(await screen.findByText(AFFILIATE_TEXTS.applied)).toBeTruthy();
    expect(await screen.findByText(AFFILIATE_TEXTS.pendingTitle)).toBeTruthy();
  }, 60_000);

  it('puts the server’s refusal under its field', async () => {
    const { user } = renderApp({
      route: '/affiliate',
      handlers: {
        ...signedIn(),
        'affiliates.terms': () => makeTerms(),
        'affiliates.me': () => null,
        'affiliates.submitApplication': () => {
          throw serverError(409, AFFILIATE_TEXTS.alreadyApplied, 'CONFLICT');
        },
      },
    });
    const form = await screen.findByRole('form', { name: AFFILIATE_TEXTS.applyTitle }, PAGE_LOAD);
    await user.click(within(form).getByRole('combobox', { name: /How do you want to be paid/ }));
    await user.click(await screen.findByRole('option', { name: 'Stripe' }));
    await user.type(within(form).getByLabelText(/Stripe account id/), 'acct_1AbCdEfGhIjK');
    await user.click(within(form).getByRole('button', { name: AFFILIATE_TEXTS.applyButton }));
    expect(await screen.findByText(AFFILIATE_TEXTS.applyFailed)).toBeTruthy();
    expect(screen.getByText(AFFILIATE_TEXTS.alreadyApplied)).toBeTruthy();
  });

  it('shows a pending application and a blocked account without a code', async () => {
    renderApp({
      route: '/affiliate',
      handlers: {
        ...signedIn(),
        'affiliates.terms': () => makeTerms(),
        'affiliates.me': () => makeAffiliate({ status: 'pending', code: null, referralLink: null }),
      },
    });
    const notice = await screen.findByTestId('affiliate-status', {}, PAGE_LOAD);
    expect(within(notice).getByText(AFFILIATE_TEXTS.pendingTitle)).toBeTruthy();
    expect(within(notice).getByText('Pending')).toBeTruthy();
    expect(notice.textContent).toMatch('Applied Oct 1, 2026 · paid by PayPal (ada@example.com)');
    expect(screen.queryByTestId('referral-code')).toBeNull();
  });

  it('shows a blocked account', async () => {
    renderApp({
      route: '/affiliate',
      handlers: {
        ...signedIn(),
        'affiliates.terms': () => makeTerms(),
        'affiliates.me': () => makeAffiliate({ status: 'blocked', code: null, referralLink: null }),
      },
    });
    const notice = await screen.findByTestId('affiliate-status', {}, PAGE_LOAD);
    expect(within(notice).getByText(AFFILIATE_TEXTS.blockedTitle)).toBeTruthy();
    expect(within(notice).getByText('Blocked')).toBeTruthy();
  });

  it('shows an approved affiliate the code, the link, the money, and referrals and payouts a page at a time', async () => {
    const firstPage = Array.from({ length: 10 }, (_, i) =>
      makeReferral({ purchaseAmountCents: 10_000 + i, commissionCents: 1_000 }),
    );
    const secondPage = [
      makeReferral({
        status: 'cancelled',
        reversalReason: 'refund',
        reversedAt: '2026-11-10T00:00:00.000Z',
        clawbackCents: 1_990,
        approvesAt: null,
      }),
      makeReferral({ status: 'paid', paidAt: '2026-11-20T00:00:00.000Z', approvesAt: null }),
    ];
    const referralPages = new Map([
      [1, page(firstPage, 12, 1)],
      [2, page(secondPage, 12, 2)],
    ]);
    const { user, calls } = renderApp({
      route: '/affiliate',
      handlers: {
        ...signedIn(),
        'affiliates.terms': () => makeTerms(),
        'affiliates.me': () => makeAffiliate(),
        'affiliates.referrals': (input) => referralPages.get((input as { page: number }).page),
        'affiliates.payouts': () => page([makePayout()]),
      },
    });
    expect((await screen.findByTestId('referral-code', {}, PAGE_LOAD)).textContent).toBe('ADAKIN7K2Q');
    expect(screen.getByDisplayValue('https://portal.example/?ref=ADAKIN7K2Q')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy referral link' })).toBeTruthy();
    const stat = (key: string) => {
      const tile = screen.getByTestId(`affiliate-stat-${key}`);
      return `${within(tile).getByTestId('stat-label').textContent}: ${within(tile).getByTestId('stat-value').textContent}`;
    };
    expect(screen.getByTestId('commission-rate').textContent).toBe(
      'You earn 10% of every purchase made with your code.',
    );
    expect(stat('earned')).toBe('Total earnings: CA$59.70');
    expect(stat('owed')).toBe('Owed to you: CA$39.70');
    expect(stat('paid')).toBe('Paid out: CA$20.00');
    expect(stat('pending')).toBe('Pending: CA$19.90');

    await waitFor(() => expect(screen.getAllByTestId('referral-row')).toHaveLength(10));
    // The row's cells (a phone's copies of the purchase and details are in the DOM too).
    const first = screen.getAllByTestId('referral-row')[0]?.textContent ?? '';
    for (const text of [
      'Nov 2, 2026',
      'CA$100.00',
      'CA$10.00',
      'Pending',
      'Approved on Dec 2, 2026 unless refunded',
    ]) {
      expect(first).toContain(text);
    }
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getAllByTestId('referral-row')).toHaveLength(2));
    const [refunded, paid] = screen.getAllByTestId('referral-row');
    expect(refunded?.textContent).toContain('Reversed');
    expect(refunded?.textContent).toContain('Refunded Nov 10, 2026 · CA$19.90 owed back');
    expect(paid?.textContent).toContain('Paid Nov 20, 2026');
    expect(calls.filter((c) => c.path === 'affiliates.referrals').map((c) => c.input)).toEqual([
      { page: 1 },
      { page: 2 },
    ]);

    const payout = screen.getByTestId('payout-row');
    for (const text of ['Nov 20, 2026', 'CA$20.00', 'PayPal', 'PP-42', 'Paid'])
      expect(payout.textContent).toContain(text);
  });

  it('says when a paid commission was refunded and money is owed back', async () => {
    renderApp({
      route: '/affiliate',
      handlers: {
        ...signedIn(),
        'affiliates.terms': () => makeTerms(),
        'affiliates.me': () =>
          makeAffiliate({
            totals: {
              referrals: 1,
              pendingCents: 0,
              earnedCents: 0,
              paidOutCents: 1_990,
              owedCents: -1_990,
              clawbackCents: 1_990,
            },
          }),
        'affiliates.referrals': () => page([]),
        'affiliates.payouts': () => page([]),
      },
    });
    expect(await screen.findByText('A paid commission was refunded', {}, PAGE_LOAD)).toBeTruthy();
    const owed = screen.getByTestId('affiliate-stat-owed');
    expect(within(owed).getByTestId('stat-label').textContent).toBe('You owe back');
    expect(within(owed).getByTestId('stat-value').textContent).toBe('CA$19.90');
    expect(await screen.findByText(AFFILIATE_TEXTS.noReferrals)).toBeTruthy();
    expect(screen.getByText(AFFILIATE_TEXTS.noPayouts)).toBeTruthy();
  });

  it('shows placeholders while loading and a retry when loading failed', async () => {
    const me = deferred<null>();
    let fail = true;
    const { user } = renderApp({
      route: '/affiliate',
      handlers: {
        ...signedIn(),
        'affiliates.terms': () => makeTerms(),
        'affiliates.me': () => {
          if (fail) return me.promise;
          return null;
        },
      },
    });
    expect(await screen.findByTestId('affiliate-loading', {}, PAGE_LOAD)).toBeTruthy();
    me.reject(serverError(500, 'boom', 'INTERNAL_SERVER_ERROR'));
    expect(await screen.findByText(AFFILIATE_TEXTS.loadFailed)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: AFFILIATE_TEXTS.retry }));
    expect(await screen.findByRole('form', { name: AFFILIATE_TEXTS.applyTitle })).toBeTruthy();
  });

  it('states the rate and the terms from the server before applying, above the form', async () => {
    renderApp({
      route: '/affiliate',
      handlers: {
        ...signedIn(),
        'affiliates.me': () => null,
        'affiliates.terms': () => makeTerms({ commissionRate: '0.1250' }),
      },
    });
    const terms = await screen.findByRole('region', { name: AFFILIATE_TEXTS.termsTitle }, PAGE_LOAD);
    expect((await within(terms).findByTestId('terms-rate')).textContent).toBe(
      'You earn 12.5% of every purchase made with your code or link.',
    );
    const text = (key: string) => within(terms).getByTestId(`term-${key}`).textContent;
    expect(text('earn')).toContain('12.5% of the price paid, in CAD');
    // The holding period is the server's (45 here), not a number written into the page.
    expect(text('holding')).toBe(
      'Holding periodA commission waits 45 days after the purchase. Then it is approved and owed to you.',
    );
    expect(text('refunds')).toMatch(/refunded or disputed purchase earns nothing/);
    expect(text('payouts')).toContain('Bank transfer, PayPal, Stripe, or Crypto');
    const form = screen.getByRole('form', { name: AFFILIATE_TEXTS.applyTitle });
    // Read before the form: the terms come first.
    expect(terms.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('withdraws a pending application after asking, and offers the form again', async () => {
    let affiliate: unknown = makeAffiliate({ status: 'pending', code: null, referralLink: null });
    const withdrawn: unknown[] = [];
    const { user, calls } = renderApp({
      route: '/affiliate',
      handlers: {
        ...signedIn(),
        'affiliates.terms': () => makeTerms(),
        'affiliates.me': () => affiliate,
        'affiliates.withdraw': (input) => {
          withdrawn.push(input);
          affiliate = null;
          return null;
        },
      },
    });
    const notice = await screen.findByTestId('affiliate-status', {}, PAGE_LOAD);
    expect(await screen.findByTestId('terms-rate')).toBeTruthy();

    // Asked first; keeping it sends nothing.
    await user.click(within(notice).getByRole('button', { name: AFFILIATE_TEXTS.withdrawButton }));
    const ask = within(await screen.findByRole('dialog', { name: AFFILIATE_TEXTS.withdrawConfirmTitle }));
    expect(ask.getByText(AFFILIATE_TEXTS.withdrawConfirmBody)).toBeTruthy();
    await user.click(ask.getByRole('button', { name: AFFILIATE_TEXTS.withdrawKeep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.path === 'affiliates.withdraw')).toHaveLength(0);

    await user.click(within(notice).getByRole('button', { name: AFFILIATE_TEXTS.withdrawButton }));
    const again = within(await screen.findByRole('dialog', { name: AFFILIATE_TEXTS.withdrawConfirmTitle }));
    await user.click(again.getByRole('button', { name: AFFILIATE_TEXTS.withdrawConfirm }));
    expect(await screen.findByText(AFFILIATE_TEXTS.withdrawn)).toBeTruthy();
    expect(withdrawn).toHaveLength(1);
    expect(await screen.findByRole('form', { name: AFFILIATE_TEXTS.applyTitle })).toBeTruthy();
    expect(screen.queryByTestId('affiliate-status')).toBeNull();
  });

  it('says why a withdrawal was refused (approved meanwhile) and shows where the application stands', async () => {
    let affiliate = makeAffiliate({ status: 'pending', code: null, referralLink: null });
    const { user } = renderApp({
      route: '/affiliate',
      handlers: {
        ...signedIn(),
        'affiliates.terms': () => makeTerms(),
        'affiliates.me': () => affiliate,
        'affiliates.referrals': () => page([]),
        'affiliates.payouts': () => page([]),
        'affiliates.withdraw': () => {
          affiliate = makeAffiliate();
          throw serverError(409, AFFILIATE_TEXTS.withdrawApproved, 'CONFLICT');
        },
      },
    });
    const notice = await screen.findByTestId('affiliate-status', {}, PAGE_LOAD);
    await user.click(within(notice).getByRole('button', { name: AFFILIATE_TEXTS.withdrawButton }));
    const ask = within(await screen.findByRole('dialog', { name: AFFILIATE_TEXTS.withdrawConfirmTitle }));
    await user.click(ask.getByRole('button', { name: AFFILIATE_TEXTS.withdrawConfirm }));
    expect(await screen.findByText(AFFILIATE_TEXTS.withdrawFailed)).toBeTruthy();
    expect(screen.getByText(AFFILIATE_TEXTS.withdrawApproved)).toBeTruthy();
    expect((await screen.findByTestId('referral-code')).textContent).toBe('ADAKIN7K2Q');
  });

  it('offers no withdrawal once decided', async () => {
    renderApp({
      route: '/affiliate',
      handlers: {
        ...signedIn(),
        'affiliates.terms': () => makeTerms(),
        'affiliates.me': () => makeAffiliate({ status: 'blocked', code: null, referralLink: null }),
      },
    });
    const notice = await screen.findByTestId('affiliate-status', {}, PAGE_LOAD);
    expect(within(notice).queryByRole('button', { name: AFFILIATE_TEXTS.withdrawButton })).toBeNull();
  });
});
