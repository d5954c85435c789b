// The rendition bench: what making a video's playback rendition costs, through the real built
// portal (its own process on development defaults: PGlite, its Azurite on disk, jobs running in
// that process as they do without a PostgreSQL server).
//
// It prints:
// - the review of a 10-minute 1080p upload (from the completion the dialog sends to the card
//   turning Stored: the master's hash, ffprobe, the rendition, its upload, hash and probe, the
//   thumbnail) as a ratio of the bare ffmpeg command with the same settings (renditionArgs) on
//   the same file in the same Azurite, run here without the portal: the floor (goal ≤ 1.1);
// - the peak resident memory of the process that ran the review and of the ffmpeg it ran (its
//   Azurite and mail catcher not counted), and of the bare ffmpeg;
// - the p99 of a web route (GET /api/capsules, paced) before the upload and while the rendition
//   is being made (goal: unchanged within noise);
// - where the review's time went, phase by phase (the portal's capsule_video_review_phase_seconds).
//
// Run: npm run bench:rendition [-- --seconds 600 --rate 40 --load-seconds 20]. The input is
// made once by ffmpeg (testsrc2 and a tone, H.264/AAC) and kept in the temp folder.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BlockBlobClient } from '@azure/storage-blob';
import { renditionArgs } from '../../apps/server/dist/modules/media/rendition.js';
import {
  azuriteBlob,
  capsuleReadyForVideo,
  portalPorts,
  rssBytes,
  sampleMemory,
  signInDemo,
  sleep,
  startServer,
  stopServer,
} from '../portal-process.mjs';
import { paced } from '../server/paced.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '600' },
    rate: { type: 'string', default: '40' },
    'load-seconds': { type: 'string', default: '20' },
  },
});
const SECONDS = Number(opts.seconds);
const RATE = Number(opts.rate);
const LOAD_SECONDS = Number(opts['load-seconds']);
const mib = (bytes) => (bytes / 1024 / 1024).toFixed(0);

/** The input, made once: `seconds` of 1080p30 H.264 with AAC sound. */
function inputVideo(seconds) {
  const folder = path.join(tmpdir(), 'capsule-bench-rendition');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `input-${seconds}s-1080p.mp4`);
  if (existsSync(file)) return file;
  console.log(`Making a ${seconds} s 1080p input with ffmpeg (once) ...`);
  const made = spawnSync(
    'ffmpeg',
    [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '20', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-f', 'mp4', `${file}.part`],
    ],
    { stdio: 'inherit' },
  );
  if (made.status !== 0) throw new Error('ffmpeg could not make the input');
  spawnSync('mv', [`${file}.part`, file]);
  return file;
}

/** The input in a container of the bench's own in the portal's Azurite: a read SAS URL of it. */
async function inputInAzurite(azuritePort, file) {
  const { blob, url } = await azuriteBlob(azuritePort, 'bench-rendition', 'input.mp4', 'r');
  await blob.uploadFile(file, { blockSize: 8 << 20, concurrency: 4 });
  return url;
}

/** The floor: ffmpeg alone, the review's arguments, the same input over the same HTTP. */
async function bareRendition(url, scratch) {
  const args = renditionArgs(
    url,
    { durationSeconds: SECONDS, frameRate: 30, hdr: false },
    path.join(scratch, 'bare.mp4'),
  );
  const started = performance.now();
  const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const memory = sampleMemory(child.pid);
  const code = await new Promise((resolve) => child.on('exit', resolve));
  const peak = memory.stop();
  if (code !== 0) throw new Error(`bare ffmpeg exited with ${code}`);
  return { seconds: (performance.now() - started) / 1000, peak };
}

/**
 * Seconds spent in each phase of the one review, from the portal's /metrics (the phases' sums;
 * `master_hash` runs beside `probe` and `encode`, so the phases add up to more than `total`).
 */
async function reviewPhases(base) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const phases = {};
  for (const match of text.matchAll(/^capsule_video_review_phase_seconds_sum\{phase="(\w+)"\} (\S+)$/gm)) {
    phases[match[1]] = Number(match[2]);
  }
  return phases;
}

/** The demo account gets a 10-minute capsule (the admin CLI, through the running portal). */
function recordTenMinutePurchase(dataDir) {
  const cli = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'apps/server/dist/cli/admin.js'),
      'purchase:record',
      '--email',
      'demo@legacycapsule.local',
      '--package',
      '10 Legacy Capsules',
    ],
    {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, NODE_ENV: 'development' },
      encoding: 'utf8',
    },
  );
  if (cli.status !== 0) throw new Error(`purchase:record failed: ${cli.stderr}${cli.stdout}`);
}

