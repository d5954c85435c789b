import { inject } from 'vitest';
import { startMemoryBlobEmulator } from '../../src/dev/blob-emulator.js';
import type { Clock } from '../../src/lib/clock.js';
import { type BlobStorage, createBlobStorage } from '../../src/modules/storage/index.js';
import { onFreePort } from './free-port.js';

export interface TestBlobStorage {
  storage: BlobStorage;
  /** The emulator's connection string (its well-known development key). */
  connectionString: string;
  blobEndpoint: string;
  stop(): Promise<void>;
}

/**
 * A real Azurite of the test's own: in memory, on a free port, stopped with the test file.
 * The storage client on it uses the given clock (a TestClock moves SAS times).
 */
export async function startTestBlobStorage(
  clock?: Clock,
  keepAlignedGrants = true,
): Promise<TestBlobStorage> {
  const emulator = await onFreePort(startMemoryBlobEmulator);
  return {
    storage: createBlobStorage({ connectionString: emulator.connectionString, clock, keepAlignedGrants }),
    connectionString: emulator.connectionString,
    blobEndpoint: emulator.blobEndpoint,
    stop: emulator.stop,
  };
}

/**
 * The run's shared Azurite (global-setup.ts) with a client on the given clock; stopping it is
 * the run's business. Outside a run that provides one, an Azurite of its own.
 * `keepAlignedGrants`: the config's kept shim 'sas-cache' (on by default).
 */
export async function sharedTestBlobStorage(
  clock?: Clock,
  keepAlignedGrants = true,
): Promise<TestBlobStorage> {
  const connectionString = inject('blobConnectionString');
  if (!connectionString) return startTestBlobStorage(clock, keepAlignedGrants);
  const storage = createBlobStorage({ connectionString, clock, keepAlignedGrants });
  return { storage, connectionString, blobEndpoint: storage.endpoint, stop: async () => undefined };
}
