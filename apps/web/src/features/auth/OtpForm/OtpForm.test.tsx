import { AUTH_TEXTS } from '@capsule/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/browser';
import { ADA, awaitingCode, signedOut } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { deferred, type Handlers, networkError, serverError } from '../../../test/trpc-mock';

/** A session owing its code; `verify` answers the code check. */
function codeStage(verify: Handlers[string], hasReadTerms = true): Handlers {
  let verified = false;
  return {
    ...awaitingCode,
    'auth.status': () =>
      verified
        ? { loggedIn: true, requiresOtp: false, hasReadTerms, user: ADA }
        : { loggedIn: false, requiresOtp: true, hasReadTerms, user: null },
    'terms.check': () => ({ hasReadTerms, otpVerified: verified }),
    'otp.verify': async (input) => {
      const result = await verify(input);
      verified = true;
      return result;
    },
    'otp.send': () => ({ success: true, validMinutes: 10 }),
    'auth.logout': () => ({ success: true }),
  };
}

async function enterCode(user: ReturnType<typeof renderApp>['user'], code: string) {
  await user.type(await screen.findByLabelText(/One-Time Password/), code);
  await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
}

describe('verify OTP screen', () => {
  it('asks for at least 6 characters', async () => {
    const { user, calls } = renderApp({ route: '/verify-otp', handlers: codeStage(() => ({})) });

    await enterCode(user, '123');

    expect(await screen.findByText(AUTH_TEXTS.otpTooShort)).toBeTruthy();
    expect(calls.some((call) => call.path === 'otp.verify')).toBe(false);
  });

  it('offers a numeric, autofillable field', async () => {
    renderApp({ route: '/verify-otp', handlers: codeStage(() => ({})) });

    const field = await screen.findByLabelText(/One-Time Password/);
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
  });

  it("shows 'Invalid OTP code' under the field and toasts 'Verification Failed'", async () => {
    const { user } = renderApp({
      route: '/verify-otp',
      handlers: codeStage(() => {
        throw serverError(400, AUTH_TEXTS.otpInvalid);
      }),
    });

    await enterCode(user, '000000');

    expect(await screen.findByText(AUTH_TEXTS.otpFailedTitle)).toBeTruthy();
    expect(screen.getAllByText(AUTH_TEXTS.otpInvalid)).toHaveLength(2);
    expect(screen.getByLabelText(/One-Time Password/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('location').textContent).toBe('/verify-otp');
  });

  it("keeps the server's reason when it says more, such as an expired code", async () => {
    const expired = 'This code has expired or was used up. Please request a new code.';
    const { user } = renderApp({
      route: '/verify-otp',
      handlers: codeStage(() => {
        throw serverError(400, expired);
      }),
    });

    await enterCode(user, '123456');

    expect(await screen.findByText(AUTH_TEXTS.otpFailedTitle)).toBeTruthy();
    expect(screen.getAllByText(expired)).toHaveLength(2);
  });

  it("says 'OTP verification failed. Please try again.' when the request fails", async () => {
    const { user } = renderApp({
      route: '/verify-otp',
      handlers: codeStage(() => {
        throw networkError();
      }),
    });

    await enterCode(user, '123456');

    expect(await screen.findByText(AUTH_TEXTS.otpFailedTitle)).toBeTruthy();
    expect(screen.getAllByText(AUTH_TEXTS.otpFailed)).toHaveLength(2);
  });

  it("reads 'Verifying...', then welcomes a user who read the terms to the dashboard", async () => {
    const answer = deferred<unknown>();
    const { user, calls } = renderApp({
      route: '/verify-otp',
      handlers: codeStage(() => answer.promise, true),
    });

    await enterCode(user, ' 123456 ');
    expect(await screen.findByRole('button', { name: 'Verifying...' })).toBeTruthy();
    answer.resolve({ success: true, hasReadTerms: true });

    expect(await screen.findByText(AUTH_TEXTS.otpVerifiedTitle)).toBeTruthy();
    expect(screen.getByText(AUTH_TEXTS.otpVerifiedBody)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'My Capsules' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/dashboard');
    expect(calls.find((call) => call.path === 'otp.verify')?.input).toEqual({ oneTimeCode: '123456' });
  });

  it('sends a user who has not read the terms to /terms-and-conditions', async () => {
    const { user } = renderApp({
      route: '/verify-otp',
      handlers: codeStage(() => ({ success: true, hasReadTerms: false }), false),
    });

    await enterCode(user, '123456');

    expect(await screen.findByRole('heading', { name: 'Terms and Conditions' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/terms-and-conditions');
    expect(screen.queryByText(AUTH_TEXTS.otpVerifiedTitle)).toBeNull();
  });

  it("'Back to login' clears session storage, logs out, goes to /login and reloads", async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    sessionStorage.setItem('draft', 'x');
    const { user, calls } = renderApp({ route: '/verify-otp', handlers: codeStage(() => ({})) });

    await user.click(await screen.findByRole('button', { name: 'Back to login' }));

    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(sessionStorage.getItem('draft')).toBeNull();
    expect(calls.some((call) => call.path === 'auth.logout')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
  });

  it('sends a visitor without a session to / and on to sign-in', async () => {
    renderApp({ route: '/verify-otp', handlers: signedOut });

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('sends a new code on request and then waits a minute before offering another', async () => {
    const { user, calls } = renderApp({ route: '/verify-otp', handlers: codeStage(() => ({})) });

    await user.click(await screen.findByRole('button', { name: 'Resend code' }));

    const toastTitle = await screen.findByText('New code sent');
    expect(toastTitle).toBeTruthy();
    expect(calls.filter((call) => call.path === 'otp.send')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull();
    expect(within(document.body).getByText(/Resend code in \d+s/)).toBeTruthy();
  });
});
