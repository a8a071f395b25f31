import { readdirSync, readFileSync } from 'node:fs';
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
 * The quick part runs its files in shared module state (no isolation: about
 * twice as fast on two cores), except the files that need their own modules:
 * those that mock a module (vi.mock) or measure the process's memory. They
 * are found by reading the test files, so a new one is never shared by mistake.
 */
const OWN_MODULES = FAST
  ? readdirSync('test', { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => `test/${f}`)
      .filter((f) => /\bvi\.(do)?mock\(|memoryUsage\(/.test(readFileSync(f, 'utf8')))
  : [];

const UNIT = {
  environment: 'node',
  globalSetup: ['test/setup/better-sqlite3.ts', 'test/setup/demo.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

/**
 * Two projects: `unit` (core and engines on Node; under CONFIDE_TEST_FAST=1
 * only its quick part, as `unit` sharing modules and `unit-own-modules`) and
 * `browser` (the built app in real Debian Chromium through playwright-core).
 * Browser tests build the app once in their global setup.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...UNIT,
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/browser/**', 'node_modules/**', ...(FAST ? [...SLOW, ...OWN_MODULES] : [])],
          ...(FAST ? { isolate: false } : {}),
        },
      },
      ...(FAST ? [{ test: { ...UNIT, name: 'unit-own-modules', include: OWN_MODULES, exclude: SLOW } }] : []),
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
