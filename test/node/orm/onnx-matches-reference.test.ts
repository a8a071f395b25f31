/**
 * The exported ONNX model computes the reference TS forward pass: float32
 * and int8 (QDQ) exports scored by onnxruntime-web's wasm build in Node agree
 * with `predictDense` (int8: on the dequantized weights) within 1e-4.
 */
import { describe, expect, it } from 'vitest';
import { featurizeBatch } from '../../../src/core/orm/featurize.ts';
import { DEFAULT_FEATURIZER, denseFeatureNames } from '../../../src/core/orm/layout.ts';
import { initMlp, predictDense } from '../../../src/core/orm/training/mlp.ts';
import { int8Equivalent, quantizePerColumn } from '../../../src/core/orm/training/quantize.ts';
import { mulberry32 } from '../../../src/core/stats/mulberry32.ts';
import type { OrmSidecar } from '../../../src/core/orm/sidecar.ts';
import { decodeOnnx, mlpToOnnx } from '../../../src/node/orm/onnx.ts';
import { createOrmScorer } from '../../../src/node/orm/score.ts';
import { syntheticRecords, TOY_DOMAINS, toySchema } from '../../../src/core/orm/training/synthetic.ts';
import { scoresOrThrow } from '../../../src/engines/orm/engine.ts';

const config = { ...DEFAULT_FEATURIZER, dim: 1024 };
const sidecar = (sizes: number[]): OrmSidecar => ({
  format: 'confide-orm',
  version: 1,
  name: 't',
  model: 't.onnx',
  featurizer: { ...config, denseFeatures: denseFeatureNames() },
  architecture: { sizes, activation: 'relu', output: 'sigmoid', weights: 'float32', opset: 17, irVersion: 8, bytes: 0 },
  io: { input: 'features', output: 'score' },
  training: {},
  quality: { status: 'not yet measured' },
});

// Random weights scaled up so scores spread over (0, 1) instead of sitting at 0.5.
const params = initMlp([config.dim, 24, 8, 1], mulberry32(5));
params.weights[0]!.forEach((w, i, a) => {
  a[i] = w * 3;
});
params.biases[0]!.fill(0.05);
const schemas = new Map(TOY_DOMAINS.map((d) => [d.db, toySchema(d)]));
const items = syntheticRecords(mulberry32(8), 2).flatMap((r) => r.candidates.map((c) => ({ question: r.question, sql: c.sql, schema: schemas.get(r.db_id)! })));
const x = featurizeBatch(items, config);

describe.each(['float32', 'int8'] as const)('%s export', (weights) => {
  it('scores like the TS forward pass within 1e-4 on onnxruntime-web (wasm, Node)', async () => {
    const scorer = await createOrmScorer(mlpToOnnx(params, { weights }), sidecar([...params.sizes]));
    const got = scoresOrThrow(await scorer.score(items));
    const want = predictDense(weights === 'int8' ? int8Equivalent(params) : params, x, items.length);
    await scorer.unload();
    expect(got.length).toBe(items.length);
    const spread = Math.max(...want) - Math.min(...want);
    expect(spread).toBeGreaterThan(0.05);
    for (let i = 0; i < items.length; i++) expect(Math.abs(got[i]! - want[i]!)).toBeLessThan(1e-4);
  });
});

describe('int8 export', () => {
  it('stores QDQ weights: int8 initializers, per-channel scales, DequantizeLinear on axis 1, ir 8, opset 17', () => {
    const m = decodeOnnx(mlpToOnnx(params, { weights: 'int8' }));
    expect(m.ir_version).toBe(8);
    expect(m.opset_import).toEqual([{ domain: '', version: 17 }]);
    const dq = m.graph.node.filter((n) => n.op_type === 'DequantizeLinear');
    expect(dq.length).toBe(3);
    for (const n of dq) expect(n.attribute).toMatchObject([{ name: 'axis', type: 2, i: 1 }]);
    const w0 = m.graph.initializer.find((t) => t.name === 'W0_q')!;
    expect(w0.data_type).toBe(3);
    expect(w0.dims).toEqual([config.dim, 24]);
    const scale = m.graph.initializer.find((t) => t.name === 'W0_scale')!;
    const stored = new Float32Array(Uint8Array.from(scale.raw_data).buffer);
    expect(Array.from(stored)).toEqual(Array.from(quantizePerColumn(params.weights[0]!, config.dim, 24).scale));
    expect(m.graph.node.map((n) => n.op_type).filter((o) => o === 'MatMulInteger' || o === 'DynamicQuantizeLinear')).toEqual([]);
  });

  it('is about a quarter of the float32 size', () => {
    const ratio = mlpToOnnx(params, { weights: 'int8' }).byteLength / mlpToOnnx(params, { weights: 'float32' }).byteLength;
    expect(ratio).toBeLessThan(0.3);
  });

  it('moves probabilities by little: the int8 model stays within 0.02 of the float model here', async () => {
    const f = predictDense(params, x, items.length);
    const q = predictDense(int8Equivalent(params), x, items.length);
    for (let i = 0; i < items.length; i++) expect(Math.abs(f[i]! - q[i]!)).toBeLessThan(0.02);
  });
});
