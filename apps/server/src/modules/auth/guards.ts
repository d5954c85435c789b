import { AppError } from '../../errors.js';
import type { RequestSession } from './session.types.js';

const GUARD_TEXTS = {
  signedOut: 'Please sign in.',
  codePending: 'Please enter the one-time code we sent you.',
  termsPending: 'Please accept the terms and conditions first.',
  notOperator: "This page is for the service's operators.",
} as const;

/** Any session, including one that still waits for its code. */
export function requireSession(session: RequestSession | null): RequestSession {
  if (!session) throw new AppError('UNAUTHENTICATED', GUARD_TEXTS.signedOut);
  return session;
}

/** Password and code both checked; the terms may still be pending (the terms calls use this). */
export function requireVerified(session: RequestSession | null): RequestSession {
  const s = requireSession(session);
  if (s.stage !== 'verified') throw new AppError('UNAUTHENTICATED', GUARD_TEXTS.codePending);
  return s;
}

/**
 * Fully signed in: verified and the current terms accepted. Every data call goes through here;
 * the terms state came with the session, so this asks the database nothing.
 */
export function requireMember(session: RequestSession | null): RequestSession {
  const s = requireVerified(session);
  if (!s.termsAccepted) throw new AppError('FORBIDDEN', GUARD_TEXTS.termsPending);
  return s;
}

/**
 * An operator: signed in as a member and holding the role. Everyone else signed in gets the same
 * 403 and text, whatever they asked for, so a member learns nothing of which ids exist.
 */
export function requireOperator(session: RequestSession | null): RequestSession {
  const s = requireMember(session);
  if (!s.roles.includes('operator')) throw new AppError('FORBIDDEN', GUARD_TEXTS.notOperator);
  return s;
}

/** requireMember's rule for a caller that falls back rather than refuses: the session, or null. */
export function memberOrNull(session: RequestSession | null): RequestSession | null {
  try {
    return requireMember(session);
  } catch {
    return null;
  }
}
