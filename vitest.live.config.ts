import { defineConfig } from 'vitest/config';

/**
 * `npm run test:live`: the built app in Debian Chromium with the real web-llm
 * runtime on a random-weight model (test/live). Not part of `npm test`: it
 * takes minutes on a software GPU adapter, and .ci/run runs it on its own.
 * One file, one browser, the model loaded once; the timeouts are generous
 * because a shared machine's speed varies severalfold.
 */
export default defineConfig({
  test: {
    name: 'live',
    include: ['test/live/**/*.live.ts'],
    environment: 'node',
    globalSetup: ['test/setup/demo.ts'],
    testTimeout: 30 * 60_000,
    expect: { poll: { timeout: 2 * 60_000, interval: 250 } },
    hookTimeout: 15 * 60_000,
    fileParallelism: false,
  },
});
