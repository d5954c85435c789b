import type { TestProject } from 'vitest/node';
import { chooseDatabaseSource, dockerReachable } from './support/database-source.js';
import { testEnv } from './support/test-env.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL started here with testcontainers (only when DATABASE_URL is unset). */
    containerDatabaseUrl: string | undefined;
  }
}

/**
 * Once per run of the server-int project: without DATABASE_URL but with a Docker engine, start
 * one PostgreSQL 15 container for every test file (each still makes its own scratch database).
 */
export default async function setup(project: TestProject) {
  const source = chooseDatabaseSource({
    databaseUrl: testEnv.databaseUrl,
    dockerReachable: testEnv.databaseUrl ? false : await dockerReachable(),
  });
  if (source.kind !== 'testcontainers') {
    project.provide('containerDatabaseUrl', undefined);
    return;
  }
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const container = await new PostgreSqlContainer('postgres:15').start();
  project.provide('containerDatabaseUrl', container.getConnectionUri());
  return async () => {
    await container.stop();
  };
}
