import { useLocation } from 'react-router';
import { ROUTES } from '../../app/routes';
import { safeReturnPath } from '../../lib/return-path';

/**
 * The page a visitor asked for before signing in travels in the address, as `?next=`, through
 * the sign-in steps: /login, /verify-otp, /terms-and-conditions, then that page. In the address
 * it survives a reload of any step, including the one 'Back to login' makes (which clears
 * session storage, spec section 2). docs/decisions/025-return-to-the-asked-page.md.
 */
export const NEXT_PARAM = 'next';

/** Pages a sign-in never returns to: the sign-in steps themselves. */
const NOT_A_DESTINATION: ReadonlySet<string> = new Set([
  ROUTES.root,
  ROUTES.login,
  ROUTES.auth,
  ROUTES.verifyOtp,
  ROUTES.terms,
]);

/**
 * `path` as a page to return to: a path of this site (lib/return-path), not a sign-in step,
 * and not the dashboard, where a sign-in lands anyway (the address stays short).
 */
export function destinationOf(path: string | null | undefined): string | null {
  const safe = safeReturnPath(path);
  if (!safe) return null;
  const pathname = safe.replace(/[?#].*$/, '');
  if (NOT_A_DESTINATION.has(pathname) || safe === ROUTES.dashboard) return null;
  return safe;
}

/** The page to return to that an address's query string names (its `next`), if any. */
export function returnPathIn(search: string): string | null {
  return destinationOf(new URLSearchParams(search).get(NEXT_PARAM));
}

/** `path` carrying the page to return to, if any. */
export function withReturnPath(path: string, next: string | null): string {
  return next ? `${path}?${new URLSearchParams({ [NEXT_PARAM]: next })}` : path;
}

/** `path`, returning afterwards to the page at `location` (when it is one to return to). */
export function returningTo(path: string, location: { pathname: string; search: string }): string {
  return withReturnPath(path, destinationOf(`${location.pathname}${location.search}`));
}

/** Where the sign-in ends: the page asked for, else the dashboard. */
export function afterSignIn(next: string | null): string {
  return next ?? ROUTES.dashboard;
}

/** The page to return to that the current address names. */
export function useReturnPath(): string | null {
  return returnPathIn(useLocation().search);
}
