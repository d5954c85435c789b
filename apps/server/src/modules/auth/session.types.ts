import type { PublicUser } from '../users/index.js';

export type SessionStage = 'password' | 'verified';

/** The signed-in user: the users module's public shape, never the password hash. */
export type SessionUser = PublicUser;

/** The signed-in state of one request, resolved once by the session plugin. */
export interface RequestSession {
  id: string;
  stage: SessionStage;
  expiresAt: Date;
  user: SessionUser;
}
