// Many instances on one machine (docs/operations/deployment.md): N web processes and M job
// workers behind HAProxy, against one PostgreSQL and one blob store. Used by `npm run cluster`
// and by the cluster test (apps/server/test/cluster), which kills parts of it.
//
// What the instances share is what makes them one service: the database (sessions, throttles,
// jobs on pg-boss), the blob store, the mail server and SESSION_SECRET. Nothing else.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER = path.join(ROOT, 'apps/server/dist/server.js');
const WORKER = path.join(ROOT, 'apps/server/dist/worker.js');

/** HAProxy's path, or undefined when it is not installed (Debian: apt-get install haproxy). */
export function findHaproxy() {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', '/usr/bin/haproxy']) {
    const probe = spawnSync(candidate, ['-v'], { encoding: 'utf8' });
    if (probe.status === 0) return candidate;
  }
  return undefined;
}

/** A port nobody listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The balancer's configuration: round robin over the web instances, each checked on /readyz
 * every second and out after two failures (a draining or dead instance), back after two
 * successes. A request is retried on another instance only when the connection failed before
 * anything was sent, so a write is never sent twice.
 */
export function haproxyConfig({ port, webPorts }) {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  option forwardfor
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 1s fall 2 rise 2
  retry-on conn-failure
  retries 2
  option redispatch

frontend portal
  bind 127.0.0.1:${port}
  default_backend web

backend web
  balance roundrobin
${webPorts.map((p, i) => `  server web${i + 1} 127.0.0.1:${p} check`).join('\n')}
`;
}

function waitFor(url, deadlineMs) {
  const deadline = Date.now() + deadlineMs;
  return new Promise((resolve, reject) => {
    const tick = async () => {
      try {
        const response = await fetch(url);
        if (response.ok) return resolve();
      } catch {}
      if (Date.now() > deadline) return reject(new Error(`${url} did not answer in time`));
      setTimeout(tick, 200);
    };
    tick();
  });
}

function exited(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

/**
 * Starts the cluster. `env` is the shared environment: DATABASE_URL (required: PGlite serves one
 * process), AZURE_STORAGE_CONNECTION_STRING, SMTP_URL, SESSION_SECRET. Answers its address, its
 * processes (to kill in tests) and stop().
 */
export async function startCluster({
  web = 3,
  workers = 2,
  port,
  env,
  dataDir,
  log = () => {},
  drainSeconds = 3,
}) {
  if (!env.DATABASE_URL) throw new Error('The cluster needs DATABASE_URL: PGlite serves one process only.');
  const haproxy = findHaproxy();
  if (!haproxy)
    throw new Error('HAProxy is not installed (Debian: apt-get install haproxy; .ci/run installs it).');
  mkdirSync(dataDir, { recursive: true });
  const frontPort = port ?? (await freePort());
  const publicUrl = `http://127.0.0.1:${frontPort}`;
  // Only what the caller passes (with PATH, for ffmpeg): the instances' whole environment.
  const shared = {
    ...env,
    NODE_ENV: env.NODE_ENV ?? 'development',
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    // The balancer's address: the per-IP limits see each client, not HAProxy.
    TRUST_PROXY: '127.0.0.1',
    SHUTDOWN_DRAIN_SECONDS: String(drainSeconds),
  };
  const processes = { webs: [], workers: [] };
  // A process that ends says so, with its code or signal: a worker that exits leaves its jobs.
  const toldExit = ({ name, child }) =>
    child.once('exit', (code, signal) => log(`${name}: exited (${signal ?? `code ${code}`})\n`));

  const startWeb = async (index, webPort) => {
    const child = spawn(process.execPath, [SERVER], {
      env: {
        ...shared,
        PORT: String(webPort),
        HOST: '127.0.0.1',
        JOBS: 'off',
        // One instance makes the demo account; the others would race it for the same row.
        DEMO_USER: index === 0 ? (env.DEMO_USER ?? 'on') : 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => log(`web${index + 1}: ${d}`));
    child.stderr.on('data', (d) => log(`web${index + 1}: ${d}`));
    const entry = { name: `web${index + 1}`, port: webPort, child };
    toldExit(entry);
    processes.webs[index] = entry;
    await waitFor(`http://127.0.0.1:${webPort}/readyz`, 90_000);
    return entry;
  };
  const startWorker = (index) => {
    const child = spawn(process.execPath, [WORKER], {
      env: { ...shared, JOBS: 'on' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => log(`worker${index + 1}: ${d}`));
    child.stderr.on('data', (d) => log(`worker${index + 1}: ${d}`));
    const entry = { name: `worker${index + 1}`, child };
    toldExit(entry);
    processes.workers[index] = entry;
    return entry;
  };

  const webPorts = [];
  for (let i = 0; i < web; i++) webPorts.push(await freePort());
  // The first instance migrates the database alone; the others then find it ready.
  await startWeb(0, webPorts[0]);
  await Promise.all(webPorts.slice(1).map((p, i) => startWeb(i + 1, p)));
  for (let i = 0; i < workers; i++) startWorker(i);

  const cfg = path.join(dataDir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig({ port: frontPort, webPorts }));
  const balancer = spawn(haproxy, ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
  balancer.stderr.on('data', (d) => log(`haproxy: ${d}`));
  await waitFor(`${publicUrl}/readyz`, 15_000);

  return {
    url: publicUrl,
    processes,
    /** Starts a killed web instance again on its port. */
    restartWeb: (index) => startWeb(index, webPorts[index]),
    restartWorker: (index) => startWorker(index),
    async stop() {
      const all = [...processes.webs, ...processes.workers].filter(Boolean).map((p) => p.child);
      for (const child of all) child.kill('SIGTERM');
      await Promise.all(all.map(exited));
      balancer.kill('SIGTERM');
      await exited(balancer);
    },
  };
}
