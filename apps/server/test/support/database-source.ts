// Where the integration tests get their real PostgreSQL (PGlite in memory always runs too):
// 1. DATABASE_URL, when set (CI and our machines: a server on 127.0.0.1:5432);
// 2. else a throwaway PostgreSQL started with testcontainers, when a Docker engine answers;
// 3. else none: the suites run on PGlite alone.
// The decision is a pure function so it can be tested on machines without Docker (ours).

export type DatabaseSource =
  | { kind: 'url'; url: string }
  | { kind: 'testcontainers' }
  | { kind: 'pglite-only' };

export function chooseDatabaseSource(facts: {
  databaseUrl: string | undefined;
  dockerReachable: boolean;
}): DatabaseSource {
  if (facts.databaseUrl) return { kind: 'url', url: facts.databaseUrl };
  if (facts.dockerReachable) return { kind: 'testcontainers' };
  return { kind: 'pglite-only' };
}

/** Asks testcontainers itself whether it finds a working container runtime (socket, DOCKER_HOST, ...). */
export async function dockerReachable(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}
