import { LoadingIndicator } from '../../../lib/ui/LoadingIndicator/LoadingIndicator';
import { useAuth } from '../AuthProvider/auth-context';
import { GUARD_TEXTS } from './guard-texts';

/**
 * What a protected page shows while the signed-in app's code loads (it loads beside the auth
 * check, not after it): the guard's own wording for the step it is at.
 */
export function GuardFallback() {
  const { authCheckComplete } = useAuth();
  return (
    <LoadingIndicator
      label={authCheckComplete ? GUARD_TEXTS.loadingRoute : GUARD_TEXTS.checkingAuth}
      fullScreen
    />
  );
}
