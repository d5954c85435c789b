// The sign-in and code schemas are written with zod/mini: they are the only schemas the sign-in
// screens need, and mini tree-shakes to a few KB where classic zod ships whole (~24 KB gzip),
// which keeps the first visit within its budget. Server and client parse with them
// exactly as with classic schemas; the server's error mapping reads zod's core error class.
import * as z from 'zod/mini';
import { AUTH_TEXTS } from './auth-texts.js';

export const loginInputSchema = z.object({
  email: z.pipe(
    z.string({ error: AUTH_TEXTS.invalidEmail }).check(z.trim(), z.toLowerCase()),
    z.email({ error: AUTH_TEXTS.invalidEmail }),
  ),
  password: z
    .string({ error: AUTH_TEXTS.passwordRequired })
    .check(z.minLength(1, AUTH_TEXTS.passwordRequired), z.maxLength(1024, AUTH_TEXTS.passwordTooLong)),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** A new one-time code at most once a minute: the server enforces it, the code screen counts it down. */
export const OTP_RESEND_GAP_SECONDS = 60;

// The form asks for at least 6 characters (spec); the server only ever issues 6 digits,
// so anything else simply fails the comparison.
export const otpInputSchema = z.object({
  oneTimeCode: z.string().check(z.trim(), z.minLength(6, AUTH_TEXTS.otpTooShort), z.maxLength(32)),
});
export type OtpInput = z.infer<typeof otpInputSchema>;
