import type { SessionStageValue, UserRole } from '../../db/schema.js';
import type { PublicUser } from '../users/index.js';

/** The stages of a session: declared once, with the sessions table (db/schema/auth.ts). */
export type SessionStage = SessionStageValue;

/** The signed-in user: the users module's public shape, never the password hash. */
type SessionUser = PublicUser;

/** The signed-in state of one request, resolved once by the session plugin. */
export interface RequestSession {
  id: string;
  stage: SessionStage;
  expiresAt: Date;
  /** The user accepted the current version of the terms (read with the session, one query). */
  termsAccepted: boolean;
  /** The user's roles, read with the session (migration 0024): revoking one acts on the next request. */
  roles: readonly UserRole[];
  user: SessionUser;
}
