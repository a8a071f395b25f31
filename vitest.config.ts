import { defineConfig } from 'vitest/config';

/**
 * What `npm run test:fast` (CONFIDE_TEST_FAST=1) leaves to `npm test`: tests
 * that read ../shared's Spider data, start CLI processes, rebuild or recompute
 * bundled artifacts, run the hardening corpus, train models or open
 * multi-gigabyte files. The rest of the unit project runs in about a minute.
 */
const SLOW = [
  'test/scripts/**',
  'test/docs/**',
  'test/cli/**',
  'test/hardening/**',
  'test/node/orm/**',
  'test/node/bench-spider.test.ts',
  'test/node/analysis-thread.test.ts',
  'test/engines/sql/spider-agreement.test.ts',
  'test/core/sql/spider-gold-structure-and-usage.test.ts',
  'test/core/sql/describe/spider-gold-readings.test.ts',
  'test/core/sql/scopes-agree-with-sqlite.test.ts',
  'test/core/stats/guarded-spider-a.test.ts',
  'test/core/mutate/spider-dev-mutants.test.ts',
  'test/core/eval/uneven-pools-stopped-the-evaluation.test.ts',
  'test/app/big-files.test.ts',
  'test/app/analysis-worker-stops-a-stuck-parse.test.ts',
];
const FAST = process.env.CONFIDE_TEST_FAST === '1';

/**
 * Two projects: `unit` (core and engines on Node; only its quick part under
 * CONFIDE_TEST_FAST=1) and `browser` (the
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
          exclude: ['test/browser/**', 'node_modules/**', ...(FAST ? SLOW : [])],
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
