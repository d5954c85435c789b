import path from 'node:path';
import type { Config } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { type AppDeps, createAppDeps } from './deps.js';
import { startBlobEmulator } from './dev/blob-emulator.js';
import { startMailCatcher } from './dev/mail-catcher.js';
import { createSmtpMailer } from './mail/mailer.js';

export interface Runtime {
  deps: AppDeps;
  database: DatabaseHandle;
  /** The embedded services started for development, to name them in the banner. */
  embedded: { inboxUrl?: string; inboxApiUrl?: string; smtpUrl?: string; blobEndpoint?: string };
  blobConnectionString: string;
  close(): Promise<void>;
}

/**
 * Opens what the app talks to. Anything not configured starts embedded (development only; the
 * config refuses production without them): PGlite in the data folder, MailDev, Azurite.
 * It does not migrate: server.ts does that once the database answers (migrateWhenReachable).
 */
export async function startRuntime(config: Readonly<Config>, options: { embeddedServices?: boolean } = {}) {
  const embedded = options.embeddedServices ?? true;
  const stops: Array<() => Promise<void>> = [];
  try {
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

    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pglite'),
      onConnectionError: (error) => console.warn(`Database connection lost: ${error.message}`),
    });
    stops.push(database.close);

    const smtpUrl = config.smtpUrl ?? catcher?.smtpUrl;
    if (!smtpUrl) throw new Error('SMTP_URL is not set and the embedded mail catcher is off');
    const mailer = createSmtpMailer(smtpUrl, config.mailFrom);
    stops.push(async () => mailer.close());

    const deps = createAppDeps({ config, db: database.db, mailer });
    const runtime: Runtime = {
      deps,
      database,
      embedded: {
        ...(catcher
          ? { inboxUrl: catcher.inboxUrl, inboxApiUrl: catcher.inboxApiUrl, smtpUrl: catcher.smtpUrl }
          : {}),
        ...(blob ? { blobEndpoint: blob.blobEndpoint } : {}),
      },
      blobConnectionString: config.azureStorageConnectionString ?? blob?.connectionString ?? '',
      close: async () => {
        for (const stop of stops.reverse()) await stop().catch(() => undefined);
      },
    };
    return runtime;
  } catch (error) {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    throw error;
  }
}
