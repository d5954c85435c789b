// The upload bench: a ~2 GB video through the block path, the way the Upload Video dialog
// sends it, against the real built server (its own process, development defaults: PGlite and
// the Azurite it starts on disk) and that same Azurite.
//
// It prints:
// - the bytes that reached the app server during the upload (a counting TCP proxy stands between
//   this bench and the server; the blocks go straight to Azurite through the SAS, so only the
//   small tRPC calls should pass);
// - the block upload's throughput, and as a ratio of one raw PUT of the same file to the same
//   Azurite (Put Blob through a SAS made here with the emulator's well-known key);
// - the server process's resident memory before and at its peak during the upload (VmRSS,
//   sampled every 100 ms from /proc);
// - after a cut mid-upload (every request in flight aborted) and a resume (start with resume,
//   which lists the blocks storage holds): how many blocks storage already held were sent again
//   (the goal: at most 1), and how many blocks were cut in flight and so sent in full again.
//
// Run: npm run bench:upload [-- --mb 1999]. Needs ~5 GB free in the temp folder.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BlockBlobClient } from '@azure/storage-blob';
import { MAX_VIDEO_BYTES } from '../../packages/domain/dist/index.js';
import {
  azuriteBlob,
  capsuleReadyForVideo,
  portalPorts,
  rssBytes,
  sampleMemory,
  signInDemo,
  startServer,
  stopServer,
} from '../portal-process.mjs';

const { values: opts } = parseArgs({
  options: {
    // The largest file the dialog accepts is one byte under 2000 MiB (2.1 GB).
    mb: { type: 'string', default: String(MAX_VIDEO_BYTES / 1024 / 1024) },
    concurrency: { type: 'string', default: '4' },
  },
});
const FILE_BYTES = Math.min(Math.round(Number(opts.mb) * 1024 * 1024), MAX_VIDEO_BYTES - 1);
const CONCURRENCY = Number(opts.concurrency); // the dialog's DEFAULT_CONCURRENCY

const mb = (bytes) => bytes / 1024 / 1024;
const fmt = (n, digits = 1) => n.toFixed(digits);

