// The built portal in a process of its own, as a newcomer's `npm start` runs it (development
// defaults: PGlite and the Azurite it starts on disk, the embedded mail catcher), for the benches
// that drive it from outside: the upload bench and the rendition bench.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  BlobSASPermissions,
  BlobServiceClient,
  generateBlobSASQueryParameters,
  StorageSharedKeyCredential,
} from '@azure/storage-blob';
import { createTRPCClient, httpLink } from '@trpc/client';
import { signInOverRest } from './server/app.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
// Azurite's documented development account (not a secret).
const DEV_ACCOUNT = 'devstoreaccount1';
const DEV_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

/** Free ports for the app, its Azurite, its SMTP catcher and the catcher's web inbox. */
export const portalPorts = async () => ({
  app: await freePort(),
  azurite: await freePort(),
  smtp: await freePort(),
  inbox: await freePort(),
});

/**
 * The built server in its own process, on development defaults in a scratch data folder.
 * `env`: more of its environment (JOBS=off, say).
 */
export async function startServer(dataDir, ports, publicUrl, env = {}) {
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/server.js')], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(ports.app),
      AZURITE_PORT: String(ports.azurite),
      MAIL_SMTP_PORT: String(ports.smtp),
      MAIL_INBOX_PORT: String(ports.inbox),
      PUBLIC_URL: publicUrl,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server stopped:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${ports.app}/readyz`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${output}`);
    await sleep(250);
  }
  return child;
}

export async function stopServer(server) {
  if (!server || server.exitCode !== null) return;
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}

function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** The process's children (from /proc/<pid>/task/<tid>/children). */
function childrenOf(pid) {
  const kids = [];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const line = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    if (line) kids.push(...line.split(/\s+/).map(Number));
  }
  return kids;
}

/**
 * Resident memory of a process; with `descendants` ('ffmpeg'), of its descendants of that name
 * instead (the tools a process runs, not the Azurite or mail catcher it started).
 */
export function rssBytes(pid, { descendants } = {}) {
  if (!descendants) return rssOf(pid);
  let total = 0;
  const visit = (p) => {
    try {
      for (const kid of childrenOf(p)) {
        if (readFileSync(`/proc/${kid}/comm`, 'utf8').trim() === descendants) total += rssOf(kid);
        visit(kid);
      }
    } catch {} // gone meanwhile
  };
  visit(pid);
  return total;
}

/** Samples the resident memory every 100 ms; stop() answers the peak. */
export function sampleMemory(pid, options = {}) {
  let peak = rssBytes(pid, options);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid, options));
  }, 100);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

/**
 * Signs in as the demo account through the real REST calls, the code read from the inbox:
 * { trpc, cookie }.
 */
export async function signInDemo(base, inboxApi) {
  const readCode = async () => {
    for (let i = 0; i < 40; i++) {
      const mails = await (await fetch(inboxApi)).json();
      const code = mails.map((m) => /\b(\d{6})\b/.exec(m.text ?? '')?.[1]).findLast(Boolean);
      if (code) return code;
      await sleep(250);
    }
    throw new Error('No one-time code reached the inbox');
  };
  const cookie = await signInOverRest(
    base,
    { email: 'demo@legacycapsule.local', password: 'demo-capsule-2026' },
    readCode,
  );
  const trpc = createTRPCClient({
    links: [
      httpLink({
        url: `${base}/trpc`,
        fetch: (url, init) => fetch(url, { ...init, headers: { ...init.headers, cookie, origin: base } }),
      }),
    ],
  });
  return { trpc, cookie };
}

/**
 * A capsule of the demo account ready for its video: a recipient from a new contact. With
 * `capsuleLength` ('10_minutes'), one of that length.
 */
export async function capsuleReadyForVideo(trpc, capsuleLength) {
  const contact = await trpc.contacts.create.mutate({
    firstName: 'Bench',
    lastName: 'Recipient',
    email: 'bench.recipient@example.test',
    phone: null,
    relationshipType: 'Friend',
    relationshipDetails: 'Best-Friend',
    birthday: null,
  });
  const list = await trpc.capsules.list.query({ status: null, types: [], page: 1, sort: 'newest' });
  const capsule = list.capsules.find((c) => !capsuleLength || c.capsuleLength === capsuleLength);
  if (!capsule) throw new Error(`The demo account has no capsule of ${capsuleLength}`);
  const capsuleId = capsule.id;
  await trpc.capsules.assignRecipient.mutate({ capsuleId, contactId: contact.id, info: {} });
  return capsuleId;
}

/**
 * A blob of the bench's own in the portal's Azurite, outside every user's container: its client
 * (with the development account's key) and a SAS URL for it with `permissions` ('r', 'cw').
 */
export async function azuriteBlob(azuritePort, containerName, blobName, permissions) {
  const credential = new StorageSharedKeyCredential(DEV_ACCOUNT, DEV_KEY);
  const service = new BlobServiceClient(`http://127.0.0.1:${azuritePort}/${DEV_ACCOUNT}`, credential);
  const container = service.getContainerClient(containerName);
  await container.createIfNotExists();
  const blob = container.getBlockBlobClient(blobName);
  const now = Date.now();
  const sas = generateBlobSASQueryParameters(
    {
      containerName,
      blobName,
      permissions: BlobSASPermissions.parse(permissions),
      startsOn: new Date(now - 5 * 60_000),
      expiresOn: new Date(now + 6 * 3600_000),
    },
    credential,
  );
  return { blob, url: `${blob.url}?${sas}` };
}
