import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import BrowserFilesSpreadOut from './vitest.sequencer.js';

// One vitest run, several projects: pure unit tests, web component tests, integration tests
// on a real database, and browser tests in a real Chromium.
// The `source` condition makes workspace packages resolve to their TypeScript sources.
const resolve = { conditions: ['source', 'module', 'browser', 'development|production'] };
const serverResolve = { conditions: ['source', 'module', 'node', 'development|production'] };

/** The test files under `folder` that replace a module (`vi.mock`). */
const testFilesThatMock = (folder: string) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${folder}/${file}`)
    .filter((file) => readFileSync(file, 'utf8').includes('vi.mock('));
// A replacement only takes when the file imports that module first, so the web files that mock
// run isolated. The others share their worker's modules (React, Mantine, the app), which halves
// the web tests' time: importing them again for each file was most of it.
const webTestsThatMock = testFilesThatMock('apps/web/src');
// The integration files share their modules too (below), with no isolated project beside them.
const intTestsThatMock = testFilesThatMock('apps/server/test');
if (intTestsThatMock.length > 0)
  throw new Error(
    `vi.mock in ${intTestsThatMock.join(', ')}: the integration files share their modules, so a replaced module would leak into the next file. Inject the dependency instead (createAppDeps).`,
  );
const webUnit = {
  include: ['apps/web/src/**/*.test.{ts,tsx}'],
  environment: 'happy-dom' as const,
  setupFiles: ['apps/web/src/test/setup.ts'],
  // Component tests check behaviour, not speed: on a 2-core machine running the other
  // projects at the same time a render can take seconds (5 s, vitest's default, was hit).
  testTimeout: 20_000,
};

export default defineConfig({
  test: {
    // As many files at once as there are cores, at least two: vitest's default (cores - 1) ran
    // one file at a time on a 2-core machine, leaving a core idle while a file waits on a job's
    // poll or a timer. More than the cores overloads it (the suite is mostly CPU: ffmpeg,
    // Chromium, the server under test).
    maxWorkers: Math.max(2, availableParallelism()),
    // Browser files spread through the others (each waits for the one-browser lock).
    sequence: { sequencer: BrowserFilesSpreadOut },
    projects: [
      {
        resolve,
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve,
        test: { ...webUnit, name: 'web-unit', exclude: webTestsThatMock, isolate: false },
      },
      // Only while some file mocks: an empty include would leave a project of nothing.
      ...(webTestsThatMock.length > 0
        ? [{ resolve, test: { ...webUnit, name: 'web-unit-mocks', include: webTestsThatMock } }]
        : []),
      {
        resolve: serverResolve,
        test: {
          name: 'server-unit',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: serverResolve,
        test: {
          name: 'server-int',
          include: ['apps/server/test/**/*.int.test.ts'],
          environment: 'node',
          // The files share their worker's modules: each builds its own apps, databases and
          // queues and closes them (the app's few process-wide parts, such as Node's metrics
          // registry, are made once per process on purpose). Importing the server again for each
          // file cost a fifth of the project's time. No file replaces a module (vi.mock).
          isolate: false,
          setupFiles: ['apps/server/test/setup.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: serverResolve,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // One browser file at a time (each has its own portal and Chromium, and ffmpeg when it
          // uploads), beside the other projects' files: three at once put a 2-core machine's
          // load past 18 and every browser timeout with it. A lock rather than
          // `fileParallelism: false`, which would hold every browser file until the rest end.
          setupFiles: ['e2e/support/one-browser-at-a-time.ts'],
        },
      },
    ],
  },
});
