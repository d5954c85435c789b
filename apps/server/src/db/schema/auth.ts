import type { ColumnType } from 'kysely';
import type { DefaultedTimestamp, Timestamp } from './columns.js';

// The auth module's tables (modules/auth/README.md): sessions, sign-in failures, and the view
// that reads a session with its user and terms in one query.

export type SessionStageValue = 'password' | 'verified';

export type AuthFailureScope = 'login_account' | 'login_ip' | 'otp_account' | 'otp_ip';

interface SessionsTable {
  /** A random token made by the app. */
  id: string;
  userId: string;
  stage: SessionStageValue;
  createdAt: DefaultedTimestamp;
  lastSeenAt: DefaultedTimestamp;
  expiresAt: Timestamp;
  ip: string | null;
  userAgent: string | null;
}

interface AuthFailuresTable {
  /**
   * bigint identity (GENERATED ALWAYS: never written). pg answers a string, PGlite a number,
   * hence both; nothing needs to read it.
   */
  id: ColumnType<string | number, never, never>;
  scope: AuthFailureScope;
  key: string;
  createdAt: DefaultedTimestamp;
}

/** A view (migration 0007): a session with its user and the terms versions they accepted. */
export interface SessionIdentitiesTable {
  id: ColumnType<string, never, never>;
  stage: ColumnType<SessionStageValue, never, never>;
  lastSeenAt: ColumnType<Date, never, never>;
  expiresAt: ColumnType<Date, never, never>;
  userId: ColumnType<string, never, never>;
  username: ColumnType<string, never, never>;
  email: ColumnType<string, never, never>;
  fullName: ColumnType<string, never, never>;
  phoneNumber: ColumnType<string | null, never, never>;
  acceptedTermsVersions: ColumnType<string[], never, never>;
  /** The user's roles (migration 0024), e.g. ['operator']; empty for a member. */
  roles: ColumnType<string[], never, never>;
}

export interface AuthTables {
  sessions: SessionsTable;
  // A view over sessions, users and terms_acceptances (migration 0007): who is asking, in one
  // read. The one place auth reads the other two tables, in SQL the migration fixes.
  sessionIdentities: SessionIdentitiesTable;
  authFailures: AuthFailuresTable;
}
