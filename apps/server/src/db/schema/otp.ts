import type { Generated } from 'kysely';
import type { DefaultedTimestamp, NullableTimestamp, Timestamp } from './columns.js';

// The otp module's table (modules/otp/README.md).

interface OneTimeCodesTable {
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

export interface OtpTables {
  oneTimeCodes: OneTimeCodesTable;
}
