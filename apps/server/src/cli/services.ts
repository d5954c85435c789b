import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import type { JobSender } from '../deps.js';
import { emulatorConnectionString } from '../dev/blob-emulator.js';
import { createJobQueue } from '../jobs/index.js';
import { type Clock, systemClock } from '../lib/clock.js';
import { type BlobStorage, createBlobStorage } from '../modules/storage/index.js';

/**
 * What a command may need beyond the database, opened only when it asks: most commands need
 * neither, and a job queue starting pg-boss for a user:list would be a waste.
 */
export interface CliServices {
  clock: Clock;
  /** OBJECTION_DAYS: the sender's window after a document is verified (the review commands). */
  objectionDays: number;
  /** Blob storage (signing a read link makes no request). */
  storage(): BlobStorage;
  /** The job queue's send (JOBS off here: this process sends, the app's processes run them). */
  jobs(): Promise<JobSender>;
}

/** Storage as the CLI reaches it: AZURE_STORAGE_CONNECTION_STRING, else `npm start`'s Azurite. */
export function cliBlobStorage(
  config: Pick<Config, 'azureStorageConnectionString' | 'azuritePort' | 'keptShims'>,
): BlobStorage {
  return createBlobStorage({
    connectionString: config.azureStorageConnectionString ?? emulatorConnectionString(config.azuritePort),
    keepAlignedGrants: config.keptShims['sas-cache'],
  });
}

/**
 * The CLI's services on the database it opened: storage from AZURE_STORAGE_CONNECTION_STRING, or
 * in development the embedded Azurite of `npm start` (its well-known account, on AZURITE_PORT);
 * a send-only job queue, stopped by close().
 */
export function openCliServices(
  config: Readonly<Config>,
  database: DatabaseHandle,
): CliServices & { close(): Promise<void> } {
  let storage: BlobStorage | undefined;
  let queue: ReturnType<typeof createJobQueue> | undefined;
  let started: Promise<void> | undefined;
  const quiet = {
    info: () => undefined,
    warn: () => undefined,
    error: (o: object, m?: string) => console.error(m, o),
  };
  return {
    clock: systemClock,
    objectionDays: config.objectionDays,
    storage() {
      storage ??= cliBlobStorage(config);
      return storage;
    },
    async jobs() {
      queue ??= createJobQueue({ database, config, logger: quiet, runJobs: false });
      started ??= queue.start();
      await started;
      return queue;
    },
    async close() {
      if (started) await queue?.stop();
    },
  };
}
