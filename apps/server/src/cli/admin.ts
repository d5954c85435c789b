import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { type DatabaseHandle, DatabaseInUseError, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { ensureDevPackages } from '../dev/seed-packages.js';
import { commands } from './commands.js';
import { describeFailure } from './failure.js';
import { migrationReport, type PortalOutcome, runInRunningPortal } from './portal-channel.js';
import { openCliServices } from './services.js';

// The operators' tool: `npm run admin -- <command> [options]`, on the same database as the server.
// On the embedded database while a portal runs, the portal runs the command (portal-channel.ts).
const USAGE = `Usage: npm run admin -- <command> [options]
Commands:
${Object.entries(commands)
  .map(([name, c]) => `  ${name.padEnd(18)} ${c.usage}`)
  .join('\n')}
  migrate            run the database migrations`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name === 'migrate' ? null : name ? commands[name] : undefined;
  if (command === undefined) throw new UsageError(name ? `Unknown command: ${name}` : 'No command given');

  let values: Record<string, string | undefined> = {};
  if (command) {
    try {
      values = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: false })
        .values as Record<string, string | undefined>;
    } catch (error) {
      throw new UsageError(`${(error as Error).message}\n  ${name} ${command.usage}`);
    }
    for (const required of command.required) {
      if (!values[required]) throw new UsageError(`Missing --${required}\n  ${name} ${command.usage}`);
    }
  }

  // A command for a running portal opens no database (PGlite's folder is the server's then).
  if (command?.offline) {
    await command.offline(values, console.log);
    return 0;
  }
  const config = loadConfig();
  const opened = config.databaseUrl
    ? await openDatabase({ databaseUrl: config.databaseUrl })
    : await embeddedDatabaseOrPortal(path.join(config.dataDir, 'pglite'), name ?? '', values);
  if (!('db' in opened)) {
    if (opened.error !== undefined) console.error(opened.error);
    return opened.exitCode;
  }
  const database = opened;
  try {
    const applied = await migrateToLatest(database.db);
    // The same development catalogue the server seeds, so purchase:record works on a fresh database.
    if (!config.isProduction) await ensureDevPackages(database.db);
    if (!command) {
      console.log(migrationReport(applied));
      return 0;
    }
    const services = openCliServices(config, database);
    try {
      await command.run(database.db, values, console.log, services);
    } finally {
      await services.close();
    }
    return 0;
  } finally {
    await database.close();
  }
}

// Its first start (migrations on a fresh folder) is the longest a portal holds the folder
// before it takes commands.
const WAIT_FOR_PORTAL_MS = 120_000;
const RETRY_MS = 1_000;

/**
 * The embedded database: a portal running on it runs the command itself (it holds the folder,
 * and PGlite serves one process); otherwise the CLI opens the folder as it always did. While
 * the folder is held by something that takes no command yet (a portal still starting, another
 * CLI command), it waits for either.
 */
async function embeddedDatabaseOrPortal(
  pgliteDir: string,
  name: string,
  values: Record<string, string | undefined>,
): Promise<DatabaseHandle | PortalOutcome> {
  const deadline = Date.now() + WAIT_FOR_PORTAL_MS;
  let told = false;
  for (;;) {
    const outcome = await runInRunningPortal(pgliteDir, name, values, console.log);
    if (outcome) return outcome;
    try {
      return await openDatabase({ pgliteDir });
    } catch (error) {
      if (!(error instanceof DatabaseInUseError) || Date.now() > deadline) throw error;
      if (!told) {
        process.stderr.write(
          `The embedded database in ${pgliteDir} is held by another process that takes no command yet ` +
            `(a portal still starting, or another admin command): waiting up to ${WAIT_FOR_PORTAL_MS / 60_000} minutes.\n`,
        );
        told = true;
      }
      await sleep(RETRY_MS);
    }
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    const failure = describeFailure(error);
    // A fault is shown whole (its cause included), a refusal by its message.
    console.error(failure.unexpected ? error : failure.message);
    process.exit(failure.exitCode);
  },
);
