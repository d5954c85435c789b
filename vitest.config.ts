import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One vitest run, several projects: pure unit tests, web component tests, integration tests
// on a real database, and browser tests in a real Chromium.
// The `source` condition makes workspace packages resolve to their TypeScript sources.
const resolve = { conditions: ['source', 'module', 'browser', 'development|production'] };
const serverResolve = { conditions: ['source', 'module', 'node', 'development|production'] };

export default defineConfig({
  test: {
    // Test files mostly wait (on PostgreSQL, ffmpeg, Chromium, a job's poll), so more files run
    // at once than there are cores: vitest's default (cores - 1) ran one file at a time on a
    // 2-core machine, and the whole suite past its 40-minute budget.
    maxWorkers: Math.max(3, availableParallelism() - 1),
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
        test: {
          name: 'web-unit',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Component tests check behaviour, not speed: on a 2-core machine running the other
          // projects at the same time a render can take seconds (5 s, vitest's default, was hit).
          testTimeout: 20_000,
        },
      },
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
          // Browser files run beside the others within the run's maxWorkers (each has its own
          // portal and Chromium): run one by one they were the suite's long tail. A per-project
          // maxWorkers would put the project in a group of its own, run after the others.
        },
      },
    ],
  },
});
