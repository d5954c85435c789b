import { TERMS_VERSION } from '@capsule/domain';
import type { Db } from '../../db/database.js';
import type { AppDeps, RequestMeta } from '../../deps.js';
import { AppError } from '../../errors.js';
import { hasAcceptance, insertAcceptance } from './terms.repository.js';

// Terms take the user's id and whether the one-time code was verified, not auth's session
// type: auth's guards and sign-in ask terms, so terms must not depend on auth (that was the
// one cycle among the modules; docs/decisions/008-modules-own-their-tables.md).

/** Acceptance counts only for the current version of the text (docs/server-rules.md, 'Terms'). */
export const acceptsCurrentTerms = (acceptedVersions: readonly string[]) =>
  acceptedVersions.includes(TERMS_VERSION);

/** The same rule, asked of the database (sign-in, before any session holds the answer). */
export function hasAcceptedTerms(db: Db, userId: string): Promise<boolean> {
  return hasAcceptance(db, userId, TERMS_VERSION);
}

export async function checkTerms(deps: AppDeps, userId: string, otpVerified: boolean) {
  return {
    hasReadTerms: await hasAcceptedTerms(deps.db, userId),
    otpVerified,
  };
}

export async function acceptTerms(deps: AppDeps, userId: string, otpVerified: boolean, meta: RequestMeta) {
  if (!otpVerified) {
    throw new AppError('FORBIDDEN', 'Please verify your one-time code first.');
  }
  await insertAcceptance(deps.db, {
    userId,
    termsVersion: TERMS_VERSION,
    acceptedAt: deps.clock.now(),
    ip: meta.ip,
  });
  return { success: true as const, hasReadTerms: true as const, termsVersion: TERMS_VERSION };
}
