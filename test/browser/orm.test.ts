/**
 * The ORM worker in real Chromium scores like Node: a small page
 * (test/engines/orm/page) built with Vite starts `workers/orm.worker.ts`,
 * loads the bundled model from `models/` under a sub-path, and scores 32
 * candidates; the scores match onnxruntime-web wasm in Node within 1e-4, on
 * the WebGPU EP (SwiftShader adapter, `--enable-unsafe-webgpu`) and on the
 * wasm fallback without the flag. Every request stays under the page's own
 * sub-path (the ort wasm is served by the app, never a CDN). The stacked
 * tree verifiers `orm-v4` and `orm-v5` (a linear log-odds computed in the graph, then their
 * tree ensemble written in standard operators over the vector, the evidence
 * slots and that log-odds) loads in the page and scores candidates with
 * evidence as Node does, on both backends: the page's onnxruntime-web has
 * no tree-ensemble operator, so a file written with one would not load.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrmItem } from '../../src/core/orm/featurize.ts';
import { EVIDENCE_FEATURES } from '../../src/core/evidence/index.ts';
import { mulberry32 } from '../../src/core/stats/mulberry32.ts';
import { loadOrmScorer } from '../../src/node/orm/score.ts';
import { syntheticRecords, TOY_DOMAINS, toySchema } from '../../src/core/orm/training/synthetic.ts';
import { buildOrmPage } from '../engines/orm/page/build.ts';
import { launchChromium } from './harness.ts';
import { startStaticServer, type StaticServer } from './static-server.ts';
import { scoresOrThrow } from '../../src/engines/orm/engine.ts';

const REPO = join(import.meta.dirname, '../..');
const schemas = new Map(TOY_DOMAINS.map((d) => [d.db, toySchema(d)]));
const items: OrmItem[] = syntheticRecords(mulberry32(7), 2)
  .flatMap((r) => r.candidates.map((c) => ({ question: r.question, sql: c.sql, schema: schemas.get(r.db_id)! })))
  .slice(0, 32);

let outDir: string;
let server: StaticServer;
let nodeScores: Float32Array;
const stackedScores = new Map<string, Float32Array>();
// The evidence of what each query returns, as the featurizer reads it (seeded values in each slot's range).
const evidenceRand = mulberry32(11);
const withEvidence: OrmItem[] = items.map((it) => ({
  ...it,
  result: EVIDENCE_FEATURES.map((_, j) => (j === 0 ? 1 : evidenceRand() < 0.3 ? evidenceRand() : 0)),
}));

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'confide-orm-page-'));
  await buildOrmPage(outDir);
  server = await startStaticServer(outDir, '/orm/check/');
  const scorer = await loadOrmScorer(join(REPO, 'public/models/orm-v1.json'));
  nodeScores = scoresOrThrow(await scorer.score(items));
  await scorer.unload();
  for (const name of ['orm-v4', 'orm-v5']) {
    const stacked = await loadOrmScorer(join(REPO, `public/models/${name}.json`));
    stackedScores.set(name, scoresOrThrow(await stacked.score(withEvidence)));
    await stacked.unload();
  }
});

afterAll(async () => {
  await server?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

interface Check {
  loaded: { ok: boolean; backend?: string; fallbacks?: { backend: string }[] };
  scored?: { ok: boolean; backend?: string; scores?: number[] };
}

describe.each([
  { webgpu: true, backend: 'webgpu', fellBack: [] as string[] },
  { webgpu: false, backend: 'wasm', fellBack: ['webgpu'] },
])('the ORM worker with webgpu flag $webgpu', ({ webgpu, backend, fellBack }) => {
  it(`runs on ${backend} and matches Node's scores within 1e-4, fetching only from its own sub-path`, async () => {
    const { browser, cleanup } = await launchChromium({ webgpu });
    try {
      const page = await browser.newPage();
      const requests: string[] = [];
      page.context().on('request', (r) => requests.push(r.url()));
      await page.goto(server.url);
      await page.waitForFunction(() => typeof window.ormCheck === 'function');
      const r = (await page.evaluate((it) => window.ormCheck(it), items)) as Check;
      expect(r.loaded.ok).toBe(true);
      expect(r.loaded.backend).toBe(backend);
      expect(r.loaded.fallbacks?.map((f) => f.backend)).toEqual(fellBack);
      expect(r.scored?.ok).toBe(true);
      expect(r.scored?.backend).toBe(backend);
      const scores = r.scored?.scores ?? [];
      expect(scores.length).toBe(items.length);
      scores.forEach((s, i) => expect(Math.abs(s - nodeScores[i]!)).toBeLessThan(1e-4));
      expect(requests.filter((u) => !u.startsWith(server.url))).toEqual([]);
      expect(requests.some((u) => /ort-wasm-simd-threaded\.asyncify.*\.wasm$/.test(u))).toBe(true);
    } finally {
      await browser.close();
      cleanup();
    }
  });

  it.each(['orm-v4', 'orm-v5'])(`loads the stacked tree verifier %s on ${backend} and scores as Node does, within 1e-4`, async (model) => {
    const { browser, cleanup } = await launchChromium({ webgpu });
    try {
      const page = await browser.newPage();
      await page.goto(server.url);
      await page.waitForFunction(() => typeof window.ormCheck === 'function');
      const r = (await page.evaluate(([it, m]) => window.ormCheck(it, m), [withEvidence, model] as const)) as Check;
      expect(r.loaded.ok).toBe(true);
      expect(r.loaded.backend).toBe(backend);
      expect(r.scored?.ok).toBe(true);
      const scores = r.scored?.scores ?? [];
      expect(scores.length).toBe(withEvidence.length);
      scores.forEach((s, i) => expect(Math.abs(s - stackedScores.get(model)![i]!)).toBeLessThan(1e-4));
      // The scores differ between candidates: the graph read the vector, not a constant.
      expect(new Set(scores.map((s) => s.toFixed(4))).size).toBeGreaterThan(4);
    } finally {
      await browser.close();
      cleanup();
    }
  });
});
