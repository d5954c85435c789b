import { migrations } from '@capsule/migrations';
import type { Kysely } from 'kysely';
import { type MigrationResultSet, Migrator } from 'kysely/migration';
import { isDatabaseUnavailable, retryWhileUnavailable } from './unavailable.js';

// The migrations are listed statically in @capsule/migrations (not read from a folder at run
// time), so the same compiled list runs from the server, the CLI and the tests.
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any typed or untyped database
export function migratorFor(db: Kysely<any>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
}

// biome-ignore lint/suspicious/noExplicitAny: see migratorFor
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const result: MigrationResultSet = await migratorFor(db).migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const name = failed ? `Migration ${failed.migrationName}` : 'Migrating';
    throw new Error(`${name} failed: ${String(result.error)}`, { cause: result.error });
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Migrates as soon as the database answers: a server that starts while its database is away
 * (a restart, a failover, both coming up together) waits for it instead of exiting. A failure
 * that is not about reaching the database (a broken migration) is thrown.
 */
export function migrateWhenReachable(
  db: Parameters<typeof migrateToLatest>[0],
  onWait: (error: Error, retryInMs: number) => void,
) {
  return retryWhileUnavailable(() => migrateToLatest(db), onWait);
}

/**
 * For processes that do not migrate (worker.ts): resolves once the database holds every migration
 * this build knows. The web process migrates; a worker started beside it, or before it, waits
 * instead of running handlers against an older schema or racing the migration.
 */
export async function waitForMigrations(
  db: Parameters<typeof migrateToLatest>[0],
  onWait: (reason: string, retryInMs: number) => void,
  retryInMs = 2_000,
) {
  for (;;) {
    try {
      const pending = (await migratorFor(db).getMigrations()).filter((m) => !m.executedAt);
      if (pending.length === 0) return;
      onWait(`${pending.length} migration(s) not applied yet, first ${pending[0]?.name}`, retryInMs);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      onWait(`database unreachable (${(error as Error).message})`, retryInMs);
    }
    await new Promise((resolve) => setTimeout(resolve, retryInMs));
  }
}
