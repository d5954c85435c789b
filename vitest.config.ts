import { defineConfig } from 'vitest/config';

// One vitest run, several projects: pure unit tests, web component tests, integration tests
// on a real database, and browser tests in a real Chromium.
// The `source` condition makes workspace packages resolve to their TypeScript sources.
const resolve = { conditions: ['source', 'module', 'browser', 'development|production'] };

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
