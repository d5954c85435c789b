import { AUTH_TEXTS } from '@capsule/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedOut } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { deferred, type Handlers, networkError, serverError } from '../../../test/trpc-mock';
import { OTP_SCREEN_TEXTS } from '../OtpForm/otp-errors';

function withLogin(login: Handlers[string], extra: Handlers = {}): Handlers {
  return {
    ...signedOut,
    'auth.login': login,
    'otp.send': () => ({ success: true, validMinutes: 10, alreadySent: false }),
    ...extra,
  };
}

/** After the password: the code screen's guard asks for the terms check. */
const awaitingCodeAfterLogin: Handlers = {
  'terms.check': () => ({ hasReadTerms: true, otpVerified: false }),
};

describe('sign-in screen', () => {
  it('shows the spec field errors under each field and sends nothing', async () => {
    const { user, calls } = renderApp({ route: '/login', handlers: withLogin(() => ({})) });

    await user.click(await screen.findByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText(/Email/).getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.path === 'auth.login')).toBe(false);
  });

  it('refuses a malformed e-mail address', async () => {
    const { user } = renderApp({ route: '/auth', handlers: withLogin(() => ({})) });

    await user.type(await screen.findByLabelText(/Email/), 'ada-at-example');
    await user.type(screen.getByLabelText(/Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.queryByText('Password is required')).toBeNull();
  });

  it('says the main site credentials are used and links out for sign-up, password, privacy and terms', async () => {
    renderApp({ route: '/login' });

    expect(await screen.findByText(AUTH_TEXTS.mainSiteBanner)).toBeTruthy();
    for (const name of ['Sign Up', 'Forgot your password?', 'Privacy', 'Terms']) {
      const link = screen.getAllByRole('link', { name }).find((a) => a.getAttribute('target') === '_blank');
      expect(link?.getAttribute('href'), name).toMatch(/^https:\/\/legacycapsule\.com\//);
    }
  });

  it("reads 'Signing in...' while the call runs, asks for a code, then goes to /verify-otp", async () => {
    const answer = deferred<unknown>();
    const { user, calls } = renderApp({ route: '/login', handlers: withLogin(() => answer.promise) });

    await user.type(await screen.findByLabelText(/Email/), 'ada.lovelace@example.com');
    await user.type(screen.getByLabelText(/Password/), 'analytical engine');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy.hasAttribute('disabled')).toBe(true);

    answer.resolve({ success: true, requiresOtp: true, hasReadTerms: false });

    expect(await screen.findByText(AUTH_TEXTS.otpRequiredTitle)).toBeTruthy();
    expect(await screen.findByLabelText(/One-Time Password/)).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/verify-otp');
    expect(calls.find((call) => call.path === 'auth.login')?.input).toEqual({
      email: 'ada.lovelace@example.com',
      password: 'analytical engine',
    });
    await waitFor(() => expect(calls.some((call) => call.path === 'otp.send')).toBe(true));
  });

  it("toasts 'Login Failed' with the server's reason", async () => {
    const { user } = renderApp({
      route: '/login',
      handlers: withLogin(() => {
        throw serverError(401, AUTH_TEXTS.loginFailed, 'UNAUTHORIZED');
      }),
    });

    await user.type(await screen.findByLabelText(/Email/), 'ada.lovelace@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText(AUTH_TEXTS.loginFailedTitle)).toBeTruthy();
    expect(screen.getByText(AUTH_TEXTS.loginFailed)).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(screen.getByRole('button', { name: 'Sign In' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows the throttling message the server gives', async () => {
    const message = 'Too many attempts. Please try again in 15 minutes.';
    const { user } = renderApp({
      route: '/login',
      handlers: withLogin(() => {
        throw serverError(429, message, 'TOO_MANY_REQUESTS');
      }),
    });

    await user.type(await screen.findByLabelText(/Email/), 'ada.lovelace@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('falls back to the spec text when the request never reached the server', async () => {
    const { user } = renderApp({
      route: '/login',
      handlers: withLogin(() => {
        throw networkError();
      }),
    });

    await user.type(await screen.findByLabelText(/Email/), 'ada.lovelace@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText(AUTH_TEXTS.loginFailed)).toBeTruthy();
  });

  it("toasts 'Error sending OTP' when the code cannot be sent, and the code screen says none was sent", async () => {
    const { user } = renderApp({
      route: '/login',
      handlers: withLogin(() => ({ success: true, requiresOtp: true, hasReadTerms: true }), {
        ...awaitingCodeAfterLogin,
        'otp.send': () => {
          throw networkError();
        },
      }),
    });

    await user.type(await screen.findByLabelText(/Email/), 'ada.lovelace@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText(AUTH_TEXTS.otpSendFailedTitle)).toBeTruthy();
    expect(screen.getByText(AUTH_TEXTS.otpSendFailedBody)).toBeTruthy();
    expect(await screen.findByText(OTP_SCREEN_TEXTS.subtitleSendFailed)).toBeTruthy();
    expect(screen.queryByText(OTP_SCREEN_TEXTS.subtitle)).toBeNull();
  });

  // The server's words and status for a resend within a minute (otp.service.ts, resendTooSoon).
  const resendTooSoon =
    'A code was sent less than a minute ago. Please wait a moment before asking for another.';

  it('explains the wait, without an error, when signing in again within a minute of the last code', async () => {
    const { user } = renderApp({
      route: '/login',
      handlers: withLogin(() => ({ success: true, requiresOtp: true, hasReadTerms: true }), {
        ...awaitingCodeAfterLogin,
        'otp.send': () => {
          throw serverError(429, resendTooSoon, 'TOO_MANY_REQUESTS');
        },
      }),
    });

    await user.type(await screen.findByLabelText(/Email/), 'ada.lovelace@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    // On the code screen: the notice, and Resend code counts down instead of being offered.
    expect(await screen.findByTestId('code-recently-sent')).toBeTruthy();
    expect(screen.getAllByText(OTP_SCREEN_TEXTS.recentlySentBody).length).toBeGreaterThan(0);
    expect(screen.getByText(/Resend code in \d+s/)).toBeTruthy();
    expect(screen.queryByText(AUTH_TEXTS.otpSendFailedTitle)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/verify-otp');
    // No 'OTP Required' toast promising a code that is not coming; the field asks for the new one.
    await waitFor(() => expect(screen.queryByText(AUTH_TEXTS.otpRequiredTitle)).toBeNull());
    expect(screen.getByText(OTP_SCREEN_TEXTS.fieldHintAfterWait)).toBeTruthy();
  });

  it('says the code already mailed still works when this browser signs in again within the minute', async () => {
    const { user } = renderApp({
      route: '/login',
      handlers: withLogin(() => ({ success: true, requiresOtp: true, hasReadTerms: true }), {
        ...awaitingCodeAfterLogin,
        'otp.send': () => ({ success: true, validMinutes: 10, alreadySent: true }),
      }),
    });

    await user.type(await screen.findByLabelText(/Email/), 'ada.lovelace@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText(OTP_SCREEN_TEXTS.stillValidBody)).toBeTruthy();
    expect(screen.getByText(/Resend code in \d+s/)).toBeTruthy();
    expect(screen.queryByText(AUTH_TEXTS.otpSendFailedTitle)).toBeNull();
    await waitFor(() => expect(screen.queryByText(AUTH_TEXTS.otpRequiredTitle)).toBeNull());
    expect(screen.getByText(OTP_SCREEN_TEXTS.fieldHint)).toBeTruthy();
  });

  it("keeps 'Error sending OTP' for the hourly limit, with the server's reason", async () => {
    const hourly = 'Too many codes were sent in the last hour. Please try again later.';
    const { user } = renderApp({
      route: '/login',
      handlers: withLogin(() => ({ success: true, requiresOtp: true, hasReadTerms: true }), {
        ...awaitingCodeAfterLogin,
        'otp.send': () => {
          throw serverError(429, hourly, 'TOO_MANY_REQUESTS');
        },
      }),
    });

    await user.type(await screen.findByLabelText(/Email/), 'ada.lovelace@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText(AUTH_TEXTS.otpSendFailedTitle)).toBeTruthy();
    expect(screen.getByText(hourly)).toBeTruthy();
    expect(screen.queryByTestId('code-recently-sent')).toBeNull();
  });

  it("toasts 'Something went wrong.' when the server skips the code step", async () => {
    const { user } = renderApp({
      route: '/login',
      handlers: withLogin(() => ({ success: true, requiresOtp: false, hasReadTerms: true })),
    });

    await user.type(await screen.findByLabelText(/Email/), 'ada.lovelace@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText(AUTH_TEXTS.somethingWrongTitle)).toBeTruthy();
    expect(screen.getByText(AUTH_TEXTS.somethingWrongBody)).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });
});
