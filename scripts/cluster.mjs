// `npm run cluster -- --web 3 --workers 2 [--port 3000]`: the portal as several instances behind
// HAProxy on this machine (docs/operations/deployment.md), for trying what a deployment does:
// kill an instance, restart the database, watch the others carry on. Needs PostgreSQL
// (DATABASE_URL) and HAProxy (Debian: apt-get install haproxy). Blob storage and mail are the
// embedded emulators unless AZURE_STORAGE_CONNECTION_STRING and SMTP_URL name real ones.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startCluster } from './cluster-lib.mjs';

const { values } = parseArgs({
  options: {
    web: { type: 'string', default: '3' },
    workers: { type: 'string', default: '2' },
    port: { type: 'string', default: process.env.PORT ?? '3000' },
  },
});
const count = (name, value, min, max = 16) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max} (got ${value}).`);
    process.exit(2);
  }
  return n;
};
const web = count('web', values.web, 1);
const workers = count('workers', values.workers, 0);
const port = count('port', values.port, 1, 65535);

if (!process.env.DATABASE_URL) {
  console.error(
    'The cluster needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/portal). The embedded PGlite serves one process only.',
  );
  process.exit(2);
}

const dataDir = path.resolve(process.env.DATA_DIR ?? '.data/cluster');
const stops = [];
const env = {
  PATH: process.env.PATH,
  DATABASE_URL: process.env.DATABASE_URL,
  // One secret for all: a session signed by one instance is read by every other.
  SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
};
if (!process.env.AZURE_STORAGE_CONNECTION_STRING) {
  const { startBlobEmulator } = await import('../apps/server/dist/dev/blob-emulator.js');
  const blobs = await startBlobEmulator(dataDir, Number(process.env.AZURITE_PORT ?? 10000));
  env.AZURE_STORAGE_CONNECTION_STRING = blobs.connectionString;
  stops.push(() => blobs.stop());
}
let inbox;
if (!process.env.SMTP_URL) {
  const { startMailCatcher } = await import('../apps/server/dist/dev/mail-catcher.js');
  const catcher = await startMailCatcher(
    dataDir,
    Number(process.env.MAIL_INBOX_PORT ?? 1080),
    Number(process.env.MAIL_SMTP_PORT ?? 1025),
  );
  env.SMTP_URL = catcher.smtpUrl;
  inbox = catcher.inboxUrl;
  stops.push(() => catcher.stop());
}

const cluster = await startCluster({
  web,
  workers,
  port,
  env,
  dataDir,
  log: (line) => process.stdout.write(line),
});
console.log(`
The portal: ${cluster.url} (HAProxy, round robin over ${web} web instance(s); ${workers} job worker(s))
Instances: ${cluster.processes.webs.map((w) => `${w.name} pid ${w.child.pid} on :${w.port}`).join(', ')}
Workers:   ${cluster.processes.workers.map((w) => `${w.name} pid ${w.child.pid}`).join(', ') || 'none (no jobs run!)'}
${inbox ? `Mail inbox: ${inbox}\n` : ''}Ctrl-C stops everything. Try: kill -9 <a web pid>, and keep using the portal.`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('Stopping the cluster...');
  await cluster.stop();
  for (const s of stops.reverse()) await s();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
