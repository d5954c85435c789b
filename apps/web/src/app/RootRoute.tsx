import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../features/auth/AuthProvider/auth-context';
import { LoginPage } from '../features/auth/login.page';
import { LoadingIndicator } from '../features/shell/LoadingIndicator/LoadingIndicator';
import { ROUTES, type RootLocationState } from './routes';

/**
 * '/': to /dashboard when signed in, else to /login (spec section 2). When the guard's terms
 * check failed it sends the user here, and '/' then serves as the sign-in page (the spec's
 * other reading), which also keeps a failing check from looping through /dashboard.
 */
export function RootRoute() {
  const { authCheckComplete, isAuthenticated, otpVerified } = useAuth();
  const state = useLocation().state as RootLocationState | null;

  if (!authCheckComplete) return <LoadingIndicator label="Checking authentication..." />;
  if (state?.termsCheckFailed) return <LoginPage redirectSignedIn={false} />;
  if (!isAuthenticated) return <Navigate to={ROUTES.login} replace />;
  return <Navigate to={otpVerified ? ROUTES.dashboard : ROUTES.verifyOtp} replace />;
}
