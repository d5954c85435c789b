import { AUTH_TEXTS } from '@capsule/domain';
import { useRef } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ROUTES } from '../../app/routes';
import { toast } from '../../lib/toast';
import { LoadingIndicator } from '../shell/LoadingIndicator/LoadingIndicator';
import { AuthCard } from './AuthCard/AuthCard';
import { useAuth, type VerifyOtpResult } from './AuthProvider/auth-context';
import { OtpForm } from './OtpForm/OtpForm';
import { OTP_SCREEN_TEXTS } from './OtpForm/otp-errors';

/** /verify-otp: public, but only useful between the password and the code (spec section 2). */
export function VerifyOtpPage() {
  const { authCheckComplete, isAuthenticated, otpVerified, codeRecentlySent } = useAuth();
  const navigate = useNavigate();
  // Set once this screen verified the code, so the 'already verified' redirect below does
  // not race the navigation that follows a successful check.
  const justVerified = useRef(false);

  const onVerified = ({ hasReadTerms }: VerifyOtpResult) => {
    if (hasReadTerms) {
      toast({ title: AUTH_TEXTS.otpVerifiedTitle, description: AUTH_TEXTS.otpVerifiedBody });
      navigate(ROUTES.dashboard, { replace: true });
    } else {
      navigate(ROUTES.terms, { replace: true });
    }
  };

  if (!authCheckComplete) return <LoadingIndicator label="Checking authentication..." />;
  if (!isAuthenticated) return <Navigate to={ROUTES.root} replace />;
  if (otpVerified && !justVerified.current) return <Navigate to={ROUTES.root} replace />;

  return (
    <AuthCard
      title="Check your email"
      subtitle={codeRecentlySent ? OTP_SCREEN_TEXTS.subtitleAfterWait : OTP_SCREEN_TEXTS.subtitle}
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
