// The sync module's public face (docs/decisions/008-modules-own-their-tables.md, decision 015):
// the outbox write other modules call inside their transactions, the pusher the job runs, and
// the status and retry the CLI and tRPC show. It imports no module: users, commerce and
// affiliates depend on it, never the other way.
export { recordChange } from './outbox.service.js';
export { createSyncPusher, MAX_ATTEMPTS, type PushRunResult, type SyncLogger } from './pusher.service.js';
export {
  SYNC_ENTITY_TYPES,
  type SyncChange,
  type SyncData,
  type SyncEntityType,
} from './sync-data.js';
export {
  type FailedSyncRecord,
  retryFailedSync,
  type SyncCounts,
  type SyncOverview,
  syncOverview,
  type UserSyncStatus,
  userSyncStatus,
} from './sync-status.service.js';
