import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DEMO_USER, ensureDemoUser } from './dev/demo.js';
import { ensureDevPackages } from './dev/seed-packages.js';
import { startRuntime } from './runtime.js';

// Entry point: config -> embedded services (development) -> app -> listen; closes cleanly.
async function main() {
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
  const app = await buildApp(runtime.deps);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await app.close();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (!config.isProduction) await ensureDevPackages(runtime.deps.db);
  if (config.demoUser) await ensureDemoUser(runtime.deps.db, runtime.deps.clock);

  const lines = [
    '',
    `  Legacy Capsule portal: ${config.publicUrl}`,
    `  Database:   ${runtime.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (runtime.inboxUrl) lines.push(`  Mail inbox: ${runtime.inboxUrl}  (one-time codes arrive here)`);
  if (config.demoUser) lines.push(`  Demo sign-in: ${DEMO_USER.email} / ${DEMO_USER.password}`);
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
