import { z } from 'zod';

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
