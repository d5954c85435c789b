import type { AuthUser } from '../features/auth/AuthProvider/auth-context';
import type { Handlers } from './trpc-mock';

export const ADA: AuthUser = {
  id: '7f1d2b64-1c1e-4c55-9d59-0a4f1b3c2d10',
  username: 'ada',
  email: 'ada.lovelace@example.com',
  fullName: 'Ada King Lovelace',
  phoneNumber: '+1 613 555 0100',
};

/**
 * The links auth.status serves from the server's config (SHOP_URL). Not the production
 * address, so a test that finds it proves the client took it from the server.
 */
export const SERVER_LINKS = { shop: 'https://shop.example.test/capsules' } as const;

export const signedOut: Handlers = {
  'auth.status': () => ({
    loggedIn: false,
    requiresOtp: false,
    hasReadTerms: false,
    user: null,
    links: SERVER_LINKS,
  }),
};

/** Password accepted, code still owed. */
export const awaitingCode: Handlers = {
  'auth.status': () => ({
    loggedIn: false,
    requiresOtp: true,
    hasReadTerms: true,
    user: null,
    links: SERVER_LINKS,
  }),
  'terms.check': () => ({ hasReadTerms: true, otpVerified: false }),
};

export function signedIn(user: AuthUser = ADA, hasReadTerms = true): Handlers {
  return {
    'auth.status': () => ({ loggedIn: true, requiresOtp: false, hasReadTerms, user, links: SERVER_LINKS }),
    'terms.check': () => ({ hasReadTerms, otpVerified: true }),
    'auth.logout': () => ({ success: true }),
  };
}
