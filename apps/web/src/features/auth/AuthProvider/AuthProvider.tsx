import { AUTH_TEXTS, type LoginInput } from '@capsule/domain';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES } from '../../../app/routes';
import { browser } from '../../../lib/browser';
import { httpStatusOf, serverErrorMessage } from '../../../lib/server-error';
import { answerOf } from '../../../lib/settled';
import { dismissToasts, toast } from '../../../lib/toast';
import { useTrpcClient } from '../../../lib/trpc-client';
import { isResendTooSoon } from '../OtpForm/otp-errors';
import { withReturnPath } from '../return-to';
import {
  AuthContext,
  type AuthContextValue,
  type AuthState,
  type AuthStatus,
  type AuthUser,
  INITIAL_AUTH_STATE,
  type ServerLinks,
  type VerifyOtpResult,
} from './auth-context';
import { signedInHere } from './signed-in-here';

const SIGNED_OUT: AuthState = { ...INITIAL_AUTH_STATE, authCheckComplete: true };

/**
 * The auth state an auth.status answer means. Fully signed in means verified; a
 * password-stage session (a reload on the code screen) is authenticated but still owes its code.
 */
function authStateOf(status: AuthStatus): AuthState {
  if (status.loggedIn) {
    return {
      ...SIGNED_OUT,
      isAuthenticated: true,
      otpVerified: true,
      termsAndConditionsRead: status.hasReadTerms,
      user: status.user,
    };
  }
  if (status.requiresOtp)
    return { ...SIGNED_OUT, isAuthenticated: true, termsAndConditionsRead: status.hasReadTerms };
  // Signed out, though this tab was signed in (a reload after the idle limit, say): the
  // session ended without a logout.
  return signedInHere.was() ? { ...SIGNED_OUT, sessionEnded: true } : SIGNED_OUT;
}

/**
 * The auth state of spec section 3 and its transitions (section 4, 'Auth'). It lives inside
 * the router because logging out navigates. Every transition starts a new session epoch: the
 * signed-in app's data cache belongs to one epoch (app/DataProviders), so data read under one
 * session is never shown under the next.
 */
interface AuthProviderProps {
  children: ReactNode;
  /**
   * The sign-in state already asked for before React started (main.tsx, with the opened
   * page's data in the same batch); without it the provider asks on mount.
   */
  initialStatus?: Promise<AuthStatus>;
}