async function main() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'capsule-rendition-bench-'));
  const dataDir = path.join(scratch, 'data');
  let server;
  try {
    const file = inputVideo(SECONDS);
    const ports = await portalPorts();
    const base = `http://127.0.0.1:${ports.app}`;
    // The flood guard would answer the paced load 429: the route itself is measured.
    // /metrics from here: the review's phases (capsule_video_review_phase_seconds) are printed.
    server = await startServer(dataDir, ports, base, {
      API_RATE_LIMIT: '100000000',
      METRICS_ALLOW: '127.0.0.1',
    });
    const { trpc, cookie } = await signInDemo(base, `http://127.0.0.1:${ports.inbox}/api/email`);
    recordTenMinutePurchase(dataDir);
    const capsuleId = await capsuleReadyForVideo(trpc, '10_minutes');
    const route = { url: `${base}/api/capsules?page=1`, headers: { cookie } };
    const load = () => paced({ ...route, connections: 8, rate: RATE, duration: LOAD_SECONDS });

    // 1. The floor, then the web route at rest.
    const inputUrl = await inputInAzurite(ports.azurite, file);
    console.log('Bare ffmpeg ...');
    const bare = await bareRendition(inputUrl, scratch);
    const atRest = await load();

    // 2. The upload through the block path, then the review the portal's jobs run.
    const slot = await trpc.capsules.upload.start.mutate({
      capsuleId,
      fileName: 'ten-minutes.mp4',
      fileSize: statSync(file).size,
      contentType: 'video/mp4',
      durationSeconds: SECONDS,
      notify: { enabled: true, timing: 'on_lock' },
    });
    await new BlockBlobClient(slot.sasUrl).uploadFile(file, {
      blockSize: slot.blockSize,
      concurrency: 4,
      blobHTTPHeaders: { blobContentType: 'video/mp4' },
    });
    const rssBefore = rssBytes(server.pid);
    const toolMemory = sampleMemory(server.pid, { descendants: 'ffmpeg' });
    const nodeMemory = sampleMemory(server.pid);
    console.log('Review through the portal ...');
    const started = performance.now();
    await trpc.capsules.upload.complete.mutate({ capsuleId, uploadId: slot.uploadId });
    // The web route while ffmpeg runs: from the card's first percentage.
    let during;
    let card;
    for (;;) {
      card = await trpc.capsules.byId.query({ id: capsuleId });
      if (card.status !== 'Reviewing') break;
      if (!during && (card.processingPercent ?? 0) > 0) during = load();
      await sleep(250);
    }
    const reviewSeconds = (performance.now() - started) / 1000;
    const peakTool = toolMemory.stop();
    const peakNode = nodeMemory.stop();
    const whileMaking = await during;
    if (card.status !== 'Sent') throw new Error(`The review ended ${card.status}: ${card.reviewReason}`);

    const details = await trpc.capsules.byId.query({ id: capsuleId });
    const figures = {
      input: `${SECONDS} s of 1920×1080 at 30 fps, ${details.videoFacts?.original?.sizeBytes ? mib(details.videoFacts.original.sizeBytes) : '?'} MiB`,
      rendition: `${details.videoFacts?.playback?.codec} ${details.videoFacts?.playback?.width}×${details.videoFacts?.playback?.height}, ${details.videoFacts?.playback?.durationSeconds} s, ${mib(details.videoFacts?.playback?.sizeBytes ?? 0)} MiB`,
      'bare ffmpeg (the floor)': `${bare.seconds.toFixed(1)} s, peak RSS ${mib(bare.peak)} MiB`,
      'review through the portal': `${reviewSeconds.toFixed(1)} s (completion to Stored)`,
      'ratio review / floor': `${(reviewSeconds / bare.seconds).toFixed(3)} (goal ≤ 1.1)`,
      'portal process RSS before / peak': `${mib(rssBefore)} MiB / ${mib(peakNode)} MiB`,
      'its ffmpeg, peak RSS': `${mib(peakTool)} MiB`,
      [`web p99 at rest (${RATE}/s, ${LOAD_SECONDS} s)`]: `${atRest.p99.toFixed(1)} ms (p50 ${atRest.p50.toFixed(1)} ms)`,
      'web p99 while the rendition is made': whileMaking
        ? `${whileMaking.p99.toFixed(1)} ms (p50 ${whileMaking.p50.toFixed(1)} ms)`
        : 'not measured (the rendition ended before the load began)',
    };
    const phases = await reviewPhases(base);
    for (const [phase, seconds] of Object.entries(phases)) {
      figures[`  phase ${phase}`] = `${seconds.toFixed(1)} s`;
    }
    console.log('\nRendition bench');
    for (const [k, v] of Object.entries(figures)) console.log(`  ${k.padEnd(42)} ${v}`);
  } finally {
    await stopServer(server);
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
