import { AUTH_TEXTS, TERMS_TEXTS } from '@capsule/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { ADA, SERVER_LINKS, signedIn } from '../../test/fixtures';
import { preloadSignedInPages } from '../../test/preload-signed-in';
import { makeReceived, receivedHandlers } from '../../test/received-fixtures';
import { renderApp } from '../../test/render';
import { type Handlers, serverError } from '../../test/trpc-mock';
import { signedInHere } from './AuthProvider/signed-in-here';
import { returningTo, returnPathIn } from './return-to';

beforeAll(preloadSignedInPages);

const location = () => screen.getByTestId('location').textContent;

/**
 * A server walked through the sign-in steps: signed out, then the password (the code owed),
 * then the code, then the terms (unless `hasReadTerms`).
 */
function signInSteps(hasReadTerms: boolean, extra: Handlers = {}): Handlers {
  let stage: 'out' | 'password' | 'verified' = 'out';
  let termsRead = hasReadTerms;
  return {
    'auth.status': () => ({
      loggedIn: stage === 'verified',
      requiresOtp: stage === 'password',
      hasReadTerms: termsRead,
      user: stage === 'verified' ? ADA : null,
      links: SERVER_LINKS,
    }),
    'auth.login': () => {
      stage = 'password';
      return { success: true, requiresOtp: true, hasReadTerms: termsRead };
    },
    'otp.send': () => ({ success: true, validMinutes: 10, alreadySent: false }),
    'otp.verify': () => {
      stage = 'verified';
      return { success: true, hasReadTerms: termsRead };
    },
    'terms.check': () => ({ hasReadTerms: termsRead, otpVerified: stage === 'verified' }),
    'terms.accept': () => {
      termsRead = true;
      return { success: true };
    },
    'auth.logout': () => {
      stage = 'out';
      return { success: true };
    },
    ...extra,
  };
}

type User = ReturnType<typeof renderApp>['user'];

