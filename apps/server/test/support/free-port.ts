import { createServer, type Server } from 'node:net';
import { PortInUseError } from '../../src/dev/ports.js';

function listenOnAnyPort(): Promise<Server> {
  const server = createServer();
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/** `count` distinct ports nothing listens on right now (the OS picks them; closed again before use). */
async function freePorts(count: number): Promise<number[]> {
  // All held open at once, so the OS cannot hand out the same port twice.
  const servers = await Promise.all(Array.from({ length: count }, listenOnAnyPort));
  const ports = servers.map((server) => {
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('Could not find a free port');
    return address.port;
  });
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  return ports;
}

/** A port nothing listens on right now (the OS picks it; closed again before use). */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port as number;
}

/** A port taken between its pick and its use: the embedded services' check, or a bind's own error. */
function isPortTaken(error: unknown): boolean {
  return error instanceof PortInUseError || (error as { code?: unknown } | null)?.code === 'EADDRINUSE';
}

const ATTEMPTS = 5;

/**
 * Starts something on `count` free ports, picked right before it starts, and picks again when
 * one was taken in between. A picked port is free only until something else binds it: another
 * test file's service, or an outgoing connection, whose local port comes from the same range
 * the OS picks from (seen in CI: the browser portal's Azurite port, picked before its database
 * opened a pool of connections, was taken by the time Azurite started). `start` should leave
 * nothing running when it fails: a leftover would hold its port until the test process ends.
 */
export async function onFreePorts<T>(count: number, start: (ports: number[]) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start(await freePorts(count));
    } catch (error) {
      if (attempt >= ATTEMPTS || !isPortTaken(error)) throw error;
    }
  }
}

/** onFreePorts with one port. */
export function onFreePort<T>(start: (port: number) => Promise<T>): Promise<T> {
  return onFreePorts(1, ([port]) => start(port as number));
}
