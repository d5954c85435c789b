import type { LoginInput } from '@capsule/domain';
import type { RouterOutputs } from '@capsule/server/app-router';
import { createContext, useContext } from 'react';
import { readReferralCode, shopUrlWithReferral, useCookieJar } from '../../affiliates';

export type AuthStatus = RouterOutputs['auth']['status'];
export type AuthUser = NonNullable<AuthStatus['user']>;

/**
 * Addresses the server configures and serves with the sign-in state (auth.status: SHOP_URL),
 * so the client hard-codes none of them; null until the first status answer.
 */
export type ServerLinks = RouterOutputs['auth']['status']['links'];

/** Spec section 3, 'Auth state'. */
export interface AuthState {
  isAuthenticated: boolean;
  otpVerified: boolean;
  termsAndConditionsRead: boolean;
  authCheckComplete: boolean;
  emailSent: boolean;
  /**
   * The last send was refused because a code went out less than a minute ago (signing in
   * again soon after): the code screen explains the wait instead of an error.
   */
  codeRecentlySent: boolean;
  /** The code mailed less than a minute ago to this browser's sign-in still works. */
  codeStillValid: boolean;
  /** The last send failed ('Error sending OTP'): no code is on its way. */
  codeSendFailed: boolean;
  /** A sign-in call (password or code) is in flight. */
  isLoading: boolean;
  /** The last sign-in error, shown once by the sign-in screen and then cleared. */
  error: string | null;
  user: AuthUser | null;
  /**
   * A signed-in session of this tab ended without a logout (idle or age limit, a 401 on a
   * call): the sign-in screen says so. Never set for a visitor who was not signed in here.
   */
  sessionEnded: boolean;
}

export interface VerifyOtpResult {
  hasReadTerms: boolean;
}

export interface AuthContextValue extends AuthState {
  links: ServerLinks | null;
  /** Changes on every sign-in transition: the signed-in data cache lives for one epoch. */
  sessionEpoch: number;
  /** A data call found the session gone (401): back to signed out. */
  sessionLost: () => void;
  /** Password step (spec section 4, 'Sign-in flow'); failures land in `error`. */
  login: (input: LoginInput) => Promise<void>;
  /** Asks the server to mail a code; toasts 'Error sending OTP' and answers false on failure. */
  sendOtp: () => Promise<boolean>;
  /** Code step; throws the call's error so the screen can word it. */
  verifyOtp: (oneTimeCode: string) => Promise<VerifyOtpResult>;
  /** Ends the session (a failure is ignored) and goes to /login. */
  logout: () => Promise<void>;
  /**
   * 'Back to login' on the code screen: also clears session storage and reloads the page. The
   * page to return to after the sign-in (`next`) stays in the address.
   */
  backToLogin: (next?: string | null) => Promise<void>;
  markTermsRead: () => void;
  setUser: (user: AuthUser) => void;
  clearError: () => void;
}

export const INITIAL_AUTH_STATE: AuthState = {
  isAuthenticated: false,
  otpVerified: false,
  termsAndConditionsRead: false,
  authCheckComplete: false,
  emailSent: false,
  codeRecentlySent: false,
  codeStillValid: false,
  codeSendFailed: false,
  isLoading: false,
  error: null,
  user: null,
  sessionEnded: false,
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/**
 * The store's page from the server's config (SHOP_URL), or null before the server has said
 * (or when it could not be reached): a shop link is then left out rather than guessed. It
 * carries the referral code an affiliate's link left in the cookie, if any (features/affiliates).
 */
export function useShopUrl(): string | null {
  const shop = useAuth().links?.shop ?? null;
  const jar = useCookieJar();
  return shop && shopUrlWithReferral(shop, readReferralCode(jar));
}
