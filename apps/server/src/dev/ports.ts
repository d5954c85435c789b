import net from 'node:net';

/** What assertPortFree throws: a caller that picked the port itself may pick another. */
export class PortInUseError extends Error {
  override readonly name = 'PortInUseError';
}

/**
 * Refuses to start an embedded service on a port something else holds: connecting to whatever
 * answers there could put this checkout's blobs or mail into another program (another
 * checkout's Azurite, say). The message names the port and the setting that moves it.
 */
export async function assertPortFree(port: number, service: string, setting: string): Promise<void> {
  const free = await new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
  if (!free) {
    throw new PortInUseError(
      `Port ${port} is in use by another program, so the embedded ${service} cannot start there. ` +
        `Stop that program, or choose a free port with ${setting}=<port>.`,
    );
  }
}
