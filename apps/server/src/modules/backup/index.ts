// The backup module's public face: backup:create, backup:verify and backup:restore of the admin CLI.
export {
  createBackup,
  type DatabaseTarget,
  type Print,
  type RestoreBackupInput,
  restoreBackup,
} from './backup.service.js';
export { type BackupManifest, DUMP_FILES, INVENTORY_FILE, MANIFEST_FILE } from './manifest.js';
export { findPgTool, majorOf, type PgTool } from './pg-dump.js';
export { type VerifyBackupInput, type VerifyOutcome, verifyBackup } from './verify.service.js';
