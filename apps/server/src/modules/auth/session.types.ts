export type SessionStage = 'password' | 'verified';

export interface SessionUser {
  id: string;
  username: string;
  email: string;
  fullName: string;
  phoneNumber: string | null;
}

/** The signed-in state of one request, resolved once by the session plugin. */
export interface RequestSession {
  id: string;
  stage: SessionStage;
  expiresAt: Date;
  user: SessionUser;
}
