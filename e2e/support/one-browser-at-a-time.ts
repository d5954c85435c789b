import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { afterAll, beforeAll } from 'vitest';

/**
 * A setup file of the browser project: each browser file holds a machine-wide lock while it
 * runs, so at most one portal-and-Chromium runs at a time while the other workers go on with
 * integration files. Vitest's own switch for this (`fileParallelism: false`) runs the browser
 * files only after every other file, one after another, which left a core idle for a quarter
 * of the suite. The order that keeps browser files apart is in vitest.sequencer.ts.
 */
const LOCK_DIR = join(tmpdir(), 'capsule-portal-tests');
const LOCK_TARGET = join(LOCK_DIR, 'browser');
/** Long enough to wait out the longest browser file (video upload, four minutes under load). */
const WAIT_MS = 30 * 60_000;

let release: (() => Promise<void>) | undefined;

beforeAll(async () => {
  mkdirSync(LOCK_DIR, { recursive: true });
  const asked = Date.now();
  release = await lockfile.lock(LOCK_TARGET, {
    realpath: false,
    // A killed worker's lock goes stale once it stops refreshing it.
    stale: 20_000,
    update: 5_000,
    retries: { retries: WAIT_MS / 1_000, factor: 1, minTimeout: 1_000, maxTimeout: 1_000 },
  });
  // Long waits mean the order in vitest.sequencer.ts no longer keeps browser files apart.
  const waited = Math.round((Date.now() - asked) / 1000);
  if (waited >= 5) console.info(`waited ${waited} s for another browser file to finish`);
}, WAIT_MS + 60_000);

afterAll(async () => {
  await release?.();
});
