import { AUTH_TEXTS, OTP_RESEND_GAP_SECONDS, type OtpInput } from '@capsule/domain';
import type { AppDeps, RequestMeta } from '../../deps.js';
import { AppError } from '../../errors.js';
import { addMinutes } from '../../lib/clock.js';
import { hashOneTimeCode, newOneTimeCode, oneTimeCodeMatches } from '../../lib/tokens.js';
import { oneTimeCodeMail } from '../../mail/sign-in-code.js';
import {
  assertNotThrottled,
  type IssuedSession,
  type RequestSession,
  recordFailures,
  startSession,
} from '../auth/index.js';
import { hasAcceptedTerms } from '../terms/index.js';
import {
  adoptOrphanedCode,
  countCodesSince,
  deleteCode,
  findLiveCode,
  invalidateCode,
  markUsed,
  replaceCode,
  takeAttempt,
} from './otp.repository.js';

// Code rules from docs/server-rules.md ('One-time code'): ASVS 6.5.5 and 2.8.
const OTP_RULES = {
  validMinutes: 10,
  maxAttempts: 5,
  resendGapSeconds: OTP_RESEND_GAP_SECONDS,
  maxPerHour: 5,
} as const;

export const OTP_TEXTS = {
  resendTooSoon: AUTH_TEXTS.otpResendTooSoon,
  tooManyPerHour: 'Too many codes were sent in the last hour. Please try again later.',
  noLiveCode: 'This code has expired or was used up. Please request a new code.',
  tooManyWrong: 'Too many wrong codes. Please request a new code.',
  sendFailed: 'We could not send the code. Please try again.',
  alreadyVerified: 'This session is already verified.',
  passwordFirst: 'Please sign in with your password first.',
} as const;

function requirePasswordStage(session: RequestSession | null): RequestSession {
  if (!session) throw new AppError('UNAUTHENTICATED', OTP_TEXTS.passwordFirst);
  if (session.stage !== 'password') throw new AppError('CONFLICT', OTP_TEXTS.alreadyVerified);
  return session;
}

/** Makes a code bound to this session, stores only its HMAC, and mails it. */
export async function sendCode(deps: AppDeps, sessionOrNull: RequestSession | null) {
  const session = requirePasswordStage(sessionOrNull);
  const now = deps.clock.now();
  const lastHour = await countCodesSince(deps.db, session.user.id, addMinutes(now, -60));
  const latest = lastHour.latest ? new Date(lastHour.latest) : null;
  if (latest && now.getTime() - latest.getTime() < OTP_RULES.resendGapSeconds * 1000) {
    // Signing in again within the minute keeps the code already mailed: the session was
    // rotated in place and its code followed it, or the user signed out and back in and the
    // code, left without a session, is taken up by this one. No new mail, and the page
    // truthfully says the code already sent still works.
    const since = addMinutes(now, -OTP_RULES.resendGapSeconds / 60);
    const kept =
      (await findLiveCode(deps.db, session.id, now)) !== undefined ||
      (await adoptOrphanedCode(deps.db, session.user.id, session.id, since, now));
    if (kept)
      return { success: true as const, validMinutes: OTP_RULES.validMinutes, alreadySent: true as const };
    throw new AppError('TOO_MANY', OTP_TEXTS.resendTooSoon);
  }
  if (Number(lastHour.n) >= OTP_RULES.maxPerHour) throw new AppError('TOO_MANY', OTP_TEXTS.tooManyPerHour);

  const code = newOneTimeCode();
  const row = await replaceCode(deps.db, {
    userId: session.user.id,
    sessionId: session.id,
    codeHash: hashOneTimeCode(deps.keys, code),
    createdAt: now,
    expiresAt: addMinutes(now, OTP_RULES.validMinutes),
  });
  try {
    await deps.mailer.send({
      to: session.user.email,
      ...(await oneTimeCodeMail(session.user.fullName, code, OTP_RULES.validMinutes)),
    });
  } catch (error) {
    // A code nobody received must not count against the user's limits or stay guessable.
    await deleteCode(deps.db, row.id);
    throw new AppError('UNAVAILABLE', OTP_TEXTS.sendFailed, { cause: String(error) });
  }
  return { success: true as const, validMinutes: OTP_RULES.validMinutes, alreadySent: false as const };
}

/** Checks the code; success rotates the session to `verified`. */
export async function verifyCode(
  deps: AppDeps,
  sessionOrNull: RequestSession | null,
  input: OtpInput,
  meta: RequestMeta,
): Promise<{ result: { success: true; hasReadTerms: boolean }; session: IssuedSession }> {
  const session = requirePasswordStage(sessionOrNull);
  await assertNotThrottled(deps.db, deps.clock, [
    ['otp_ip', meta.ip],
    ['otp_account', session.user.id],
  ]);
  const now = deps.clock.now();
  const code = await takeAttempt(deps.db, session.id, now, OTP_RULES.maxAttempts);
  if (!code) throw new AppError('BAD_INPUT', OTP_TEXTS.noLiveCode);
  const matches =
    /^\d{6}$/.test(input.oneTimeCode) && oneTimeCodeMatches(deps.keys, input.oneTimeCode, code.codeHash);
  if (!matches) {
    await recordFailures(deps.db, deps.clock, [
      ['otp_ip', meta.ip],
      ['otp_account', session.user.id],
    ]);
    if (code.attempts >= OTP_RULES.maxAttempts) {
      await invalidateCode(deps.db, code.id, now);
      throw new AppError('BAD_INPUT', OTP_TEXTS.tooManyWrong);
    }
    throw new AppError('BAD_INPUT', AUTH_TEXTS.otpInvalid);
  }
  if (!(await markUsed(deps.db, code.id, now))) throw new AppError('BAD_INPUT', OTP_TEXTS.noLiveCode);
  const verified = await startSession(deps, session.user.id, 'verified', meta, session.id);
  const hasReadTerms = await hasAcceptedTerms(deps.db, session.user.id);
  return { result: { success: true, hasReadTerms }, session: verified };
}
