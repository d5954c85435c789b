import { AUTH_TEXTS } from '@capsule/domain';
import { useRef } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ROUTES } from '../../app/routes';
import { toast } from '../../lib/toast';
import { LoadingIndicator } from '../../lib/ui/LoadingIndicator/LoadingIndicator';
import { AuthCard } from './AuthCard/AuthCard';
import { useAuth, type VerifyOtpResult } from './AuthProvider/auth-context';
import { OtpForm } from './OtpForm/OtpForm';
import { OTP_SCREEN_TEXTS } from './OtpForm/otp-errors';
import { afterSignIn, useReturnPath, withReturnPath } from './return-to';

/** /verify-otp: public, but only useful between the password and the code (spec section 2). */
export function VerifyOtpPage() {
  const { authCheckComplete, isAuthenticated, otpVerified, codeRecentlySent, codeSendFailed } = useAuth();
  const navigate = useNavigate();
  // The page asked for before the sign-in (return-to.ts): the terms pass it on if they come first.
  const next = useReturnPath();
  // Set once this screen verified the code, so the 'already verified' redirect below does
  // not race the navigation that follows a successful check.
  const justVerified = useRef(false);

  const onVerified = ({ hasReadTerms }: VerifyOtpResult) => {
    if (hasReadTerms) {
      // 'Welcome to your dashboard' only when the dashboard is where the user goes.
      toast({
        title: AUTH_TEXTS.otpVerifiedTitle,
        description: next ? AUTH_TEXTS.otpVerifiedReturnBody : AUTH_TEXTS.otpVerifiedBody,
      });
      navigate(afterSignIn(next), { replace: true });
    } else {
      navigate(withReturnPath(ROUTES.terms, next), { replace: true });
    }
  };

  if (!authCheckComplete) return <LoadingIndicator label="Checking authentication..." />;
  // To '/' as the spec says, which passes the page to return to on (RootRoute).
  if (!isAuthenticated) return <Navigate to={withReturnPath(ROUTES.root, next)} replace />;
  if (otpVerified && !justVerified.current)
    return <Navigate to={withReturnPath(ROUTES.root, next)} replace />;

  return (
    <AuthCard
      title="Check your email"
      subtitle={
        codeSendFailed
          ? OTP_SCREEN_TEXTS.subtitleSendFailed
          : codeRecentlySent
            ? OTP_SCREEN_TEXTS.subtitleAfterWait
            : OTP_SCREEN_TEXTS.subtitle
      }
    >
      <OtpForm
        onVerifying={() => {
          justVerified.current = true;
        }}
        onVerified={onVerified}
      />
    </AuthCard>
  );
}
