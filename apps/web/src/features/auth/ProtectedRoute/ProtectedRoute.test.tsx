import { AUTH_TEXTS, TERMS_TEXTS } from '@capsule/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADA, awaitingCode, signedIn, signedOut } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { deferred, networkError } from '../../../test/trpc-mock';
import { GUARD_TEXTS } from './ProtectedRoute';

const location = () => screen.getByTestId('location').textContent;

describe('protected-route guard', () => {
  it("shows 'Checking authentication...', then the page, with the terms state of the sign-in status", async () => {
    const status = deferred<unknown>();
    const { calls } = renderApp({ route: '/contacts', handlers: { 'auth.status': () => status.promise } });

    expect(await screen.findByText(GUARD_TEXTS.checkingAuth)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'My Contacts' })).toBeNull();

    status.resolve({ loggedIn: true, requiresOtp: false, hasReadTerms: true, user: ADA });
    expect(await screen.findByRole('heading', { name: 'My Contacts' })).toBeTruthy();
    expect(location()).toBe('/contacts');
    // auth.status answers the terms and code state: opening the page asks no second question.
    expect(calls.some((call) => call.path === 'terms.check')).toBe(false);
  });

  it('checks the terms again on the next route change', async () => {
    const terms = deferred<unknown>();
    const { user, calls } = renderApp({
      route: '/contacts',
      handlers: { ...signedIn(), 'terms.check': () => terms.promise },
    });
    await user.click((await screen.findAllByRole('link', { name: 'My Capsules' }))[0] as HTMLElement);

    expect(await screen.findByRole('heading', { name: 'My Capsules' })).toBeTruthy();
    expect(calls.some((call) => call.path === 'terms.check')).toBe(true);
    // The terms were withdrawn meanwhile (a new version): the re-check sends the user to accept them.
    terms.resolve({ hasReadTerms: false, otpVerified: true });
    expect(await screen.findByRole('heading', { name: TERMS_TEXTS.title })).toBeTruthy();
    expect(location()).toBe('/terms-and-conditions');
  });

  it('sends a verified user who has not read the terms to /terms-and-conditions', async () => {
    renderApp({ route: '/dashboard', handlers: signedIn(ADA, false) });

    expect(await screen.findByRole('heading', { name: TERMS_TEXTS.title })).toBeTruthy();
    expect(location()).toBe('/terms-and-conditions');
    expect(screen.queryByRole('heading', { name: 'My Capsules' })).toBeNull();
  });

  it('renders the terms page itself while the terms are unread', async () => {
    renderApp({ route: '/terms-and-conditions', handlers: signedIn(ADA, false) });

    expect(await screen.findByRole('button', { name: TERMS_TEXTS.submit })).toBeTruthy();
    expect(location()).toBe('/terms-and-conditions');
  });

  it('sends a signed-out visitor to the sign-in screen, returning to the page asked for', async () => {
    const { calls } = renderApp({ route: '/settings?tab=password', handlers: signedOut });

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(location()).toBe('/login?next=%2Fsettings%3Ftab%3Dpassword');
    expect(calls.some((call) => call.path === 'terms.check')).toBe(false);
    // A first-time visitor is not told that a session ended.
    expect(screen.queryByText(AUTH_TEXTS.sessionEnded)).toBeNull();
  });

  it('sends a signed-out visitor of the dashboard to plain /login (a sign-in lands there anyway)', async () => {
    renderApp({ route: '/dashboard', handlers: signedOut });

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(location()).toBe('/login');
  });

  it('sends a session that still owes its code to /verify-otp, returning to the page asked for', async () => {
    renderApp({ route: '/received-capsules', handlers: awaitingCode });

    expect(await screen.findByLabelText(/One-Time Password/)).toBeTruthy();
    expect(location()).toBe('/verify-otp?next=%2Freceived-capsules');
  });

  it('sends a user who has not read the terms to them, returning to the page asked for', async () => {
    renderApp({ route: '/contacts', handlers: signedIn(ADA, false) });

    expect(await screen.findByRole('heading', { name: TERMS_TEXTS.title })).toBeTruthy();
    expect(location()).toBe('/terms-and-conditions?next=%2Fcontacts');
  });

  it('keeps the page when a later terms re-check fails (the last good answer stands)', async () => {
    const { user } = renderApp({
      route: '/contacts',
      handlers: {
        ...signedIn(),
        'terms.check': () => {
          throw networkError();
        },
      },
    });
    await user.click((await screen.findAllByRole('link', { name: 'My Capsules' }))[0] as HTMLElement);

    expect(await screen.findByRole('heading', { name: 'My Capsules' })).toBeTruthy();
    expect(location()).toBe('/dashboard');
  });
});
