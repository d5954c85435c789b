// The export bench: 'Download my capsules' of a member who received GIGABYTES of open video,
// through the real built portal (its own process, development defaults but on a scratch
// PostgreSQL database: the bench writes the fixture rows straight into it, and its Azurite).
//
// It prints the archive's size and time (MB/s), and the portal process's resident memory at
// rest before the download and at its peak during it: the goal is a peak within 50 MiB of rest
// (the archive is streamed, each video read from storage only when its turn comes).
//
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:export [-- --gb 2 --videos 8]
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  azuriteBlob,
  portalPorts,
  rssBytes,
  sampleMemory,
  signInDemo,
  sleep,
  startServer,
  stopServer,
} from '../portal-process.mjs';

const { values: opts } = parseArgs({
  options: { gb: { type: 'string', default: '2' }, videos: { type: 'string', default: '8' } },
});
const TOTAL = Number(opts.gb) * 1024 ** 3;
const VIDEOS = Number(opts.videos);
const BLOCK = 16 << 20;
const mib = (bytes) => (bytes / 1024 / 1024).toFixed(0);

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('The export bench writes its fixture into PostgreSQL: set DATABASE_URL.');
  process.exit(2);
}

/** A scratch database on the server of DATABASE_URL; answers its URL and a drop(). */
async function scratchDatabase() {
  const name = `capsule_bench_export_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

/**
 * A sender and `VIDEOS` capsules delivered to the demo account, open (View_Any_Time), each with
 * a video of TOTAL / VIDEOS bytes in the sender's container, recorded as reviewed.
 */
async function seed(dbUrl, azuritePort) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const demo = (await db.query(`select id from users where email = 'demo@legacycapsule.local'`)).rows[0].id;
  const sender = (
    await db.query(
      `insert into users (username, email, password_hash, full_name)
       values ('bench-sender', 'bench-sender@example.test', 'x', 'Bench Sender') returning id`,
    )
  ).rows[0].id;
  const size = Math.floor(TOTAL / VIDEOS / BLOCK) * BLOCK;
  const chunk = randomBytes(BLOCK); // incompressible, as video is
  for (let i = 0; i < VIDEOS; i++) {
    const blobName = `bench-video-${i}.mp4`;
    const { blob } = await azuriteBlob(azuritePort, `user-${sender}`, blobName, 'r');
    const ids = [];
    for (let b = 0; b < size / BLOCK; b++) {
      const id = Buffer.from(`block-${String(b).padStart(6, '0')}`).toString('base64');
      await blob.stageBlock(id, chunk, chunk.length);
      ids.push(id);
    }
    await blob.commitBlockList(ids, { blobHTTPHeaders: { blobContentType: 'video/mp4' } });
    const capsule = (
      await db.query(
        `insert into capsules (owner_id, kind, status, title, delivery_criteria, recipient_name,
           recipient_email, recipient_user_id, video_blob_name, upload_date, locked_at, delivered_at)
         values ($1, 'journey', 'Sent', $2, 'View_Any_Time', 'Demo', 'demo@legacycapsule.local', $3, $4,
           now(), now(), now()) returning id`,
        [sender, `Bench video ${i + 1}`, demo, blobName],
      )
    ).rows[0].id;
    await db.query(
      `insert into received_capsules (user_id, capsule_id, received_at) values ($1, $2, now())`,
      [demo, capsule],
    );
    await db.query(
      `insert into stored_blobs (kind, container, blob_name, sha256, size, upload_id, capsule_id, recorded_at, checked_at)
       values ('video', $1, $2, $3, $4, $5, $6, now(), now())`,
      [`user-${sender}`, blobName, 'a'.repeat(64), size, randomUUID(), capsule],
    );
    process.stdout.write(`  video ${i + 1}/${VIDEOS}: ${mib(size)} MiB\n`);
  }
  await db.end();
  return size * VIDEOS;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'capsule-bench-export-'));
const database = await scratchDatabase();
let server;
try {
  const ports = await portalPorts();
  const base = `http://127.0.0.1:${ports.app}`;
  server = await startServer(dataDir, ports, base, { DATABASE_URL: database.url, DEMO_USER: 'on' });
  console.log(`Seeding ${VIDEOS} videos, ${opts.gb} GB in all ...`);
  const videoBytes = await seed(database.url, ports.azurite);
  const { cookie } = await signInDemo(base, `http://127.0.0.1:${ports.inbox}/api/email`);

  // Twice: the first download also loads the code it runs (the archive writer, the index
  // page's renderer); the second is the steady state. Each against the rest just before it.
  for (const round of ['first', 'second']) {
    await sleep(2000);
    const rest = sampleMemory(server.pid);
    await sleep(2000);
    const atRest = rest.stop();
    const during = sampleMemory(server.pid);
    const started = performance.now();
    const response = await fetch(`${base}/api/export`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`The export answered ${response.status}`);
    let received = 0;
    for await (const part of response.body) received += part.length;
    const seconds = (performance.now() - started) / 1000;
    const peak = during.stop();
    const declared = Number(response.headers.get('content-length'));
    console.log(`\nExport (${round}) of ${mib(videoBytes)} MiB of video in ${VIDEOS} files:`);
    console.log(
      `  archive      ${mib(received)} MiB (Content-Length ${declared === received ? 'exact' : `WRONG: ${declared}`})`,
    );
    console.log(
      `  time         ${seconds.toFixed(1)} s, ${(received / 1024 / 1024 / seconds).toFixed(0)} MiB/s`,
    );
    console.log(
      `  portal RSS   ${mib(atRest)} MiB at rest, ${mib(peak)} MiB at the peak: +${mib(peak - atRest)} MiB (goal: at most +50)`,
    );
  }
  console.log(`  after        ${mib(rssBytes(server.pid))} MiB`);
} finally {
  await stopServer(server);
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
