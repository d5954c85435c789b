import { TERMS_VERSION } from '@capsule/domain';
import type { Db } from '../../db/database.js';
import type { AppDeps, RequestMeta } from '../../deps.js';
import { AppError } from '../../errors.js';
import type { RequestSession } from '../auth/session.types.js';

/** Acceptance counts only for the current version of the text (behaviour.md, 'Terms'). */
export async function hasAcceptedTerms(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('termsAcceptances')
    .select('userId')
    .where('userId', '=', userId)
    .where('termsVersion', '=', TERMS_VERSION)
    .executeTakeFirst();
  return row !== undefined;
}

export async function checkTerms(deps: AppDeps, session: RequestSession) {
  return {
    hasReadTerms: await hasAcceptedTerms(deps.db, session.user.id),
    otpVerified: session.stage === 'verified',
  };
}

export async function acceptTerms(deps: AppDeps, session: RequestSession, meta: RequestMeta) {
  if (session.stage !== 'verified') {
    throw new AppError('FORBIDDEN', 'Please verify your one-time code first.');
  }
  await deps.db
    .insertInto('termsAcceptances')
    .values({
      userId: session.user.id,
      termsVersion: TERMS_VERSION,
      acceptedAt: deps.clock.now(),
      ip: meta.ip,
    })
    .onConflict((oc) => oc.columns(['userId', 'termsVersion']).doNothing())
    .execute();
  return { success: true as const, hasReadTerms: true as const, termsVersion: TERMS_VERSION };
}
