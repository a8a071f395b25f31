/**
 * Builds the ORM check page (this folder) with Vite into `outDir`, with the
 * app's `public/` (so `models/orm-v1.json` is served next to the page) and
 * the worker as an ES module. Shared by test/browser/orm.test.ts and
 * perf/orm-browser.ts.
 */
import { join } from 'node:path';
import { build } from 'vite';

const REPO = join(import.meta.dirname, '../../../..');

/**
 * Builds the page; serve `outDir` under any sub-path.
 *
 * @example
 * await buildOrmPage(mkdtempSync(join(tmpdir(), 'confide-orm-page-')));
 */
export async function buildOrmPage(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: import.meta.dirname,
    base: './',
    publicDir: join(REPO, 'public'),
    logLevel: 'warn',
    worker: { format: 'es' },
    optimizeDeps: { exclude: ['onnxruntime-web'] },
    build: { outDir, emptyOutDir: true, target: 'es2022', assetsInlineLimit: 0, chunkSizeWarningLimit: 8000 },
  });
}
