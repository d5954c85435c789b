import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import type { Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { AppError } from '../errors.js';
import { commands } from './commands.js';
import { describeFailure } from './failure.js';
import type { CliServices } from './services.js';

// The embedded database serves one process, and a portal running on it holds its folder. So the
// admin CLI asks that portal to run the command on the portal's own connection, where it queues
// behind the requests' transactions like any other query
// (docs/decisions/023-admin-cli-beside-the-embedded-database.md).
//
// The portal listens on 127.0.0.1 only, on a port the system picks, and writes the port and a
// fresh random token into the database folder (readable by its owner only): whoever can read
// that file could open the database files anyway. One connection carries one command: a JSON
// line from the CLI, then JSON lines back (accepted, each printed line, the exit).

const CHANNEL_FILE = 'admin-channel.json';
/** How long the CLI waits for a portal to connect and accept, before it takes the file for stale. */
const ANSWER_MS = 5_000;

const address = z.object({
  port: z.number().int().positive(),
  token: z.string().min(1),
  pid: z.number().int(),
});
const request = z.object({
  token: z.string(),
  command: z.string(),
  values: z.record(z.string(), z.string()),
});
const reply = z.union([
  z.object({ accepted: z.literal(true) }),
  z.object({ line: z.string() }),
  z.object({ exit: z.number().int(), error: z.string().optional() }),
]);
type Reply = z.infer<typeof reply>;

/** The file in the embedded database's folder that names a running portal's channel. */
const channelFilePath = (pgliteDir: string) => path.join(pgliteDir, CHANNEL_FILE);

/** What the CLI prints after a command the portal ran: its lines went to `print` already. */
export interface PortalOutcome {
  exitCode: number;
  error?: string;
}

export interface AdminChannel {
  port: number;
  /** Stops taking commands, lets the running ones finish, removes the file. */
  close(): Promise<void>;
}

/**
 * The portal's side: takes the CLI's commands while the portal runs on the embedded database.
 * `services` are the portal's own (its clock, storage and job queue); the database is migrated.
 */
export async function serveAdminCommands(options: {
  pgliteDir: string;
  db: Db;
  services: CliServices;
  /** Told about each command run, and about faults (a refusal is only the operator's business). */
  log: { info(message: string): void; error(details: object, message: string): void };
}): Promise<AdminChannel> {
  const token = randomBytes(32).toString('base64url');
  const sockets = new Set<net.Socket>();
  const running = new Set<Promise<void>>();

  const tokenMatches = (given: string) => {
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  };

  const serve = async (socket: net.Socket, line: string) => {
    const send = (message: Reply) => {
      if (socket.writable) socket.write(`${JSON.stringify(message)}\n`);
    };
    let parsed: z.infer<typeof request>;
    try {
      parsed = request.parse(JSON.parse(line));
    } catch {
      socket.destroy();
      return;
    }
    if (!tokenMatches(parsed.token)) {
      send({
        exit: 1,
        error: 'The portal refused the command: the channel file does not match this portal.',
      });
      socket.end();
      return;
    }
    send({ accepted: true });
    options.log.info(`admin CLI: ${parsed.command}`);
    try {
      await runCommand(parsed.command, parsed.values, options.db, options.services, (text) =>
        send({ line: text }),
      );
      send({ exit: 0 });
    } catch (error) {
      const failure = describeFailure(error);
      if (failure.unexpected) options.log.error({ err: error }, `admin CLI: ${parsed.command} failed`);
      send({ exit: failure.exitCode, error: failure.message });
    }
    socket.end();
  };

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    // A connection that says nothing is dropped; a command, once accepted, runs to its end.
    socket.setTimeout(ANSWER_MS, () => socket.destroy());
    const lines = createInterface({ input: socket });
    // readline passes the socket's errors on: heard on the socket already.
    lines.on('error', () => undefined);
    lines.once('line', (line) => {
      lines.close();
      socket.setTimeout(0);
      const done = serve(socket, line);
      running.add(done);
      void done.finally(() => running.delete(done));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;

  const file = channelFilePath(options.pgliteDir);
  // A file left by a portal that was killed is replaced; created afresh so its mode is ours.
  rmSync(file, { force: true });
  writeFileSync(file, JSON.stringify({ port, token, pid: process.pid }), { mode: 0o600, flag: 'wx' });

  return {
    port,
    async close() {
      rmSync(file, { force: true });
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...running]);
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/** One command on the portal's database: `migrate` finds it migrated (the portal did it at start). */
async function runCommand(
  name: string,
  values: Record<string, string>,
  db: Db,
  services: CliServices,
  print: (line: string) => void,
): Promise<void> {
  if (name === 'migrate') {
    print(migrationReport(await migrateToLatest(db)));
    return;
  }
  const command = commands[name];
  if (!command) {
    throw new AppError(
      'BAD_INPUT',
      `The running portal does not know the command ${name}: restart it (npm start) to run this build.`,
    );
  }
  await command.run(db, values, print, services);
}

/** What `migrate` prints: the migrations it applied, or that there were none to apply. */
export const migrationReport = (applied: string[]) =>
  applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.';

function readAddress(pgliteDir: string): z.infer<typeof address> | null {
  try {
    return address.parse(JSON.parse(readFileSync(channelFilePath(pgliteDir), 'utf8')));
  } catch {
    return null;
  }
}

/**
 * The CLI's side: runs the command in the portal that holds this embedded database, printing its
 * lines as they come. Null when no portal answers there (no file, or one left by a portal that
 * was killed): the CLI opens the database itself then. Once the portal has accepted the command
 * the answer is never null, so a command can never run twice.
 */
export async function runInRunningPortal(
  pgliteDir: string,
  command: string,
  values: Record<string, string | undefined>,
  print: (line: string) => void,
): Promise<PortalOutcome | null> {
  const found = readAddress(pgliteDir);
  if (!found) return null;
  const defined = Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return new Promise((resolve) => {
    let accepted = false;
    let settled = false;
    const finish = (outcome: PortalOutcome | null) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(outcome);
    };
    const socket = net.connect({ port: found.port, host: '127.0.0.1' });
    socket.setTimeout(ANSWER_MS, () => {
      if (!accepted) finish(null);
    });
    socket.on('error', () => {
      if (!accepted) finish(null);
    });
    socket.once('close', () =>
      finish(
        accepted
          ? {
              exitCode: 1,
              error:
                'The portal closed the connection before the command finished (is it stopping?). ' +
                'Check what it did (a list command) before running it again.',
            }
          : null,
      ),
    );
    socket.once('connect', () => {
      socket.write(`${JSON.stringify({ token: found.token, command, values: defined })}\n`);
    });
    const lines = createInterface({ input: socket });
    lines.on('error', () => undefined);
    lines.on('line', (line) => {
      let message: Reply;
      try {
        message = reply.parse(JSON.parse(line));
      } catch {
        // Not a portal: another program took the port of one that was killed.
        if (!accepted) finish(null);
        return;
      }
      if ('accepted' in message) {
        accepted = true;
        socket.setTimeout(0);
      } else if ('line' in message) print(message.line);
      else
        finish(
          message.error === undefined
            ? { exitCode: message.exit }
            : { exitCode: message.exit, error: message.error },
        );
    });
  });
}
