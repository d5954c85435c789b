import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.js';
import { type AdminChannel, serveAdminCommands } from './cli/portal-channel.js';
import { ConfigError, loadConfig } from './config.js';
import { migrateWhenReachable } from './db/migrate.js';
import { retryWhileUnavailable } from './db/unavailable.js';
import { DEMO_USER, ensureDemoUser } from './dev/demo.js';
import { ensureDevPackages } from './dev/seed-packages.js';
import { registerJobHandlers } from './jobs/index.js';
import { tuneHeapForServing } from './lib/heap-tuning.js';
import { createStartupGate } from './plugins/startup-gate.js';
import { ensureStorageCors, startRuntime } from './runtime.js';

// Entry point: config -> embedded services (development) -> app -> listen -> migrate -> job
// queue -> open; closes cleanly.

const SHUTDOWN_DEADLINE_MS = 25_000;
async function main() {
  tuneHeapForServing();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const runtime = await startRuntime(config);
  const startupGate = createStartupGate();
  const app = await buildApp(runtime.deps, { startupGate });
  let cors: ReturnType<typeof ensureStorageCors> | undefined;
  let adminChannel: AdminChannel | undefined;

  // Graceful shutdown: stop accepting, let in-flight requests and admin commands finish (Fastify
  // answers 503 to requests that arrive on kept-alive connections meanwhile), then close the
  // pool and the embedded services (mail catcher, blob emulator, PGlite and its lock). A request
  // that hangs cannot hold the process for ever.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    const drainMs = config.shutdownDrainSeconds * 1000;
    const deadline = setTimeout(() => {
      app.log.error(`still closing after ${(drainMs + SHUTDOWN_DEADLINE_MS) / 1000} s: exiting`);
      process.exit(1);
    }, drainMs + SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    try {
      // Out of the balancer's rotation before the listener closes (its health checks see 503).
      startupGate.drain();
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      cors?.stop();
      await adminChannel?.close();
      await app.close();
      // Stops the job queue too: running handlers get its deadline to finish.
      await runtime.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const waitLogged = (error: Error, retryInMs: number) =>
    app.log.warn(`Waiting for the database (${error.message}); next try in ${retryInMs / 1000} s`);
  await migrateWhenReachable(runtime.deps.db, waitLogged);
  // Both are idempotent: a database restart between the migration and here is waited out too.
  if (!config.isProduction) await retryWhileUnavailable(() => ensureDevPackages(runtime.deps.db), waitLogged);
  if (config.demoUser)
    await retryWhileUnavailable(() => ensureDemoUser(runtime.deps.db, runtime.deps.clock), waitLogged);
  // The queue needs the migrated database; requests wait behind the gate until it can send.
  await registerJobHandlers(runtime.jobQueue, runtime.deps, { logger: runtime.logger });
  await runtime.jobQueue.start();
  cors = ensureStorageCors(runtime.deps.storage, config, app.log);
  if (runtime.database.kind === 'pglite' && !closing)
    adminChannel = await openAdminChannel(runtime, config.dataDir, app.log);
  startupGate.open();

  // The banner comes last, after everything that logs at start, and names every local service.
  const { embedded } = runtime;
  const lines = [
    '',
    `  Legacy Capsule portal: ${config.publicUrl}   (Node ${process.version})`,
    `  Database:      ${runtime.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    embedded.inboxUrl
      ? `  Mail inbox:    ${embedded.inboxUrl}  (one-time codes arrive here; API: ${embedded.inboxApiUrl})`
      : '  Mail:          SMTP_URL',
    ...(embedded.smtpUrl ? [`  Mail SMTP:     ${embedded.smtpUrl}`] : []),
    embedded.blobEndpoint
      ? `  Blob storage:  embedded Azurite at ${embedded.blobEndpoint}`
      : '  Blob storage:  AZURE_STORAGE_CONNECTION_STRING',
    `  Jobs:          ${config.jobs ? 'run in this process' : 'sent only (JOBS=off): a worker runs them'}`,
    `  Health:        ${config.publicUrl}/healthz, ${config.publicUrl}/readyz`,
  ];
  if (config.demoUser) lines.push(`  Demo sign-in:  ${DEMO_USER.email} / ${DEMO_USER.password}`);
  console.log(`${lines.join('\n')}\n`);
}

/**
 * The embedded database serves this process alone: the admin CLI's commands run here meanwhile
 * (docs/decisions/023-admin-cli-beside-the-embedded-database.md). Without it the portal still
 * serves; the CLI then says the database is in use.
 */
async function openAdminChannel(
  runtime: Awaited<ReturnType<typeof startRuntime>>,
  dataDir: string,
  log: FastifyBaseLogger,
): Promise<AdminChannel | undefined> {
  const { deps } = runtime;
  try {
    return await serveAdminCommands({
      pgliteDir: path.join(dataDir, 'pglite'),
      db: deps.db,
      services: {
        clock: deps.clock,
        objectionDays: deps.config.objectionDays,
        storage: () => deps.storage,
        jobs: async () => deps.jobs,
      },
      log: { info: (message) => log.info(message), error: (details, message) => log.error(details, message) },
    });
  } catch (error) {
    log.warn({ err: error }, 'the admin CLI cannot reach this portal: stop it to run admin commands');
    return undefined;
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
