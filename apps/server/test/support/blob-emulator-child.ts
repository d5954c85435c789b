import { fileURLToPath } from 'node:url';
import { startMemoryBlobEmulator } from '../../src/dev/blob-emulator.js';

// A process that starts an embedded Azurite, says so on stdout, and waits to be killed: the test
// of the emulator dying with the process that started it (hardening/start-and-stop.int.test.ts).
// Run as: node --import tsx blob-emulator-child.ts <port>

export const BLOB_EMULATOR_CHILD = fileURLToPath(import.meta.url);

if (process.argv[1] === BLOB_EMULATOR_CHILD) {
  startMemoryBlobEmulator(Number(process.argv[2])).then(
    () => {
      process.stdout.write('ready\n');
      setInterval(() => undefined, 60_000);
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
      process.exit(1);
    },
  );
}
