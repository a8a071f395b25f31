/**
 * The ORM engine the worker exposes, run here in Node with onnxruntime-web's
 * wasm build: loading, the execution-provider fallback (Node has no WebGPU,
 * so a WebGPU-first list must land cleanly on wasm and say why), serialized
 * concurrent runs, errors as data with codes, and model replacement.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ort from 'onnxruntime-web';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FEATURIZER, denseFeatureNames } from '../../../src/core/orm/layout.ts';
import { initMlp } from '../../../src/core/orm/training/mlp.ts';
import { mulberry32 } from '../../../src/core/stats/mulberry32.ts';
import { createOrmEngine } from '../../../src/engines/orm/engine.ts';
import { mlpToOnnx } from '../../../src/node/orm/onnx.ts';
import { syntheticRecords, TOY_DOMAINS, toySchema } from '../../../src/core/orm/training/synthetic.ts';

const dim = 1024;
const sidecar = {
  format: 'confide-orm',
  version: 1,
  name: 'test-orm',
  model: 'test.onnx',
  featurizer: { ...DEFAULT_FEATURIZER, dim, denseFeatures: denseFeatureNames() },
  architecture: { sizes: [dim, 8, 1], activation: 'relu', output: 'sigmoid', weights: 'int8-per-channel-qdq', opset: 17, irVersion: 8, bytes: 0 },
  io: { input: 'features', output: 'score' },
  training: {},
  quality: { status: 'not yet measured' },
};
const params = initMlp([dim, 8, 1], mulberry32(4));
params.weights[0]!.forEach((w, i, a) => {
  a[i] = 3 * w;
});
const model = mlpToOnnx(params, { weights: 'int8' });
const schemas = new Map(TOY_DOMAINS.map((d) => [d.db, toySchema(d)]));
const items = syntheticRecords(mulberry32(2), 1)
  .slice(0, 4)
  .flatMap((r) => r.candidates.map((c) => ({ question: r.question, sql: c.sql, schema: schemas.get(r.db_id)! })));

beforeAll(() => {
  ort.env.wasm.numThreads = 1;
});

describe('createOrmEngine', () => {
  it('falls back from webgpu to wasm and reports both the backend and why', async () => {
    const engine = createOrmEngine({ ort, executionProviders: ['webgpu', 'wasm'] });
    const r = await engine.load(model, sidecar, 'test.onnx');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.backend).toBe('wasm');
    expect(r.fallbacks.map((f) => f.backend)).toEqual(['webgpu']);
    expect(r.fallbacks[0]!.message.length).toBeGreaterThan(0);
    const s = await engine.score(items);
    expect(s.ok && s.backend).toBe('wasm');
    await engine.unload();
  });

  it('answers ORM_NO_BACKEND when no requested provider can start', async () => {
    const r = await createOrmEngine({ ort, executionProviders: ['webgpu'] }).load(model, sidecar);
    expect(r.ok ? 'loaded' : r.error.code).toBe('ORM_NO_BACKEND');
  });

  it('answers ORM_NOT_LOADED before a model is loaded', async () => {
    const r = await createOrmEngine({ ort }).score(items);
    expect(r.ok ? 'scored' : r.error.code).toBe('ORM_NOT_LOADED');
  });

  it('runs concurrent score calls one after another, each with its own result', async () => {
    const engine = createOrmEngine({ ort, executionProviders: ['wasm'] });
    await engine.load(model, sidecar);
    const singles: Float32Array[] = [];
    for (const it of items) {
      const r = await engine.score([it]);
      if (r.ok) singles.push(r.scores);
    }
    expect(singles.length).toBe(items.length);
    const [all, ...each] = await Promise.all([engine.score(items), ...items.map((it) => engine.score([it]))]);
    expect(all!.ok).toBe(true);
    if (!all!.ok) return;
    each.forEach((r, i) => {
      expect(r.ok).toBe(true);
      if (r.ok) {
        expect(r.scores[0]).toBe(singles[i]![0]);
        expect(Math.abs(all.scores[i]! - r.scores[0]!)).toBeLessThan(1e-6);
      }
    });
    await engine.unload();
  });

  it('returns errors as data with a code, and keeps the previous model when a new one fails', async () => {
    const engine = createOrmEngine({ ort, executionProviders: ['wasm'] });
    await engine.load(model, sidecar);
    const bad = await engine.load(new Uint8Array([1, 2, 3]), sidecar, 'junk.onnx');
    expect(bad.ok ? 'loaded' : bad.error.code).toBe('ORM_NOT_ONNX');
    const badSidecar = await engine.load(model, { ...sidecar, io: { input: 'x', output: 'score' } });
    expect(badSidecar.ok ? 'loaded' : badSidecar.error.code).toBe('ORM_BAD_SIDECAR');
    const still = await engine.score(items);
    expect(still.ok).toBe(true);
    await engine.unload();
  });

  it('loads a sidecar URL and the model it names relative to it; a 404 is ORM_FETCH_FAILED', async () => {
    const served = new Map<string, BodyInit>([
      ['https://app.example/sub/models/test.json', JSON.stringify(sidecar)],
      ['https://app.example/sub/models/test.onnx', new Blob([model.slice()])],
    ]);
    const fakeFetch = (async (input: string | URL | Request) => {
      const body = served.get(String(input));
      return body === undefined ? new Response('no', { status: 404 }) : new Response(body);
    }) as typeof fetch;
    const engine = createOrmEngine({ ort, executionProviders: ['wasm'], fetch: fakeFetch });
    const r = await engine.loadFromUrl('https://app.example/sub/models/test.json');
    expect(r.ok && r.name).toBe('test-orm');
    const missing = await engine.loadFromUrl('https://app.example/sub/models/other.json');
    expect(missing.ok ? 'loaded' : missing.error.code).toBe('ORM_FETCH_FAILED');
    await engine.unload();
  });
});

describe('the bundled model (public/models)', () => {
  it("matches this build's featurizer and contract, and scores on wasm", async () => {
    const dir = join(import.meta.dirname, '../../../public/models');
    const side = JSON.parse(readFileSync(join(dir, 'orm-v1.json'), 'utf8'));
    const engine = createOrmEngine({ ort, executionProviders: ['wasm'] });
    const r = await engine.load(readFileSync(join(dir, side.model)), side, 'orm-v1.onnx');
    expect(r.ok ? r.dim : r.error.message).toBe(DEFAULT_FEATURIZER.dim);
    const s = await engine.score(items);
    expect(s.ok && s.scores.length).toBe(items.length);
    await engine.unload();
  });
});
