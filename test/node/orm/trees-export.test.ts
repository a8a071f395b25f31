/**
 * Boosted trees under the ORM contract: a model fit here on a small problem
 * the test makes (the label depends on an interaction no linear model reads),
 * exported as one TreeEnsembleRegressor plus Sigmoid, loads through the ORM
 * engine on onnxruntime-web (wasm, as Node and the page without WebGPU run
 * it) and scores every row as the fit does; and it ranks the interaction
 * better than chance, where a linear score cannot. Stacked, a linear
 * log-odds computed inside the graph (rounded to the fit's grid) is one more
 * input the trees read, and the graph scores as the fit does. The ensemble
 * is written in standard operators (the page's onnxruntime-web has no tree
 * operator): trees of uneven shape, a tree that is one leaf, inputs exactly
 * on a threshold and NaN inputs score as the ai.onnx.ml operator scores them
 * in Node, and a file written with that operator is rewritten so.
 */
import { describe, expect, it } from 'vitest';
import { fitBoostedTrees, predictBoostedTrees } from '../../../src/core/orm/training/boost.ts';
import { DEFAULT_FEATURIZER, denseFeatureNames } from '../../../src/core/orm/layout.ts';
import { mulberry32 } from '../../../src/core/stats/mulberry32.ts';
import { auroc } from '../../../src/core/stats/index.ts';
import { createOrmScorer } from '../../../src/node/orm/score.ts';
import { standardTrees, treesToOnnx } from '../../../src/node/orm/onnx-trees.ts';
import { modelProtoType } from '../../../src/node/orm/onnx-proto.ts';
import type { BoostedTrees } from '../../../src/core/orm/training/boost.ts';
import { STACK_GRID, stackInput } from '../../../scripts/orm/stacked-recipe.ts';

const dim = 512;
const featurizer = { ...DEFAULT_FEATURIZER, dim, evidence: true };

