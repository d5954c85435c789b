// The sync module's public face (docs/decisions/008-modules-own-their-tables.md, decision 015):
// the outbox write other modules call inside their transactions, the pusher the job runs, and
// the status and retry the CLI and tRPC show. It imports no module: users, commerce and
// affiliates depend on it, never the other way.
export { recordChange } from './outbox.service.js';
export { createSyncPusher, type SyncLogger } from './pusher.service.js';
export {
  retryFailedSync,
  syncOverview,
  syncRecordsPage,
} from './sync-status.service.js';
