import { z } from 'zod';

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
} as const;

export const loginInputSchema = z.object({
  email: z
    .string({ error: AUTH_TEXTS.invalidEmail })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: AUTH_TEXTS.invalidEmail })),
  password: z
    .string({ error: AUTH_TEXTS.passwordRequired })
    .min(1, AUTH_TEXTS.passwordRequired)
    .max(1024, AUTH_TEXTS.passwordTooLong),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** A new one-time code at most once a minute: the server enforces it, the code screen counts it down. */
export const OTP_RESEND_GAP_SECONDS = 60;

// The form asks for at least 6 characters (spec); the server only ever issues 6 digits,
// so anything else simply fails the comparison.
export const otpInputSchema = z.object({
  oneTimeCode: z.string().trim().min(6, AUTH_TEXTS.otpTooShort).max(32),
});
export type OtpInput = z.infer<typeof otpInputSchema>;

export const PROFILE_TEXTS = {
  fullNameRequired: 'Full name is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Invalid phone number',
  updated: 'Profile updated',
  updateFailedTitle: 'Update failed',
  updateFailedBody: 'There was an error updating your profile.',
  emailManaged: 'Your e-mail address is managed on the main site and cannot be changed here.',
} as const;

// Same phone shape as contacts (spec section 5): 7 to 20 digits, spaces, hyphens, parentheses,
// optional leading plus.
export const PHONE_PATTERN = /^\+?[\d\s\-()]{7,20}$/;

const phoneNumberSchema = z
  .string()
  .trim()
  .min(1, PROFILE_TEXTS.phoneRequired)
  .regex(PHONE_PATTERN, PROFILE_TEXTS.phoneInvalid);

/**
 * The profile update, on every surface. The spec's PATCH /api/users/ sends fullName, email and
 * contactId, so the phone is optional here (kept when absent, checked when given); the e-mail
 * may be sent but not changed (the service refuses a different one). contactId is ignored.
 */
export const profileUpdateSchema = z.object({
  fullName: z.string().trim().min(1, PROFILE_TEXTS.fullNameRequired).max(200),
  phoneNumber: phoneNumberSchema.optional(),
  email: z.string().trim().max(320).optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** The Profile Information form: full name and phone are required (spec section 5). */
export const profileFormSchema = profileUpdateSchema.extend({ phoneNumber: phoneNumberSchema });

export const acceptTermsSchema = z.object({ accepted: z.literal(true) });
