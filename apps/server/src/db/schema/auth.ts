import type { ColumnType, Generated } from 'kysely';
import type { DefaultedTimestamp, NullableTimestamp, Timestamp } from './columns.js';
import type { AuthFailureScope, SessionStageValue, SyncStatus } from './values.js';

// Migration 0001: users and their sign-in (sessions, one-time codes, failures, terms).

export interface UsersTable {
  id: Generated<string>;
  username: string;
  /** Unique whatever its case (unique index on lower(email)). */
  email: string;
  passwordHash: string;
  fullName: string;
  phoneNumber: string | null;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
  /** The card payment provider's customer id. */
  paymentCustomerId: string | null;
  /** The cloud storage container of the user's blobs. */
  storageContainerId: string | null;
  /** The business-management system's customer id. */
  businessCustomerId: string | null;
  partnerRef: string | null;
  lastSyncAt: NullableTimestamp;
  syncStatus: ColumnType<SyncStatus, SyncStatus | undefined, SyncStatus>;
}

export interface SessionsTable {
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

export interface OneTimeCodesTable {
  id: Generated<string>;
  userId: string;
  /** Null once the session is gone; the row stays to count resends. */
  sessionId: string | null;
  /** HMAC of the code, never the code itself. */
  codeHash: string;
  createdAt: DefaultedTimestamp;
  expiresAt: Timestamp;
  attempts: Generated<number>;
  usedAt: NullableTimestamp;
  invalidatedAt: NullableTimestamp;
}

export interface AuthFailuresTable {
  /**
   * bigint identity (GENERATED ALWAYS: never written). pg answers a string, PGlite a number,
   * hence both; nothing needs to read it.
   */
  id: ColumnType<string | number, never, never>;
  scope: AuthFailureScope;
  key: string;
  createdAt: DefaultedTimestamp;
}

export interface TermsAcceptancesTable {
  userId: string;
  termsVersion: string;
  acceptedAt: DefaultedTimestamp;
  ip: string | null;
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
}
