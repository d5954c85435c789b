import type { TestProject } from 'vitest/node';
import { startMemoryBlobEmulator } from '../src/dev/blob-emulator.js';
import { chooseDatabaseSource, dockerReachable } from './support/database-source.js';
import { onFreePort } from './support/free-port.js';
import { testEnv } from './support/test-env.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL started here with testcontainers (only when DATABASE_URL is unset). */
    containerDatabaseUrl: string | undefined;
    /** One in-memory Azurite for the run's test apps (support/blob-storage.ts, sharedBlobStorage). */
    blobConnectionString: string | undefined;
  }
}

/**
 * Once per run of the server-int project: without DATABASE_URL but with a Docker engine, start
 * one PostgreSQL 15 container for every test file (each still makes its own scratch database).
 */
export default async function setup(project: TestProject) {
  // Every test app's blobs go to this one Azurite: each user has a container of their own (a
  // random id), so test files never meet, and no app waits for an emulator of its own to start
  // (seen taking 14 s on a loaded machine).
  const blobs = await onFreePort(startMemoryBlobEmulator);
  project.provide('blobConnectionString', blobs.connectionString);
  const source = chooseDatabaseSource({
    databaseUrl: testEnv.databaseUrl,
    dockerReachable: testEnv.databaseUrl ? false : await dockerReachable(),
  });
  if (source.kind !== 'testcontainers') {
    project.provide('containerDatabaseUrl', undefined);
    return blobs.stop;
  }
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const container = await new PostgreSqlContainer('postgres:15').start();
  project.provide('containerDatabaseUrl', container.getConnectionUri());
  return async () => {
    await container.stop();
    await blobs.stop();
  };
}
