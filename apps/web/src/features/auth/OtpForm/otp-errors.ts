import { AUTH_TEXTS } from '@capsule/domain';
import { isRefusal } from '../../../lib/errors';

/**
 * Spec section 8: a refused code reads 'Invalid OTP code', a failed request 'OTP
 * verification failed. Please try again.'. When the server says more (the code expired, too
 * many tries, wait before retrying), its words are kept: they tell the user what to do.
 */
export function otpErrorMessage(error: unknown): string {
  if (!isRefusal(error)) return AUTH_TEXTS.otpFailed;
  const message = error instanceof Error ? error.message.trim() : '';
  return message || AUTH_TEXTS.otpInvalid;
}
