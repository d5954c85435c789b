import { AUTH_TEXTS } from '@capsule/domain';
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { ROUTES } from '../../app/routes';
import { EXTERNAL_LINKS, newTab, PRODUCT_NAME } from '../../lib/external-links';
import { toast } from '../../lib/toast';
import { LoadingIndicator } from '../../lib/ui/LoadingIndicator/LoadingIndicator';
import { AuthCard } from './AuthCard/AuthCard';
import { useAuth } from './AuthProvider/auth-context';
import { LoginForm } from './LoginForm/LoginForm';
import { afterSignIn, useReturnPath, withReturnPath } from './return-to';

interface LoginPageProps {
  /**
   * Send an already signed-in user on to the dashboard. Off when '/' shows this screen
   * after the guard's terms check failed: going back to the dashboard would loop.
   */
  redirectSignedIn?: boolean;
}

/** /login and /auth (spec section 2, 'Sign-in screen'). */
export function LoginPage({ redirectSignedIn = true }: LoginPageProps) {
  const { authCheckComplete, isAuthenticated, otpVerified, error, clearError, sessionEnded } = useAuth();
  // The page asked for before the sign-in (return-to.ts): each step passes it on.
  const next = useReturnPath();

  // A sign-in error is shown once as a toast, then cleared (spec section 8).
  useEffect(() => {
    if (!error) return;
    toast({ title: AUTH_TEXTS.loginFailedTitle, description: error, variant: 'destructive' });
    clearError();
  }, [error, clearError]);

  if (!authCheckComplete) return <LoadingIndicator label="Checking authentication..." />;
  if (isAuthenticated && !otpVerified)
    return <Navigate to={withReturnPath(ROUTES.verifyOtp, next)} replace />;
  if (isAuthenticated && otpVerified && redirectSignedIn) return <Navigate to={afterSignIn(next)} replace />;

  return (
    <AuthCard
      title="Sign in"
      subtitle={`Welcome back to ${PRODUCT_NAME}.`}
      footer={
        <Group justify="center" gap="lg">
          <Anchor href={EXTERNAL_LINKS.privacy} size="sm" c="dimmed" {...newTab}>
            Privacy
          </Anchor>
          <Text size="sm" c="dimmed" aria-hidden>
            ·
          </Text>
          <Anchor href={EXTERNAL_LINKS.terms} size="sm" c="dimmed" {...newTab}>
            Terms
          </Anchor>
        </Group>
      }
    >
      {sessionEnded && (
        <Alert
          variant="light"
          color="orange"
          role="status"
          icon={<IconClockHour4 size={18} />}
          data-testid="session-ended"
        >
          {AUTH_TEXTS.sessionEnded}
        </Alert>
      )}
      <LoginForm />
    </AuthCard>
  );
}
