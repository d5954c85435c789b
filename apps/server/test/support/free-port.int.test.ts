import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { assertPortFree } from '../../src/dev/ports.js';
import { onFreePort, onFreePorts } from './free-port.js';

// The test harness starts its services (Azurite, the mail catcher, the browser tests' portal)
// on ports picked just before; another program can take a picked port first (a CI run failed
// so). These tests take the port themselves to see the harness pick again.

const squatters: Server[] = [];

/** Another program taking the port (the harness's check and a bind both find it in use). */
async function occupy(port: number): Promise<void> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  squatters.push(server);
}

function listen(port: number): Promise<Server> {
  const server = createServer();
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => resolve(server));
  });
}

afterEach(async () => {
  await Promise.all(squatters.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

describe('starting a service on a free port', () => {
  it('picks another port when the embedded service finds its port taken', async () => {
    const tried: number[] = [];
    const started = await onFreePort(async (port) => {
      tried.push(port);
      if (tried.length === 1) await occupy(port);
      await assertPortFree(port, 'test service', 'TEST_PORT');
      return port;
    });
    expect(tried).toHaveLength(2);
    expect(started).toBe(tried[1]);
    expect(started).not.toBe(tried[0]);
  });

  it('picks another port when the bind itself fails with EADDRINUSE', async () => {
    const tried: number[] = [];
    const server = await onFreePort(async (port) => {
      tried.push(port);
      if (tried.length === 1) await occupy(port);
      return listen(port);
    });
    squatters.push(server);
    expect(tried).toHaveLength(2);
    expect(server.address()).toMatchObject({ port: tried[1] });
  });

  it('gives several services distinct ports at once', async () => {
    const ports = await onFreePorts(3, async (picked) => picked);
    expect(new Set(ports).size).toBe(3);
  });

  it('does not retry a failure that is not a taken port', async () => {
    let calls = 0;
    await expect(
      onFreePort(async () => {
        calls += 1;
        throw new Error('the service is broken');
      }),
    ).rejects.toThrow('the service is broken');
    expect(calls).toBe(1);
  });

  it('gives up after five taken ports, with the service check’s own message', async () => {
    let calls = 0;
    await expect(
      onFreePort(async (port) => {
        calls += 1;
        await occupy(port);
        await assertPortFree(port, 'test service', 'TEST_PORT');
      }),
    ).rejects.toThrow(
      /^Port \d+ is in use by another program, so the embedded test service cannot start there\. Stop that program, or choose a free port with TEST_PORT=<port>\.$/,
    );
    expect(calls).toBe(5);
  });
});