describe('boosted trees as an ORM model', () => {
  it('scores in onnxruntime-web exactly as the fit, and reads an interaction', async () => {
    const rand = mulberry32(7);
    const rows = Array.from({ length: 600 }, () => [rand() < 0.5 ? 1 : 0, rand() < 0.5 ? 1 : 0, rand(), Math.floor(rand() * 5) / 7]);
    const y = rows.map((r) => ((r[0]! === r[1]!) !== rand() < 0.1 ? 1 : 0));
    const model = fitBoostedTrees(rows, y, { trees: 40, depth: 3, rate: 0.2 });
    const fitted = rows.map((r) => predictBoostedTrees(model, r));
    expect(auroc(Float64Array.from(fitted), Uint8Array.from(y))).toBeGreaterThan(0.85);
    const slots = [3, 40, 120, 145];
    const bytes = treesToOnnx(model, dim, slots);
    const sidecar = {
      format: 'confide-orm',
      version: 1,
      name: 'trees-test',
      model: 'trees-test.onnx',
      featurizer: { ...featurizer, denseFeatures: denseFeatureNames(featurizer) },
      architecture: { sizes: [dim, 1], activation: 'relu', output: 'sigmoid', weights: 'float32', opset: 17, irVersion: 8, bytes: bytes.byteLength },
      io: { input: 'features', output: 'score' },
      training: {},
      quality: { status: 'not yet measured' },
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

  it('stacked: reads a linear log-odds the graph computes from the vector, exactly as the fit', async () => {
    const rand = mulberry32(11);
    const weights = new Float32Array(dim);
    weights[5] = 1.5;
    weights[9] = -2;
    const bias = 0.25;
    const rows = Array.from({ length: 800 }, () => [rand(), rand(), rand() < 0.5 ? 1 : 0]);
    // The linear part: slots 5 and 9 hold rows' first two values; the trees read slot 70 (third value) and the stacked input.
    const linear = rows.map((r) =>
      Math.fround(Math.fround(bias) + Math.fround(Math.fround(1.5) * Math.fround(r[0]!)) + Math.fround(Math.fround(-2) * Math.fround(r[1]!))),
    );
    const stacked = linear.map((z) => stackInput(1 / (1 + Math.exp(-z))));
    const y = rows.map((r, i) => (stacked[i]! > 0 !== (r[2] === 1) ? 1 : 0));
    const x = rows.map((r, i) => [r[2]!, stacked[i]!]);
    const model = fitBoostedTrees(x, y, { trees: 30, depth: 2, rate: 0.3 });
    const fitted = x.map((r) => predictBoostedTrees(model, r));
    expect(auroc(Float64Array.from(fitted), Uint8Array.from(y))).toBeGreaterThan(0.9);
    const bytes = treesToOnnx(model, dim, [70, dim], { stacked: { weights, bias, grid: STACK_GRID } });
    const sidecar = {
      format: 'confide-orm',
      version: 1,
      name: 'stacked-test',
      model: 'stacked-test.onnx',
      featurizer: { ...featurizer, denseFeatures: denseFeatureNames(featurizer) },
      architecture: { sizes: [dim, 1], activation: 'relu', output: 'sigmoid', weights: 'float32', opset: 17, irVersion: 8, bytes: bytes.byteLength },
      io: { input: 'features', output: 'score' },
      training: {},
      quality: { status: 'not yet measured' },
    };
    const scorer = await createOrmScorer(bytes, sidecar);
    try {
      const v = new Float32Array(rows.length * dim);
      rows.forEach((r, i) => {
        v[i * dim + 5] = r[0]!;
        v[i * dim + 9] = r[1]!;
        v[i * dim + 70] = r[2]!;
      });
      const r = await scorer.scoreFeatures(v, rows.length);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      const differ = fitted.filter((p, i) => Math.abs(p - r.scores[i]!) > 1e-5).length;
      expect(differ).toBeLessThanOrEqual(1);
    } finally {
      await scorer.unload();
    }
  });

  it('writes the ensemble in standard operators that score as the tree operator does, and rewrites a file that has one', async () => {
    const leaf = (value: number) => ({ feature: -1, threshold: 0, left: 0, right: 0, value });
    const split = (feature: number, threshold: number, left: number, right: number) => ({ feature, threshold, left, right, value: 0 });
    const model: BoostedTrees = {
      base: -0.3,
      features: 3,
      trees: [
        [split(0, 0.5, 1, 2), leaf(0.7), split(1, -1.25, 3, 4), split(2, 2, 5, 6), leaf(-0.4), leaf(0.05), leaf(1.5)], // uneven: a leaf at depth 1, one at depth 3
        [leaf(0.2)], // one leaf: every row reaches it
        [split(2, 0, 2, 1), leaf(-1), leaf(0.9)], // children listed out of order
      ],
    };
    const slots = [7, 100, 3];
    const sidecar = (bytes: Uint8Array) => ({
      format: 'confide-orm',
      version: 1,
      name: 'ops-test',
      model: 'ops-test.onnx',
      featurizer: { ...featurizer, denseFeatures: denseFeatureNames(featurizer) },
      architecture: { sizes: [dim, 1], activation: 'relu', output: 'sigmoid', weights: 'float32', opset: 17, irVersion: 8, bytes: bytes.byteLength },
      io: { input: 'features', output: 'score' },
      training: {},
      quality: { status: 'not yet measured' },
    });
    const rand = mulberry32(3);
    const grid = [Number.NaN, -2, -1.25, Math.fround(-1.25 - 1e-6), 0, 0.5, Math.fround(0.5 + 1e-7), 2, 3];
    const n = 400;
    const x = new Float32Array(n * dim);
    for (let r = 0; r < n; r++) for (const s of slots) x[r * dim + s] = grid[Math.floor(rand() * grid.length)]!;
    const ml = treesToOnnx(model, dim, slots, { ops: 'ml' });
    const standard = treesToOnnx(model, dim, slots);
    const rewritten = standardTrees(ml);
    const type = modelProtoType();
    for (const bytes of [standard, rewritten]) {
      const m = type.toObject(type.decode(bytes)) as { graph: { node: { op_type: string; domain?: string }[] }; opset_import: { domain?: string }[] };
      expect(m.graph.node.some((n) => n.op_type.startsWith('TreeEnsemble') || (n.domain ?? '') !== '')).toBe(false);
      expect(m.opset_import.map((o) => o.domain ?? '')).toEqual(['']);
    }
    const scores = await Promise.all(
      [ml, standard, rewritten].map(async (bytes) => {
        const scorer = await createOrmScorer(bytes, sidecar(bytes));
        try {
          const r = await scorer.scoreFeatures(x, n);
          expect(r.ok).toBe(true);
          return r.ok ? r.scores : new Float32Array(0);
        } finally {
          await scorer.unload();
        }
      }),
    );
    // The fit's own prediction agrees too, wherever no input is NaN.
    const byFit = Array.from({ length: n }, (_, r) =>
      predictBoostedTrees(
        model,
        slots.map((s) => x[r * dim + s]!),
      ),
    );
    for (let i = 0; i < n; i++) {
      expect(Math.abs(scores[1]![i]! - scores[0]![i]!)).toBeLessThan(1e-6);
      expect(Math.abs(scores[2]![i]! - scores[0]![i]!)).toBeLessThan(1e-6);
      if (slots.every((s) => !Number.isNaN(x[i * dim + s]!))) expect(Math.abs(scores[1]![i]! - byFit[i]!)).toBeLessThan(1e-6);
    }
    expect(new Set(Array.from(scores[1]!, (s) => s.toFixed(5))).size).toBeGreaterThan(5);
  });
});
