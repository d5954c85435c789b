import type { ColumnType, Generated } from 'kysely';
import type { DefaultedTimestamp, NullableJson, NullableTimestamp } from './columns.js';

// The sync module's table (modules/sync/README.md): the business system's outbox.

export type SyncStatus = 'pending' | 'synced' | 'failed';

/** One local entity's sync with one model of the external business system. */
interface IntegrationSyncRecordsTable {
  id: Generated<string>;
  userId: string | null;
  entityType: string;
  entityId: string;
  externalId: string | null;
  externalModel: string | null;
  syncStatus: ColumnType<SyncStatus, SyncStatus | undefined, SyncStatus>;
  lastSyncAt: NullableTimestamp;
  syncData: NullableJson;
  errorMessage: string | null;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
  // Migration 0016: the outbox's pusher (modules/sync).
  attempts: Generated<number>;
  /** Null: due at once. */
  nextAttemptAt: NullableTimestamp;
  /** A pusher's claim runs out here (with its lease token). */
  lockedUntil: NullableTimestamp;
  leaseToken: string | null;
  /** Bumped by every change: a push marks synced only the version it sent. */
  changeVersion: Generated<number>;
}

export interface SyncTables {
  integrationSyncRecords: IntegrationSyncRecordsTable;
}
