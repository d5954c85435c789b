import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ROUTES, type RootLocationState } from '../../../app/routes';
import { useTRPC } from '../../../lib/trpc';
import { LoadingIndicator } from '../../../lib/ui/LoadingIndicator/LoadingIndicator';
import { useAuth } from '../AuthProvider/auth-context';
import { returningTo } from '../return-to';
import { GUARD_TEXTS } from './guard-texts';

export { GUARD_TEXTS };

const termsCheckFailed: RootLocationState = { termsCheckFailed: true };

/**
 * The protected-route guard, spec section 4:
 * 1. 'Checking authentication...' until the auth check is complete;
 * 2. then the terms check, 'Loading route...' while it is pending;
 * 3. terms unread and code verified: to /terms-and-conditions;
 * 4. otherwise the check passed: the content renders;
 * 5. a failed terms check: to / with no message;
 * 6. content only when the auth check is complete, the user is authenticated, and the check
 *    passed or this is the terms page.
 * Two cases the spec leaves open: a signed-out user goes to sign in (step 6 gives them
 * nothing to see), and a session still owing its code goes to /verify-otp rather than into a
 * shell whose every data call the server refuses. Each redirect to a sign-in step carries the
 * page asked for (`?next=`, return-to.ts): the sign-in ends there, not on the dashboard.
 *
 * The first check is the answer the sign-in state already carries (auth.status and the code
 * step both return the terms and code state), so opening a page costs no second round trip
 *; every later route change asks terms.check again.
 */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const { authCheckComplete, isAuthenticated } = useAuth();
  const location = useLocation();
  if (!authCheckComplete) return <LoadingIndicator label={GUARD_TEXTS.checkingAuth} fullScreen />;
  if (!isAuthenticated) return <Navigate to={returningTo(ROUTES.login, location)} replace />;
  // Mounted only once the sign-in state is known, so the terms query starts from that answer
  // rather than asking the server again when the page's code arrived before it.
  return <TermsGate>{children}</TermsGate>;
}

function TermsGate({ children }: { children?: ReactNode }) {
  const { otpVerified, termsAndConditionsRead } = useAuth();
  const location = useLocation();
  const { pathname } = location;
  const trpc = useTRPC();
  const termsCheck = useQuery({
    ...trpc.terms.check.queryOptions(),
    initialData: { hasReadTerms: termsAndConditionsRead, otpVerified },
    // The seed is the server's answer of a moment ago; route changes re-check (below).
    refetchOnMount: false,
  });
  const { refetch } = termsCheck;

  // The check runs again on every route change after the first, in the background.
  const checkedPath = useRef(pathname);
  useEffect(() => {
    if (checkedPath.current === pathname) return;
    checkedPath.current = pathname;
    if (termsCheck.data) void refetch();
  }, [pathname, termsCheck.data, refetch]);

  if (termsCheck.isPending) return <LoadingIndicator label={GUARD_TEXTS.loadingRoute} fullScreen />;
  // A failed background re-check keeps the last good answer; a first check that fails sends
  // the user to / (a lost session is handled by the auth state, see AuthProvider).
  if (!termsCheck.data) return <Navigate to={ROUTES.root} replace state={termsCheckFailed} />;

  const checked = termsCheck.data;
  const onTermsPage = pathname === ROUTES.terms;
  if (!checked.otpVerified) return <Navigate to={returningTo(ROUTES.verifyOtp, location)} replace />;
  if (!checked.hasReadTerms && !onTermsPage)
    return <Navigate to={returningTo(ROUTES.terms, location)} replace />;
  return children ?? <Outlet />;
}
