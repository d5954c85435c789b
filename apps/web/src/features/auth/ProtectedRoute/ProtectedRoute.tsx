import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ROUTES, type RootLocationState } from '../../../app/routes';
import { useTRPC } from '../../../lib/trpc';
import { LoadingIndicator } from '../../shell/LoadingIndicator/LoadingIndicator';
import { useAuth } from '../AuthProvider/auth-context';

export const GUARD_TEXTS = {
  checkingAuth: 'Checking authentication...',
  loadingRoute: 'Loading route...',
} as const;

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
 * Two cases the spec leaves open: a signed-out user goes to / (step 6 gives them nothing
 * to see), and a session still owing its code goes to /verify-otp rather than into a shell
 * whose every data call the server refuses.
 */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const { authCheckComplete, isAuthenticated } = useAuth();
  const { pathname } = useLocation();
  const trpc = useTRPC();
  const termsCheck = useQuery({
    ...trpc.terms.check.queryOptions(),
    enabled: authCheckComplete && isAuthenticated,
  });
  const { refetch } = termsCheck;

  // The check runs again on every route change, in the background once it has an answer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route change only
  useEffect(() => {
    if (termsCheck.data) void refetch();
  }, [pathname]);

  if (!authCheckComplete) return <LoadingIndicator label={GUARD_TEXTS.checkingAuth} fullScreen />;
  if (!isAuthenticated) return <Navigate to={ROUTES.root} replace />;
  if (termsCheck.isPending) return <LoadingIndicator label={GUARD_TEXTS.loadingRoute} fullScreen />;
  // A failed background re-check keeps the last good answer; a first check that fails sends
  // the user to / (a lost session is handled by the auth state, see AuthProvider).
  if (!termsCheck.data) return <Navigate to={ROUTES.root} replace state={termsCheckFailed} />;

  const { hasReadTerms, otpVerified } = termsCheck.data;
  const onTermsPage = pathname === ROUTES.terms;
  if (!otpVerified) return <Navigate to={ROUTES.verifyOtp} replace />;
  if (!hasReadTerms && !onTermsPage) return <Navigate to={ROUTES.terms} replace />;
  return children ?? <Outlet />;
}
