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
  // Signing in again in the same browser keeps the code already mailed (the server rotates
  // the session in place and the code follows it; otp.service.ts answers alreadySent).
  stillValidBody:
    'The code we emailed you less than a minute ago is still valid: enter it below. You can ask for a new one when the timer ends.',
  // A sign-in from another browser within the minute: that code belongs to the other sign-in.
  recentlySentBody:
    'A code was sent less than a minute ago for another sign-in, and it works only there. Press Resend code below when its timer ends.',
  fieldHint: 'Enter the 6-digit code we sent to your email.',
  fieldHintAfterWait: 'Enter the 6-digit code from the new email.',
  subtitle: 'We sent a one-time password to the email address of your account.',
  subtitleAfterWait: 'Your one-time password goes to the email address of your account.',
  // The send failed ('Error sending OTP'): the screen must not say a code was sent.
  subtitleSendFailed: 'We could not send your one-time password. Press Resend code to try again.',
} as const;

/**
 * True when a send was refused only because the last code went out less than a minute ago
 * (AUTH_TEXTS.otpResendTooSoon, a 429). The hourly limit is a 429 too, but a real refusal: it
 * keeps the error toast.
 */
export function isResendTooSoon(error: unknown): boolean {
  return (
    httpStatusOf(error) === 429 && error instanceof Error && error.message === AUTH_TEXTS.otpResendTooSoon
  );
}
