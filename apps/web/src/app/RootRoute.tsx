import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../features/auth/AuthProvider/auth-context';
import { LoginPage } from '../features/auth/login.page';
import { afterSignIn, returnPathIn, withReturnPath } from '../features/auth/return-to';
import { LoadingIndicator } from '../lib/ui/LoadingIndicator/LoadingIndicator';
import { ROUTES, type RootLocationState } from './routes';

/**
 * '/': to /dashboard when signed in, else to /login (spec section 2). When the guard's terms
 * check failed it sends the user here, and '/' then serves as the sign-in page (the spec's
 * other reading), which also keeps a failing check from looping through /dashboard. A page to
 * return to after the sign-in (`?next=`, features/auth/return-to.ts) is passed on.
 */
export function RootRoute() {
  const { authCheckComplete, isAuthenticated, otpVerified } = useAuth();
  const location = useLocation();
  const state = location.state as RootLocationState | null;
  const next = returnPathIn(location.search);

  if (!authCheckComplete) return <LoadingIndicator label="Checking authentication..." />;
  if (state?.termsCheckFailed) return <LoginPage redirectSignedIn={false} />;
  if (!isAuthenticated) return <Navigate to={withReturnPath(ROUTES.login, next)} replace />;
  return <Navigate to={otpVerified ? afterSignIn(next) : withReturnPath(ROUTES.verifyOtp, next)} replace />;
}
