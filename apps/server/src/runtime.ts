import path from 'node:path';
import { type Logger, pino } from 'pino';
import type { Config } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { type AppDeps, createAppDeps } from './deps.js';
import { startBlobEmulator } from './dev/blob-emulator.js';
import { startMailCatcher } from './dev/mail-catcher.js';
import { type AppJobs, createJobQueue, type JobQueue } from './jobs/index.js';
import { loggerOptions } from './lib/logging.js';
import { browserOrigins } from './lib/origins.js';
import { createSmtpMailer } from './mail/mailer.js';
import { setMediaLogger } from './modules/media/index.js';
import { type BlobStorage, createBlobStorage } from './modules/storage/index.js';

export interface Runtime {
  deps: AppDeps;
  database: DatabaseHandle;
  /** Started by the caller once the database is migrated (server.ts) or found migrated (worker.ts). */
  jobQueue: JobQueue<AppJobs>;
  logger: Logger;
  /** The embedded services started for development, to name them in the banner. */
  embedded: { inboxUrl?: string; inboxApiUrl?: string; smtpUrl?: string; blobEndpoint?: string };
  blobConnectionString: string;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /** Start MailDev and Azurite for what the environment does not name (development). Default true. */
  embeddedServices?: boolean;
  /** Whether this process runs job handlers; defaults to config.jobs (worker.ts: always). */
  runJobs?: boolean;
}

/**
 * Opens what the app talks to. Anything not configured starts embedded (development only; the
 * config refuses production without them): PGlite in the data folder, MailDev, Azurite.
 * It does not migrate: server.ts does that once the database answers (migrateWhenReachable),
 * then starts the job queue.
 */
export async function startRuntime(config: Readonly<Config>, options: RuntimeOptions = {}): Promise<Runtime> {
  const embedded = options.embeddedServices ?? true;
  const stops: Array<() => Promise<void>> = [];
  try {
    const logger = pino(loggerOptions(config) as object);
    // ffprobe's and ffmpeg's build and sandbox notes go where the process's other logs go.
    setMediaLogger(logger.child({ module: 'media' }));
    const catcher =
      !config.smtpUrl && embedded
        ? await startMailCatcher(config.dataDir, config.mailInboxPort, config.mailSmtpPort)
        : null;
    if (catcher) stops.push(catcher.stop);
    const blob =
      !config.azureStorageConnectionString && embedded
        ? await startBlobEmulator(config.dataDir, config.azuritePort)
        : null;
    if (blob) stops.push(blob.stop);
    const blobConnectionString = config.azureStorageConnectionString ?? blob?.connectionString;
    if (!blobConnectionString)
      throw new Error('AZURE_STORAGE_CONNECTION_STRING is not set and the embedded Azurite is off');

    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pglite'),
      onConnectionError: (error) => console.warn(`Database connection lost: ${error.message}`),
    });
    stops.push(database.close);
    // Stopped before the database closes (stops run in reverse): running handlers finish first.
    const jobQueue = createJobQueue({ database, config, logger, runJobs: options.runJobs ?? config.jobs });
    stops.push(() => jobQueue.stop());

    const smtpUrl = config.smtpUrl ?? catcher?.smtpUrl;
    if (!smtpUrl) throw new Error('SMTP_URL is not set and the embedded mail catcher is off');
    const mailer = createSmtpMailer(smtpUrl, config.mailFrom);
    stops.push(async () => mailer.close());

    const storage = createBlobStorage({
      connectionString: blobConnectionString,
      keepAlignedGrants: config.keptShims['sas-cache'],
    });
    const deps = createAppDeps({ config, db: database.db, mailer, storage, jobs: jobQueue });
    return {
      deps,
      database,
      jobQueue,
      logger,
      embedded: {
        ...(catcher
          ? { inboxUrl: catcher.inboxUrl, inboxApiUrl: catcher.inboxApiUrl, smtpUrl: catcher.smtpUrl }
          : {}),
        ...(blob ? { blobEndpoint: blob.blobEndpoint } : {}),
      },
      blobConnectionString,
      close: async () => {
        for (const stop of stops.reverse()) await stop().catch(() => undefined);
      },
    };
  } catch (error) {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    throw error;
  }
}

const CORS_RETRY_MS = 30_000;

/**
 * Lets the portal's browsers PUT blocks and play videos (the storage account's CORS rules), and
 * turns on blob soft delete for BLOB_SOFT_DELETE_DAYS, so a blob deleted or overwritten by
 * mistake can be undeleted that long (versioning is the account's setting, made where the
 * account is made: docs/decisions/027-reviewed-bytes-fixity-backups.md). Storage that does not
 * answer at start must not keep the app down: it is tried again until it answers, and uploads
 * from a browser fail meanwhile (the API still works).
 */
export function ensureStorageCors(
  storage: BlobStorage,
  config: Pick<Config, 'publicUrl' | 'isProduction' | 'blobSoftDeleteDays'>,
  logger: Pick<Logger, 'warn' | 'info'>,
): { stop(): void; done: Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let resolveDone: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });
  const settle = async () => {
    await storage.ensureCors(browserOrigins(config));
    if (config.blobSoftDeleteDays > 0) {
      const retention = await storage.ensureDeleteRetention(config.blobSoftDeleteDays);
      logger.info({ retention }, `blob soft delete: ${retention.enabled ? `${retention.days} days` : 'off'}`);
    }
  };
  const attempt = () => {
    settle().then(resolveDone, (error: unknown) => {
      logger.warn(
        { err: error },
        `blob storage CORS or soft delete not set (${(error as Error).message}); trying again in ${CORS_RETRY_MS / 1000} s`,
      );
      if (!stopped) timer = setTimeout(attempt, CORS_RETRY_MS);
    });
  };
  attempt();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
    done,
  };
}
