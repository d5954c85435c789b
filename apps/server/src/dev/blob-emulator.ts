import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { assertPortFree } from './ports.js';

// The well-known development account of the Azure storage emulators (public, not a secret).
const DEV_ACCOUNT = 'devstoreaccount1';
const DEV_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export interface BlobEmulator {
  connectionString: string;
  blobEndpoint: string;
  stop(): Promise<void>;
}

function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`Azurite did not start on port ${port}`));
        else setTimeout(attempt, 200);
      });
    };
    attempt();
  });
}

/**
 * The connection string of an emulator on that port (the embedded one of `npm start` on
 * AZURITE_PORT): the admin CLI signs links to its blobs without starting one.
 */
export function emulatorConnectionString(port: number): string {
  const blobEndpoint = `http://127.0.0.1:${port}/${DEV_ACCOUNT}`;
  return `DefaultEndpointsProtocol=http;AccountName=${DEV_ACCOUNT};AccountKey=${DEV_KEY};BlobEndpoint=${blobEndpoint};`;
}

// Run as the child instead of Azurite's own entry file: it loads that file (argv[1], so Azurite
// reads its arguments where it expects them) and stops Azurite through Azurite's own SIGTERM
// handler, which saves its blob index, when the channel to the parent closes: on stop() below,
// and when the parent dies, even of SIGKILL, so an emulator never outlives the portal or test
// run that started it and keeps its port.
const STOP_WITH_PARENT = `
process.once('disconnect', () => {
  process.kill(process.pid, 'SIGTERM');
  setTimeout(() => process.exit(0), 10000).unref();
});
require(process.argv[1]);
`;

/** Azurite's blob service as a child process on that port, with these storage arguments. */
async function launchAzurite(port: number, storage: string[]): Promise<BlobEmulator> {
  const require = createRequire(import.meta.url);
  const bin = path.join(path.dirname(require.resolve('azurite/package.json')), 'dist/src/blob/main.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--eval',
      STOP_WITH_PARENT,
      bin,
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      String(port),
      ...storage,
      '--skipApiVersionCheck',
      '--loose',
      '--disableTelemetry',
      '--silent',
    ],
    // The IPC channel is how the child knows its parent is there.
    { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] },
  );
  try {
    // Ready in 1 to 3 s on an idle machine; seen taking 14 s on a loaded one (every test app
    // starts one), so the limit is generous: only a failure to start waits it out.
    await waitForPort(port, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const blobEndpoint = `http://127.0.0.1:${port}/${DEV_ACCOUNT}`;
  return {
    connectionString: emulatorConnectionString(port),
    blobEndpoint,
    // Waits for the exit, so a test's next emulator never meets this one's port; a child that
    // has not stopped within 5 s is killed.
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        if (child.connected) child.disconnect();
        else child.kill('SIGTERM');
      }),
  };
}

/**
 * Development only: Azurite as a child process, keeping blobs in the data folder so a
 * restart loses nothing.
 */
export async function startBlobEmulator(dataDir: string, port: number): Promise<BlobEmulator> {
  await assertPortFree(port, 'Azurite blob emulator', 'AZURITE_PORT');
  const location = path.join(dataDir, 'azurite');
  mkdirSync(location, { recursive: true });
  return launchAzurite(port, ['--location', location]);
}

/** Tests: Azurite keeping everything in memory, gone when it stops. */
export async function startMemoryBlobEmulator(port: number): Promise<BlobEmulator> {
  await assertPortFree(port, 'Azurite blob emulator', 'the port argument');
  return launchAzurite(port, ['--inMemoryPersistence']);
}