export function AuthProvider({ children, initialStatus }: AuthProviderProps) {
  const client = useTrpcClient();
  const navigate = useNavigate();
  // Read once: a later answer to the same promise is the effect's to apply.
  const [initialAnswer] = useState(() => answerOf(initialStatus)?.value);
  const [state, setState] = useState<AuthState>(() =>
    initialAnswer ? authStateOf(initialAnswer) : INITIAL_AUTH_STATE,
  );
  const [sessionEpoch, setSessionEpoch] = useState(0);
  const newEpoch = useCallback(() => setSessionEpoch((epoch) => epoch + 1), []);
  // Kept apart from the auth state: a sign-in transition does not change the server's config.
  const [links, setLinks] = useState<ServerLinks | null>(initialAnswer?.links ?? null);
  const readLinks = useCallback((status: { links?: ServerLinks } | null) => {
    if (status?.links) setLinks(status.links);
  }, []);
  const patch = useCallback((next: Partial<AuthState>) => setState((prev) => ({ ...prev, ...next })), []);

  // On start: the login status (asked for by main.tsx before React started, in the same
  // batch as the opened page's data: app/boot.ts). When it has already answered, the first
  // render starts from it (no 'Checking authentication...' render in between); otherwise it
  // is awaited once mounted.
  useEffect(() => {
    if (initialAnswer) return;
    let cancelled = false;
    const status = initialStatus ?? client.auth.status.query();
    status
      .then((status) => {
        if (cancelled) return;
        readLinks(status);
        setState(authStateOf(status));
      })
      .catch(() => {
        if (!cancelled) setState(SIGNED_OUT);
      });
    return () => {
      cancelled = true;
    };
  }, [client, readLinks, initialStatus, initialAnswer]);

  // This tab's mark of a signed-in session (signed-in-here.ts): set while signed in, removed
  // once signed out, so only a session that ended unseen finds it on the next start.
  const signedInNow = state.isAuthenticated && state.otpVerified;
  useEffect(() => {
    if (signedInNow) signedInHere.mark();
    else if (state.authCheckComplete) signedInHere.forget();
  }, [signedInNow, state.authCheckComplete]);

  // A data call answered 401 (app/DataProviders): the session ended on the server (idle
  // timeout, logout elsewhere). Drop to signed out, saying so when the user was signed in;
  // the guard then sends the user to sign in, returning to this page afterwards.
  const sessionLost = useCallback(() => {
    setState((prev) => {
      if (!prev.isAuthenticated) return prev;
      return prev.otpVerified ? { ...SIGNED_OUT, sessionEnded: true } : SIGNED_OUT;
    });
    newEpoch();
  }, [newEpoch]);

  const sendOtp = useCallback(async () => {
    try {
      const sent = await client.otp.send.mutate();
      // alreadySent: this browser signed in again within the minute and its code still works;
      // no mail is on its way, so the notice on the code screen replaces the 'OTP Required' toast.
      if (sent.alreadySent) dismissToasts();
      patch({
        emailSent: true,
        codeRecentlySent: false,
        codeStillValid: sent.alreadySent,
        codeSendFailed: false,
      });
      return true;
    } catch (error) {
      // Signing in again within a minute of the last code: not a failure, a wait. The code
      // screen says so where it stays in view and counts down to Resend code; no 'Error
      // sending OTP', and no 'OTP Required' toast promising a code that is not coming.
      if (isResendTooSoon(error)) {
        dismissToasts();
        patch({ codeRecentlySent: true, codeStillValid: false });
        return false;
      }
      // A resend limit (429) says when to try again: more useful than the generic text.
      const description =
        httpStatusOf(error) === 429
          ? serverErrorMessage(error, AUTH_TEXTS.otpSendFailedBody)
          : AUTH_TEXTS.otpSendFailedBody;
      toast({ title: AUTH_TEXTS.otpSendFailedTitle, description, variant: 'destructive' });
      patch({ codeSendFailed: true });
      return false;
    }
  }, [client, patch]);

  const login = useCallback(
    async (input: LoginInput) => {
      patch({ isLoading: true, error: null });
      try {
        const result = await client.auth.login.mutate(input);
        newEpoch();
        if (result.success && result.requiresOtp) {
          setState({
            ...SIGNED_OUT,
            isAuthenticated: true,
            termsAndConditionsRead: result.hasReadTerms,
            isLoading: false,
          });
          toast({ title: AUTH_TEXTS.otpRequiredTitle, description: AUTH_TEXTS.otpRequiredBody });
          await sendOtp();
          return;
        }
        // Success without a code step is not something this server does: say so, and take
        // the server's own word for where the session stands.
        toast({ title: AUTH_TEXTS.somethingWrongTitle, description: AUTH_TEXTS.somethingWrongBody });
        const status = await client.auth.status.query().catch(() => null);
        readLinks(status);
        setState(
          status?.loggedIn
            ? {
                ...SIGNED_OUT,
                isAuthenticated: true,
                otpVerified: true,
                termsAndConditionsRead: status.hasReadTerms,
                user: status.user,
              }
            : SIGNED_OUT,
        );
      } catch (error) {
        patch({ isLoading: false, error: serverErrorMessage(error, AUTH_TEXTS.loginFailed) });
      }
    },
    [client, patch, newEpoch, sendOtp, readLinks],
  );

  const verifyOtp = useCallback(
    async (oneTimeCode: string): Promise<VerifyOtpResult> => {
      patch({ isLoading: true });
      try {
        const result = await client.otp.verify.mutate({ oneTimeCode });
        newEpoch();
        // The code answer carries no user: the status call does.
        const status = await client.auth.status.query().catch(() => null);
        readLinks(status);
        setState((prev) => ({
          ...prev,
          isAuthenticated: true,
          otpVerified: true,
          authCheckComplete: true,
          termsAndConditionsRead: result.hasReadTerms,
          isLoading: false,
          user: status?.user ?? prev.user,
        }));
        return { hasReadTerms: result.hasReadTerms };
      } catch (error) {
        patch({ isLoading: false });
        throw error;
      }
    },
    [client, patch, newEpoch, readLinks],
  );

  const endSession = useCallback(async () => {
    // A failed logout is ignored (spec section 8): the local state is cleared regardless.
    await client.auth.logout.mutate().catch(() => undefined);
    setState(SIGNED_OUT);
    newEpoch();
  }, [client, newEpoch]);

  const logout = useCallback(async () => {
    await endSession();
    navigate(ROUTES.login, { replace: true });
  }, [endSession, navigate]);

  const backToLogin = useCallback(
    async (next: string | null = null) => {
      browser.clearSessionStorage();
      await endSession();
      navigate(withReturnPath(ROUTES.login, next), { replace: true });
      browser.reload();
    },
    [endSession, navigate],
  );

  const markTermsRead = useCallback(() => patch({ termsAndConditionsRead: true }), [patch]);
  const setUser = useCallback((user: AuthUser) => patch({ user }), [patch]);
  const clearError = useCallback(() => patch({ error: null }), [patch]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      links,
      sessionEpoch,
      sessionLost,
      login,
      sendOtp,
      verifyOtp,
      logout,
      backToLogin,
      markTermsRead,
      setUser,
      clearError,
    }),
    [
      state,
      links,
      sessionEpoch,
      sessionLost,
      login,
      sendOtp,
      verifyOtp,
      logout,
      backToLogin,
      markTermsRead,
      setUser,
      clearError,
    ],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