/** A TCP proxy in front of the app that counts every byte in each direction. */
async function countingProxy(targetPort) {
  const counts = { toServer: 0, fromServer: 0 };
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.on('data', (d) => {
      counts.toServer += d.length;
    });
    upstream.on('data', (d) => {
      counts.fromServer += d.length;
    });
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: server.address().port,
    counts,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

/** A file the server takes for an MP4 (an 'ftyp' box first), the rest incompressible bytes. */
async function makeFile(file, size) {
  const chunk = randomBytes(64 * 1024 * 1024);
  chunk.write('\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2', 0, 'latin1');
  const fh = await open(file, 'w');
  for (let at = 0; at < size; at += chunk.length) {
    await fh.write(chunk, 0, Math.min(chunk.length, size - at), at);
    chunk[0x20] = (at / chunk.length) & 0xff; // no two chunks alike
  }
  await fh.close();
}

const blockId = (i) => Buffer.from(`block-${String(i).padStart(6, '0')}`).toString('base64');

/**
 * Put Block for every block not in `skip`, `concurrency` at a time, as the dialog's block-upload.ts
 * does. With `cutAfter`, every request in flight is aborted once that many blocks are stored.
 */
async function stageBlocks({ sasUrl, file, blockSize, skip = new Set(), cutAfter = Infinity }) {
  const target = new BlockBlobClient(sasUrl);
  const count = Math.ceil(FILE_BYTES / blockSize);
  const queue = [];
  for (let i = 0; i < count; i++) if (!skip.has(blockId(i))) queue.push(i);
  const abort = new AbortController();
  const stored = new Set();
  const inFlight = new Set();
  let cutInFlight = [];
  const fh = await open(file, 'r');
  async function worker() {
    while (queue.length && !abort.signal.aborted) {
      const i = queue.shift();
      const size = Math.min(blockSize, FILE_BYTES - i * blockSize);
      const buf = Buffer.allocUnsafe(size);
      await fh.read(buf, 0, size, i * blockSize);
      inFlight.add(i);
      try {
        await target.stageBlock(blockId(i), buf, size, { abortSignal: abort.signal });
        stored.add(i);
        if (stored.size >= cutAfter && !abort.signal.aborted) {
          cutInFlight = [...inFlight].filter((j) => j !== i);
          abort.abort();
        }
      } catch (e) {
        if (!abort.signal.aborted) throw e;
      } finally {
        inFlight.delete(i);
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await fh.close();
  return { count, stored, target, cutInFlight };
}

async function rawPut(azuritePort, file) {
  const { url } = await azuriteBlob(azuritePort, 'bench-raw-put', 'raw.mp4', 'cw');
  const fh = await open(file, 'r');
  const started = performance.now();
  const res = await fetch(url, {
    method: 'PUT',
    headers: { 'x-ms-blob-type': 'BlockBlob', 'content-length': String(FILE_BYTES) },
    body: fh.readableWebStream({ type: 'bytes' }),
    duplex: 'half',
  });
  const seconds = (performance.now() - started) / 1000;
  await fh.close();
  if (res.status !== 201) throw new Error(`Raw PUT answered ${res.status}: ${await res.text()}`);
  return seconds;
}

async function main() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'capsule-upload-bench-'));
  const file = path.join(scratch, 'video.mp4');
  const ports = await portalPorts();
  let server;
  let proxy;
  try {
    console.log(`Writing a ${fmt(mb(FILE_BYTES), 0)} MiB file ...`);
    await makeFile(file, FILE_BYTES);
    proxy = await countingProxy(ports.app);
    const base = `http://127.0.0.1:${proxy.port}`;
    // The review (ffprobe of 2 GB) is not what is measured: jobs are queued, not run.
    server = await startServer(path.join(scratch, 'data'), ports, base, { JOBS: 'off' });
    const { trpc } = await signInDemo(base, `http://127.0.0.1:${ports.inbox}/api/email`);
    const capsuleId = await capsuleReadyForVideo(trpc);
    const startInput = {
      capsuleId,
      fileName: 'video.mp4',
      fileSize: FILE_BYTES,
      contentType: 'video/mp4',
      durationSeconds: 240,
      notify: { enabled: true, timing: 'on_lock' },
    };

    // 1. The block upload, cut once midway, resumed, committed and completed.
    const rssBefore = rssBytes(server.pid);
    const memory = sampleMemory(server.pid);
    const before = { ...proxy.counts };
    const started = performance.now();
    const slot = await trpc.capsules.upload.start.mutate(startInput);
    const totalBlocks = Math.ceil(FILE_BYTES / slot.blockSize);
    const first = await stageBlocks({
      sasUrl: slot.sasUrl,
      file,
      blockSize: slot.blockSize,
      cutAfter: Math.floor(totalBlocks / 2),
    });
    const resumed = await trpc.capsules.upload.start.mutate({ ...startInput, resume: true });
    const held = new Set(resumed.stagedBlocks.map((b) => b.name));
    const second = await stageBlocks({ sasUrl: resumed.sasUrl, file, blockSize: slot.blockSize, skip: held });
    await second.target.commitBlockList(
      Array.from({ length: totalBlocks }, (_, i) => blockId(i)),
      { blobHTTPHeaders: { blobContentType: 'video/mp4' } },
    );
    const capsule = await trpc.capsules.upload.complete.mutate({ capsuleId, uploadId: resumed.uploadId });
    const blockSeconds = (performance.now() - started) / 1000;
    const peak = memory.stop();
    const throughApp =
      proxy.counts.toServer - before.toServer + (proxy.counts.fromServer - before.fromServer);

    // Blocks storage held after the cut that were sent again, and blocks cut in flight.
    const storedFirst = new Set([...first.stored].map(blockId));
    const resent = [...second.stored].filter((i) => storedFirst.has(blockId(i))).length;

    // 2. One raw PUT of the same file to the same Azurite.
    const rawSeconds = await rawPut(ports.azurite, file);

    const figures = {
      file: `${fmt(mb(FILE_BYTES), 0)} MiB in ${totalBlocks} blocks of ${fmt(mb(slot.blockSize), 0)} MiB, ${CONCURRENCY} in flight`,
      'bytes through the app server': `${throughApp} (${fmt(throughApp / 1024, 1)} KiB, ${(throughApp / FILE_BYTES).toExponential(1)} of the file)`,
      'block upload (cut and resumed)': `${fmt(blockSeconds)} s, ${fmt(mb(FILE_BYTES) / blockSeconds)} MiB/s`,
      'one raw PUT': `${fmt(rawSeconds)} s, ${fmt(mb(FILE_BYTES) / rawSeconds)} MiB/s`,
      'throughput ratio (block / raw)': fmt(rawSeconds / blockSeconds, 2),
      'server RSS before / peak': `${fmt(mb(rssBefore), 0)} MiB / ${fmt(mb(peak), 0)} MiB (+${fmt(mb(peak - rssBefore), 0)} MiB)`,
      'cut after': `${first.stored.size} of ${totalBlocks} blocks stored`,
      'stored blocks sent again after the cut': `${resent} (goal ≤ 1)`,
      'blocks cut in flight, sent again in full': String(first.cutInFlight.length),
      'capsule status after complete': capsule.status,
    };
    console.log('\nUpload bench');
    for (const [k, v] of Object.entries(figures)) console.log(`  ${k.padEnd(42)} ${v}`);
    console.log(`  file on disk: ${statSync(file).size} bytes`);
  } finally {
    proxy?.close();
    await stopServer(server);
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
