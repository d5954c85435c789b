// An affiliate's code: made by the server from upper-case letters and digits (4 to 20), read
// case-insensitively wherever it arrives (the ?ref= link, the cookie, the store's checkout).
// The same characters fit Stripe's client_reference_id (letters, digits, '-' and '_').
// No zod here: the web client reads the link on its first page, whose script stays small.

const REFERRAL_CODE_PATTERN = /^[A-Z0-9]{4,20}$/;

/** The code in its stored form, or null when the text cannot be one. */
export function normalizeReferralCode(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const code = text.trim().toUpperCase();
  return REFERRAL_CODE_PATTERN.test(code) ? code : null;
}

/**
 * The referral link's cookie: first-party, 30 days, SameSite=Lax, readable by the page (the
 * client builds the shop link from it), so not HttpOnly. It carries nothing but a public code.
 */
export const REFERRAL_COOKIE = {
  name: 'capsule_ref',
  maxAgeSeconds: 30 * 24 * 60 * 60,
  /** The query parameter of the referral link: /?ref=CODE. */
  param: 'ref',
} as const;
