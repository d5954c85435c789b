import type { UserRole } from '../../db/schema.js';
import type { AppDeps, RequestMeta } from '../../deps.js';
import { addMinutes } from '../../lib/clock.js';
import { newSessionId, readSessionToken, signSessionToken } from '../../lib/tokens.js';
import { acceptsCurrentTerms } from '../terms/index.js';
import { ROLES } from '../users/index.js';
import {
  deleteSession,
  findSessionIdentity,
  insertSession,
  rotateSession,
  touchSession,
} from './session.repository.js';
import type { RequestSession, SessionStage } from './session.types.js';

// last_seen is written at most once a minute: enough for a 30-minute idle limit, and it keeps
// every read request from becoming a write.
const TOUCH_EVERY_MS = 60_000;

export interface IssuedSession {
  id: string;
  token: string;
  expiresAt: Date;
}

/**
 * Starts a fresh session at a stage, killing the one the request came with (a new id at every
 * step of sign-in: ASVS 7.2.4). The same user's previous session is rotated in place, so a
 * one-time code mailed to it moments ago stays valid under the new id; another user's is
 * deleted.
 */
export async function startSession(
  deps: AppDeps,
  userId: string,
  stage: SessionStage,
  meta: RequestMeta,
  previousSessionId: string | null,
): Promise<IssuedSession> {
  const now = deps.clock.now();
  const expiresAt = addMinutes(now, deps.config.sessionMaxHours * 60);
  const id = newSessionId();
  const session = {
    id,
    userId,
    stage,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent,
  };
  await deps.db.transaction().execute(async (trx) => {
    if (previousSessionId && (await rotateSession(trx, previousSessionId, session))) return;
    if (previousSessionId) await deleteSession(trx, previousSessionId);
    await insertSession(trx, session);
  });
  return { id, token: await signSessionToken(deps.keys, { id, issuedAt: now, expiresAt }), expiresAt };
}

/**
 * Reads the cookie's token and answers the live session with its user and terms state, in one
 * query, once per HTTP request (plugins/session.ts), for REST and tRPC alike. Logout, expiry
 * and a new terms version take effect on the very next request: nothing is cached between
 * requests. Expired sessions are deleted.
 */
export async function resolveSession(
  deps: AppDeps,
  token: string | undefined,
): Promise<RequestSession | null> {
  if (!token) return null;
  const now = deps.clock.now();
  const sessionId = await readSessionToken(deps.keys, token, now);
  if (!sessionId) return null;
  const row = await findSessionIdentity(deps.db, deps.statements, sessionId);
  if (!row) return null;
  const roles = row.roles.filter(isRole);
  const idleDeadline = addMinutes(row.lastSeenAt, idleMinutes(deps, roles));
  if (row.expiresAt <= now || idleDeadline <= now) {
    await deleteSession(deps.db, sessionId);
    return null;
  }
  const seenSince = new Date(now.getTime() - TOUCH_EVERY_MS);
  if (row.lastSeenAt <= seenSince) await touchSession(deps.db, sessionId, now, seenSince);
  return {
    id: row.id,
    stage: row.stage,
    expiresAt: row.expiresAt,
    termsAccepted: acceptsCurrentTerms(row.acceptedTermsVersions),
    roles,
    user: {
      id: row.userId,
      username: row.username,
      email: row.email,
      fullName: row.fullName,
      phoneNumber: row.phoneNumber,
    },
  };
}

const isRole = (value: string): value is UserRole => (ROLES as readonly string[]).includes(value);

/**
 * An operator's session ends sooner when idle (OPERATOR_IDLE_MINUTES): it can decide releases
 * and read the queue of every member's documents, so an unattended console closes early.
 */
const idleMinutes = (deps: AppDeps, roles: readonly UserRole[]) =>
  roles.includes('operator')
    ? Math.min(deps.config.sessionIdleMinutes, deps.config.operatorIdleMinutes)
    : deps.config.sessionIdleMinutes;

export async function endSession(deps: AppDeps, sessionId: string): Promise<void> {
  await deleteSession(deps.db, sessionId);
}
