import path from 'node:path';
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { ensureDevPackages } from '../dev/seed-packages.js';
import { AppError } from '../errors.js';
import { commands } from './commands.js';
import { openCliServices } from './services.js';

// The operators' tool: `npm run admin -- <command> [options]`, on the same database as the server.
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
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    const applied = await migrateToLatest(database.db);
    // The same development catalogue the server seeds, so purchase:record works on a fresh database.
    if (!config.isProduction) await ensureDevPackages(database.db);
    if (!command) {
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
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

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    if (error instanceof ZodError) {
      console.error(
        `Invalid input: ${error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
      process.exit(2);
    }
    if (error instanceof AppError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  },
);
