import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (core and engines on Node, fast) and `browser` (the
 * built app in real Debian Chromium through playwright-core). Browser tests
 * build the app once in their global setup.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/browser/**', 'node_modules/**'],
          environment: 'node',
          globalSetup: ['test/setup/better-sqlite3.ts', 'test/setup/demo.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/setup/better-sqlite3.ts', 'test/setup/demo.ts', 'test/browser/setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
