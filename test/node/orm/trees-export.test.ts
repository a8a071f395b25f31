/**
 * Boosted trees under the ORM contract: a model fit here on a small problem
 * the test makes (the label depends on an interaction no linear model reads),
 * exported as one TreeEnsembleRegressor plus Sigmoid, loads through the ORM
 * engine on onnxruntime-web (wasm, as Node and the page without WebGPU run
 * it) and scores every row as the fit does; and it ranks the interaction
 * better than chance, where a linear score cannot.
 */
import { describe, expect, it } from 'vitest';
import { fitBoostedTrees, predictBoostedTrees } from '../../../src/core/orm/boost.ts';
import { DEFAULT_FEATURIZER, denseFeatureNames } from '../../../src/core/orm/layout.ts';
import { mulberry32 } from '../../../src/core/stats/mulberry32.ts';
import { auroc } from '../../../src/core/stats/index.ts';
import { createOrmScorer } from '../../../src/node/orm/score.ts';
import { treesToOnnx } from '../../../src/node/orm/onnx-trees.ts';

const dim = 512;
const featurizer = { ...DEFAULT_FEATURIZER, dim, evidence: true };

describe('boosted trees as an ORM model', () => {
  it('scores in onnxruntime-web exactly as the fit, and reads an interaction', async () => {
    const rand = mulberry32(7);
    const rows = Array.from({ length: 600 }, () => [rand() < 0.5 ? 1 : 0, rand() < 0.5 ? 1 : 0, rand(), Math.floor(rand() * 5) / 7]);
    const y = rows.map((r) => ((r[0]! === r[1]!) !== (rand() < 0.1) ? 1 : 0));
    const model = fitBoostedTrees(rows, y, { trees: 40, depth: 3, rate: 0.2 });
    const fitted = rows.map((r) => predictBoostedTrees(model, r));
    expect(auroc(Float64Array.from(fitted), Uint8Array.from(y))).toBeGreaterThan(0.85);
    const slots = [3, 40, 120, 145];
    const bytes = treesToOnnx(model, dim, slots);
    const sidecar = {
      format: 'confide-orm', version: 1, name: 'trees-test', model: 'trees-test.onnx',
      featurizer: { ...featurizer, denseFeatures: denseFeatureNames(featurizer) },
      architecture: { sizes: [dim, 1], activation: 'relu', output: 'sigmoid', weights: 'float32', opset: 17, irVersion: 8, bytes: bytes.byteLength },
      io: { input: 'features', output: 'score' }, training: {}, quality: { status: 'not yet measured' },
    };
    const scorer = await createOrmScorer(bytes, sidecar);
    try {
      const x = new Float32Array(rows.length * dim);
      rows.forEach((r, i) => r.forEach((v, j) => (x[i * dim + slots[j]!] = v)));
      const r = await scorer.scoreFeatures(x, rows.length);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      const worst = Math.max(...fitted.map((p, i) => Math.abs(p - r.scores[i]!)));
      expect(worst).toBeLessThan(1e-5);
    } finally {
      await scorer.unload();
    }
  });
});
