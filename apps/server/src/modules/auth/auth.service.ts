import { AUTH_TEXTS, type LoginInput, PROFILE_TEXTS, type ProfileUpdate } from '@capsule/domain';
import type { AppDeps, RequestMeta } from '../../deps.js';
import { AppError } from '../../errors.js';
import { hasAcceptedTerms } from '../terms/index.js';
import { updateUserProfile, verifyCredentials } from '../users/index.js';
import type { LoginResult, LoginStatus } from './auth.output.js';
import { endSession, type IssuedSession, startSession } from './session.service.js';
import type { RequestSession } from './session.types.js';
import { assertNotThrottled, recordFailures } from './throttle.service.js';

/**
 * Password step. A wrong e-mail and a wrong password give the same answer in about the same
 * time. Success opens a `password`-stage session: only the code calls are reachable with it.
 */
export async function login(
  deps: AppDeps,
  input: LoginInput,
  meta: RequestMeta,
  previous: RequestSession | null,
): Promise<{ result: LoginResult; session: IssuedSession }> {
  const email = input.email.toLowerCase();
  await assertNotThrottled(deps.db, deps.clock, [
    ['login_ip', meta.ip],
    ['login_account', email],
  ]);
  // verifyCredentials answers null for an unknown e-mail and a wrong password alike.
  const user = await verifyCredentials(deps.db, email, input.password);
  if (!user) {
    await recordFailures(deps.db, deps.clock, [
      ['login_ip', meta.ip],
      ['login_account', email],
    ]);
    throw new AppError('UNAUTHENTICATED', AUTH_TEXTS.loginFailed);
  }
  const session = await startSession(deps, user.id, 'password', meta, previous?.id ?? null);
  const hasReadTerms = await hasAcceptedTerms(deps.db, user.id);
  return { result: { success: true, requiresOtp: true, hasReadTerms }, session };
}

/** loggedIn means fully signed in (code verified); a password-stage session still requires the code. */
export function loginStatus(session: RequestSession | null): LoginStatus {
  if (!session) return { loggedIn: false, requiresOtp: false, hasReadTerms: false, user: null };
  const hasReadTerms = session.termsAccepted;
  if (session.stage === 'password') {
    return { loggedIn: false, requiresOtp: true, hasReadTerms, user: null };
  }
  return { loggedIn: true, requiresOtp: false, hasReadTerms, user: session.user };
}

export async function logout(deps: AppDeps, session: RequestSession | null): Promise<{ success: true }> {
  if (session) await endSession(deps, session.id);
  return { success: true };
}

/** The e-mail is the main site's sign-in: it may be sent back unchanged, never changed here. */
export async function updateProfile(deps: AppDeps, session: RequestSession, input: ProfileUpdate) {
  if (input.email !== undefined && input.email.toLowerCase() !== session.user.email.toLowerCase()) {
    throw new AppError('BAD_INPUT', PROFILE_TEXTS.emailManaged, { email: PROFILE_TEXTS.emailManaged });
  }
  const { fullName, phoneNumber } = input;
  return updateUserProfile(deps.db, session.user.id, { fullName, phoneNumber }, deps.clock.now(), deps.jobs);
}
