import { migrations } from '@capsule/migrations';
import type { Kysely } from 'kysely';
import { type MigrationResultSet, Migrator } from 'kysely/migration';

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
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(result.error)}`);
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
