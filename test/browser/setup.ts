/**
 * Global setup for the browser project: builds the app once with Vite and
 * serves `dist` under a sub-path (`/some/sub/path/`) from a tiny static server,
 * so every browser test also checks sub-path deployment. The URL is handed to
 * tests through vitest's `provide`/`inject` as `appUrl`.
 *
 * It also launches the one Chromium the tests share (`launchServer`); its
 * endpoint goes to tests as `browserEndpoint`, and every test worker connects
 * to it (see `openApp`). The teardown closes it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { CHROMIUM, CHROMIUM_ARGS } from './harness.ts';
import { startStaticServer } from './static-server.ts';

export const SUB_PATH = '/some/sub/path/';

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    distDir: string;
    /** The shared Chromium's Playwright endpoint, for `chromium.connect`. */
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const outDir = mkdtempSync(join(tmpdir(), 'confide-dist-'));
  await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: false } });
  const server = await startStaticServer(outDir, SUB_PATH);
  const browserServer = await chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] });
  project.provide('appUrl', server.url);
  project.provide('distDir', outDir);
  project.provide('browserEndpoint', browserServer.wsEndpoint());
  return async () => {
    await browserServer.close();
    await server.close();
    rmSync(outDir, { recursive: true, force: true });
  };
}
