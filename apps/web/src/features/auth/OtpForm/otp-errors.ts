import { AUTH_TEXTS } from '@capsule/domain';
import { httpStatusOf, isRefusal, serverErrorMessage } from '../../../lib/server-error';

/**
 * Spec section 8: a refused code reads 'Invalid OTP code', a failed request 'OTP
 * verification failed. Please try again.'. When the server says more (the code expired, too
 * many tries, wait before retrying), its words are kept: they tell the user what to do.
 */
export function otpErrorMessage(error: unknown): string {
  if (!isRefusal(error)) return AUTH_TEXTS.otpFailed;
  return serverErrorMessage(error, AUTH_TEXTS.otpInvalid);
}

// Texts of the code screen that the spec does not word.
export const OTP_SCREEN_TEXTS = {
  recentlySentTitle: 'A code was sent a moment ago',
  // The server binds a code to the session that asked for it, and signing in again starts a
  // new session (apps/server/src/modules/otp/otp.service.ts, auth.service.ts): the code mailed
  // a moment ago no longer works here, so the text must not say it does.
  recentlySentBody:
    'Signing in again cancels that code, and a new one can be sent once a minute. Press Resend code below when its timer ends.',
  fieldHint: 'Enter the 6-digit code we sent to your email.',
  fieldHintAfterWait: 'Enter the 6-digit code from the new email.',
  subtitle: 'We sent a one-time password to the email address of your account.',
  subtitleAfterWait: 'Your one-time password goes to the email address of your account.',
} as const;

// The server's refusal of a resend within a minute (OTP_TEXTS.resendTooSoon in
// apps/server/src/modules/otp/otp.service.ts, answered as TOO_MANY_REQUESTS / 429). The hourly
// limit is a 429 too, but a real refusal: it keeps the error toast.
const RESEND_TOO_SOON = /less than a minute ago/i;

/** True when a send was refused only because the last code went out less than a minute ago. */
export function isResendTooSoon(error: unknown): boolean {
  return httpStatusOf(error) === 429 && error instanceof Error && RESEND_TOO_SOON.test(error.message);
}
