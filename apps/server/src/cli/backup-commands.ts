import path from 'node:path';
import { type Config, loadConfig } from '../config.js';
import { AppError } from '../errors.js';
import { createBackup, type DatabaseTarget, restoreBackup, verifyBackup } from '../modules/backup/index.js';
import type { Command } from './commands.js';
import { cliBlobStorage } from './services.js';

// Backups that restore; commands.ts lists these with the others, and
// docs/operations/backups.md says how and when to use them.
//
// They run as `offline` commands: admin.ts opens no database for them, each opens what it
// needs itself. The usual path would migrate the database before the command runs, and a
// restore needs its target untouched (empty), a backup must not change what it backs up, and
// the embedded database's backup needs PGlite itself (its data-folder tarball), which the
// portal channel cannot hand over: with a portal running on the embedded folder,
// backup:create and backup:restore refuse and say to stop it; backup:verify restores into a
// scratch folder of its own and runs beside the portal.

/** The database the CLI is configured with, as admin.ts opens it. */
const configuredDatabase = (config: Readonly<Config>): DatabaseTarget =>
  config.databaseUrl
    ? { kind: 'postgres', databaseUrl: config.databaseUrl }
    : { kind: 'pglite', pgliteDir: path.join(config.dataDir, 'pglite') };

/** Never reached: admin.ts runs `offline` for these, and the portal channel never sends them. */
const runsInTheCli: Command['run'] = async () => {
  throw new AppError('BAD_INPUT', 'The backup commands run in the admin CLI, not in a portal.');
};

function positiveInteger(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new AppError('BAD_INPUT', `--${option} takes a whole number of at least 1`);
  return n;
}

export const backupCommands: Record<string, Command> = {
  'backup:create': {
    usage:
      '--to DIR  writes the database dump, every kept blob with its SHA-256 and a manifest into DIR (new or empty)',
    options: { to: { type: 'string' } },
    required: ['to'],
    run: runsInTheCli,
    async offline(v, print) {
      const config = loadConfig();
      await createBackup({ database: configuredDatabase(config), to: v.to ?? '', print });
    },
  },
  'backup:verify': {
    usage:
      '--from DIR [--into URL] [--sample N]  restores DIR into a scratch database (dropped after) and checks every blob against its hash',
    options: { from: { type: 'string' }, into: { type: 'string' }, sample: { type: 'string' } },
    required: ['from'],
    run: runsInTheCli,
    async offline(v, print) {
      const config = loadConfig();
      const storage = cliBlobStorage(config);
      const outcome = await verifyBackup({
        from: v.from ?? '',
        serverUrl: v.into ?? config.databaseUrl,
        storage,
        sample: positiveInteger(v.sample, 'sample'),
        print,
      });
      if (outcome.problems.length > 0) {
        throw new AppError(
          'BAD_INPUT',
          `backup:verify found ${outcome.problems.length} problem(s) (listed above).`,
        );
      }
    },
  },
  'backup:restore': {
    usage:
      '--from DIR  restores DIR into the configured database, which must be empty (DATABASE_URL, or the embedded folder)',
    options: { from: { type: 'string' } },
    required: ['from'],
    run: runsInTheCli,
    async offline(v, print) {
      const config = loadConfig();
      await restoreBackup({ from: v.from ?? '', database: configuredDatabase(config), print });
    },
  },
};
