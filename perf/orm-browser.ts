/**
 * ORM throughput in headless Chromium: the ORM check page
 * (test/engines/orm/page) is built with Vite into a temporary folder, served
 * under a sub-path, and driven with playwright-core. Each launch scores the
 * same 32 candidates as `bench/orm.ts` (featurization in the worker, the
 * model run, and the comlink round trip, as the page sees them): once to
 * warm up, then 9 timed runs; the median is reported. Two launches: with
 * `--enable-unsafe-webgpu` (the engine takes WebGPU when the browser has an
 * adapter, whatever it is, and says which) and without (the wasm fallback).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../test/browser/harness.ts';
import { startStaticServer } from '../test/browser/static-server.ts';
import { buildOrmPage } from '../test/engines/orm/page/build.ts';
import { ormBenchItems } from './orm.ts';

export interface BrowserOrmFigure {
  readonly candidatesPerSecond: number;
  /** The execution provider the engine ended on. */
  readonly backend: string;
  /** The page's WebGPU adapter (vendor, architecture, device, description, isFallbackAdapter), null when none. */
  readonly adapter: Record<string, unknown> | null;
  readonly medianMs: number;
}

interface BenchResult {
  adapter: Record<string, unknown> | null;
  loaded: { ok: boolean; backend?: string; error?: { code: string; message: string } };
  error?: { code: string; message: string };
  ms: number[];
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Both launches; a launch that fails to load or score throws with the engine's error code.
 *
 * @example
 * const { webgpu, wasm } = await benchOrmBrowser();
 * console.log(webgpu.backend, webgpu.adapter?.description, webgpu.candidatesPerSecond);
 */
export async function benchOrmBrowser(runs = 9): Promise<{ webgpu: BrowserOrmFigure; wasm: BrowserOrmFigure; batch: number }> {
  const outDir = mkdtempSync(join(tmpdir(), 'confide-orm-bench-'));
  const items = ormBenchItems();
  try {
    await buildOrmPage(outDir);
    const server = await startStaticServer(outDir, '/orm/bench/');
    try {
      const once = async (webgpu: boolean): Promise<BrowserOrmFigure> => {
        const { browser, cleanup } = await launchChromium({ webgpu });
        try {
          const page = await browser.newPage();
          await page.goto(server.url);
          await page.waitForFunction(() => typeof window.ormBench === 'function');
          const r = (await page.evaluate(([it, n]) => window.ormBench(it, n), [items, runs] as const)) as BenchResult;
          const error = r.loaded.ok ? r.error : r.loaded.error;
          if (error || r.ms.length !== runs)
            throw new Error(`ORM in Chromium (webgpu flag ${webgpu}): ${error ? `${error.code}: ${error.message}` : `${r.ms.length} of ${runs} runs`}`);
          const ms = median(r.ms);
          return { candidatesPerSecond: items.length / (ms / 1000), backend: r.loaded.backend ?? 'unknown', adapter: r.adapter, medianMs: ms };
        } finally {
          await browser.close();
          cleanup();
        }
      };
      return { webgpu: await once(true), wasm: await once(false), batch: items.length };
    } finally {
      await server.close();
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
