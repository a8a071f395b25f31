/**
 * Global setup for the browser project: builds the app once with Vite and
 * serves `dist` under a sub-path (`/some/sub/path/`) from a tiny static server,
 * so every browser test also checks sub-path deployment. The URL is handed to
 * tests through vitest's `provide`/`inject` as `appUrl`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { startStaticServer } from './static-server.ts';

export const SUB_PATH = '/some/sub/path/';

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    distDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const outDir = mkdtempSync(join(tmpdir(), 'confide-dist-'));
  await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: false } });
  const server = await startStaticServer(outDir, SUB_PATH);
  project.provide('appUrl', server.url);
  project.provide('distDir', outDir);
  return async () => {
    await server.close();
    rmSync(outDir, { recursive: true, force: true });
  };
}
