// Texts of spec section 5 ('Sign-in'), used verbatim by the form and the server.
export const AUTH_TEXTS = {
  invalidEmail: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooLong: 'The password is too long',
  otpTooShort: 'OTP code must be at least 6 characters',
  loginFailed: 'Authentication failed. Please try again.',
  loginFailedTitle: 'Login Failed',
  otpRequiredTitle: 'OTP Required',
  otpRequiredBody: 'A One Time Password will been sent to your email shortly.',
  somethingWrongTitle: 'Something went wrong.',
  somethingWrongBody: 'Please try to Login again or Refresh the page.',
  otpSendFailedTitle: 'Error sending OTP',
  otpSendFailedBody: 'Please try again or contact support.',
  otpInvalid: 'Invalid OTP code',
  otpFailed: 'OTP verification failed. Please try again.',
  otpFailedTitle: 'Verification Failed',
  otpVerifiedTitle: 'OTP Verified',
  otpVerifiedBody: 'Welcome to your dashboard',
  mainSiteBanner: 'Sign in with the email and password of your Legacy Capsule account on our main site.',
  // Ours: the spec's words where it is silent.
  /** The code was verified and the user goes back to the page they asked for, not the dashboard. */
  otpVerifiedReturnBody: 'Taking you back to the page you asked for.',
  /** The sign-in screen after a signed-in session ended without a logout (idle or age limit). */
  sessionEnded: 'Your session has ended. Please sign in again.',
  /**
   * The server's refusal of a resend within the minute (a 429). The code screen tells it from
   * the hourly limit, also a 429, by this text: it starts the wait instead of an error toast.
   */
  otpResendTooSoon: 'A code was sent less than a minute ago. Please wait a moment before asking for another.',
} as const;
