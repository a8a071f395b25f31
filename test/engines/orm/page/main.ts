/**
 * A minimal page for the browser test of the ORM worker (test/browser/orm.test.ts)
 * and the browser figures of `npm run bench` (perf/orm-browser.ts): it starts
 * `workers/orm.worker.ts` the way the app does, loads the bundled model from
 * `models/` relative to the page (so sub-path hosting is exercised), and
 * exposes `window.ormCheck(items, model?)` (default `orm-v1`) and `window.ormBench(items, runs)`.
 */
import { wrap } from 'comlink';
import type { OrmEngine } from '../../../../src/engines/orm/engine.ts';
import type { OrmItem } from '../../../../src/core/orm/featurize.ts';

const engine = wrap<OrmEngine>(new Worker(new URL('../../../../workers/orm.worker.ts', import.meta.url), { type: 'module' }));

async function ormCheck(items: readonly OrmItem[], model = 'orm-v1') {
  const loaded = await engine.loadFromUrl(new URL(`models/${model}.json`, document.baseURI).href);
  if (!loaded.ok) return { loaded };
  const scored = await engine.score(items);
  return { loaded, scored: scored.ok ? { ok: true, backend: scored.backend, scores: Array.from(scored.scores) } : scored };
}

interface GpuAdapterLike {
  readonly info?: Record<string, unknown>;
  readonly isFallbackAdapter?: boolean;
}

/** The page's WebGPU adapter in words, or null when there is none. */
async function adapterInfo(): Promise<Record<string, unknown> | null> {
  const gpu = (navigator as { gpu?: { requestAdapter(): Promise<GpuAdapterLike | null> } }).gpu;
  const adapter = gpu ? await gpu.requestAdapter() : null;
  if (!adapter) return null;
  const info = adapter.info ?? {};
  const pick = (k: string): unknown => info[k];
  return {
    vendor: pick('vendor'),
    architecture: pick('architecture'),
    device: pick('device'),
    description: pick('description'),
    isFallbackAdapter: pick('isFallbackAdapter') ?? adapter.isFallbackAdapter ?? null,
  };
}

/**
 * Loads the bundled model, scores `items` once to warm up, then `runs` more
 * times; returns the milliseconds of each timed run as the page sees them
 * (featurization in the worker, the model run, and the comlink round trip).
 */
async function ormBench(items: readonly OrmItem[], runs: number) {
  const adapter = await adapterInfo();
  const loaded = await engine.loadFromUrl(new URL('models/orm-v1.json', document.baseURI).href);
  if (!loaded.ok) return { adapter, loaded, ms: [] as number[] };
  const warm = await engine.score(items);
  if (!warm.ok) return { adapter, loaded, error: warm.error, ms: [] as number[] };
  const ms: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    const s = await engine.score(items);
    if (!s.ok) return { adapter, loaded, error: s.error, ms };
    ms.push(performance.now() - t0);
  }
  return { adapter, loaded, ms };
}

declare global {
  interface Window {
    ormCheck: typeof ormCheck;
    ormBench: typeof ormBench;
  }
}
window.ormCheck = ormCheck;
window.ormBench = ormBench;