async function signIn(user: User) {
  await user.type(await screen.findByLabelText(/Email/), ADA.email);
  await user.type(screen.getByLabelText(/Password/), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

async function enterCode(user: User) {
  await user.type(await screen.findByLabelText(/One-Time Password/), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
}

async function acceptTerms(user: User) {
  const box = await screen.findByRole('region', { name: TERMS_TEXTS.title });
  fireEvent.scroll(box);
  await user.click(await screen.findByLabelText(TERMS_TEXTS.checkbox));
  await user.click(screen.getByRole('button', { name: TERMS_TEXTS.submit }));
}

describe('the page asked for before signing in', { timeout: 20_000 }, () => {
  it('is reached after the password, the code and the terms, with its query string', async () => {
    const capsule = makeReceived({ title: 'For the wedding day' });
    const { user } = renderApp({
      route: '/received-capsules?x_status=Sent',
      handlers: signInSteps(false, receivedHandlers([capsule])),
    });

    await screen.findByRole('button', { name: 'Sign In' });
    expect(location()).toBe('/login?next=%2Freceived-capsules%3Fx_status%3DSent');
    await signIn(user);
    await waitFor(() => expect(location()).toBe('/verify-otp?next=%2Freceived-capsules%3Fx_status%3DSent'));
    await enterCode(user);
    await waitFor(() =>
      expect(location()).toBe('/terms-and-conditions?next=%2Freceived-capsules%3Fx_status%3DSent'),
    );
    await acceptTerms(user);

    expect(await screen.findByRole('heading', { name: 'Received Capsules' })).toBeTruthy();
    expect(location()).toBe('/received-capsules?x_status=Sent');
  });

  it("is reached straight after the code when the terms were read, with 'OTP Verified'", async () => {
    const { user } = renderApp({
      route: '/login?next=%2Fcontacts',
      handlers: signInSteps(true, { 'contacts.list': () => [] }),
    });

    await signIn(user);
    await enterCode(user);

    expect(await screen.findByRole('heading', { name: 'My Contacts' })).toBeTruthy();
    expect(location()).toBe('/contacts');
    expect(await screen.findByText(AUTH_TEXTS.otpVerifiedTitle)).toBeTruthy();
    // Not 'Welcome to your dashboard': the user is not going there.
    expect(screen.getByText(AUTH_TEXTS.otpVerifiedReturnBody)).toBeTruthy();
  });

  it.each([
    ['another site', '//evil.example'],
    ['another site, spelled with a backslash', '/\\evil.example'],
    ['an absolute address', 'https://evil.example/received-capsules'],
    ['a script', 'javascript:alert(1)'],
    ['a sign-in step', '/verify-otp'],
  ])('is ignored when it names %s: the sign-in lands on the dashboard', async (_case, next) => {
    const { user } = renderApp({
      route: `/login?next=${encodeURIComponent(next)}`,
      handlers: signInSteps(true, { 'capsules.counts': () => ({}), 'capsules.list': () => ({}) }),
    });

    await signIn(user);
    await waitFor(() => expect(location()).toBe('/verify-otp'));
    await enterCode(user);

    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(await screen.findByText(AUTH_TEXTS.otpVerifiedBody)).toBeTruthy();
  });

  it("is kept in the address by 'Back to login', which still clears session storage and reloads", async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const clear = vi.spyOn(browser, 'clearSessionStorage');
    const { user } = renderApp({ route: '/login?next=%2Fcontacts', handlers: signInSteps(true) });

    await signIn(user);
    await user.click(await screen.findByRole('button', { name: 'Back to login' }));

    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(clear).toHaveBeenCalled();
    await waitFor(() => expect(location()).toBe('/login?next=%2Fcontacts'));
  });
});

describe('a session that ended', { timeout: 20_000 }, () => {
  it('sends the user to sign in with a notice, and the sign-in returns to the page', async () => {
    let sessionAlive = true;
    const steps = signInSteps(true, {
      'contacts.list': () => {
        if (!sessionAlive) throw serverError(401, 'Not signed in', 'UNAUTHORIZED');
        return [];
      },
    });
    const handlers: Handlers = {
      ...steps,
      'auth.status': (input) =>
        sessionAlive
          ? { loggedIn: true, requiresOtp: false, hasReadTerms: true, user: ADA, links: SERVER_LINKS }
          : steps['auth.status']?.(input),
      'terms.check': () => {
        if (!sessionAlive) throw serverError(401, 'Not signed in', 'UNAUTHORIZED');
        return { hasReadTerms: true, otpVerified: true };
      },
    };
    const { user } = renderApp({
      route: '/dashboard',
      handlers: { ...handlers, 'capsules.list': () => ({}) },
    });
    await user.click((await screen.findAllByRole('link', { name: 'My Contacts' }))[0] as HTMLElement);
    await screen.findByRole('heading', { name: 'My Contacts' });

    // The idle limit passes: the next call answers 401.
    sessionAlive = false;
    await user.click((await screen.findAllByRole('link', { name: 'Friends Network' }))[0] as HTMLElement);

    expect(await screen.findByText(AUTH_TEXTS.sessionEnded)).toBeTruthy();
    expect(location()).toBe('/login?next=%2Ffriends-tree');
    await signIn(user);
    await enterCode(user);
    expect(await screen.findByRole('heading', { name: 'Friends Network' })).toBeTruthy();
    expect(location()).toBe('/friends-tree');
    expect(screen.queryByText(AUTH_TEXTS.sessionEnded)).toBeNull();
  });

  it('is told on the next start of a tab that was signed in', async () => {
    signedInHere.mark();
    renderApp({ route: '/contacts', handlers: signInSteps(true) });

    expect(await screen.findByText(AUTH_TEXTS.sessionEnded)).toBeTruthy();
    expect(location()).toBe('/login?next=%2Fcontacts');
    // Said once: the mark is gone.
    await waitFor(() => expect(signedInHere.was()).toBe(false));
  });

  it('is not told after a logout, nor to a visitor who was never signed in here', async () => {
    const { user } = renderApp({
      route: '/contacts',
      handlers: { ...signedIn(), 'contacts.list': () => [] },
    });
    await screen.findByRole('heading', { name: 'My Contacts' });
    expect(signedInHere.was()).toBe(true);

    await user.click(await screen.findByTestId('user-menu-button'));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByText(AUTH_TEXTS.sessionEnded)).toBeNull();
    expect(signedInHere.was()).toBe(false);
  });
});

describe('return-to addresses', () => {
  it('carries the page, query string and all, and drops what is not a page to return to', () => {
    expect(returningTo('/login', { pathname: '/received-capsules', search: '?x_status=Sent' })).toBe(
      '/login?next=%2Freceived-capsules%3Fx_status%3DSent',
    );
    expect(returningTo('/login', { pathname: '/dashboard', search: '' })).toBe('/login');
    expect(returnPathIn('?next=%2Fsettings%3Ftab%3Dpassword')).toBe('/settings?tab=password');
    expect(returnPathIn('?next=%2F%2Fevil.example')).toBeNull();
    expect(returnPathIn('?next=%2Flogin')).toBeNull();
    expect(returnPathIn('?next=%2Fterms-and-conditions')).toBeNull();
    expect(returnPathIn('')).toBeNull();
  });
});
