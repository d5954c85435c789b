import { normalizeReferralCode, REFERRAL_COOKIE } from '@capsule/domain';
import { createContext, useContext } from 'react';

// The referral link (/?ref=CODE) kept in a first-party cookie for 30 days and handed to the
// shop link. Set here, by the page, rather than by the server: every page of the portal is the
// same static index.html (Vite serves it in development), so the first script is the one place
// that sees every landing, signed in or not; and the page must read the code anyway to build the
// shop link, so the cookie cannot be HttpOnly. It holds a public code, nothing else.

type CookieJar = Pick<Document, 'cookie'>;

/**
 * Where a render reads the cookie from: the document in the browser; on the server, which has
 * none, the request's referral cookie (ssr/entry-server.tsx), so both draw the same shop link.
 */
export const CookieJarContext = createContext<CookieJar | null>(null);

/** The cookie jar of this render. */
export function useCookieJar(): CookieJar {
  return useContext(CookieJarContext) ?? document;
}

/**
 * Keeps the code of `?ref=CODE` in the cookie (the latest link followed wins). A malformed code
 * is ignored, and an earlier valid one stays. Answers the code kept, if any.
 */
export function captureReferral(
  search: string,
  jar: CookieJar = document,
  secure = isHttps(),
): string | null {
  const code = normalizeReferralCode(new URLSearchParams(search).get(REFERRAL_COOKIE.param));
  if (!code) return readReferralCode(jar);
  jar.cookie = [
    `${REFERRAL_COOKIE.name}=${code}`,
    `Max-Age=${REFERRAL_COOKIE.maxAgeSeconds}`,
    'Path=/',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
  return code;
}

/** The kept code, or null (none, expired, or not a code). */
export function readReferralCode(jar: CookieJar = document): string | null {
  for (const part of jar.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === REFERRAL_COOKIE.name) return normalizeReferralCode(value.join('='));
  }
  return null;
}

/**
 * The shop's address carrying the code, as the store reads it: `client_reference_id=ref_CODE`
 * is what a Stripe Payment Link hands on to its Checkout Session, and the portal's webhook reads
 * a referral from it by that `ref_` prefix (modules/commerce, stripe-objects.ts); `ref=CODE` is
 * for a shop page that opens its own Checkout Session and puts the code in its metadata as
 * `referral_code`. The shop URL's own parameters are kept.
 */
export function shopUrlWithReferral(shopUrl: string, code: string | null): string {
  if (!code) return shopUrl;
  try {
    const url = new URL(shopUrl);
    url.searchParams.set(REFERRAL_COOKIE.param, code);
    url.searchParams.set('client_reference_id', `ref_${code}`);
    return url.toString();
  } catch {
    return shopUrl;
  }
}

function isHttps(): boolean {
  return typeof location !== 'undefined' && location.protocol === 'https:';
}
