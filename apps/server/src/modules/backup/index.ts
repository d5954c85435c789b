// The backup module's public face: backup:create, backup:verify and backup:restore of the admin CLI.
export {
  createBackup,
  type DatabaseTarget,
  restoreBackup,
} from './backup.service.js';
export { verifyBackup } from './verify.service.js';
