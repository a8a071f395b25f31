import { describe, expect, it } from 'vitest';
import { createAdam } from '../../../src/core/orm/training/adam.ts';
import { auroc } from '../../../src/core/stats/auroc.ts';
import { accumulateGradients, bceWithLogit, zeroGradients, type LabeledFeatures } from '../../../src/core/orm/training/backprop.ts';
import { forwardActivations, initMlp, predict, predictDense, type MlpParams } from '../../../src/core/orm/training/mlp.ts';
import { mulberry32 } from '../../../src/core/stats/mulberry32.ts';
import { summarizeScores } from '../../../src/core/orm/training/evaluate.ts';

const sparse = (pairs: [number, number][]) => ({ indices: Int32Array.from(pairs.map((p) => p[0])), values: Float32Array.from(pairs.map((p) => p[1])) });

function meanLoss(p: MlpParams, batch: readonly LabeledFeatures[]): number {
  return (
    batch.reduce((s, ex) => {
      const a = forwardActivations(p, ex.x);
      return s + bceWithLogit(a[a.length - 1]![0]!, ex.y);
    }, 0) / batch.length
  );
}

describe('accumulateGradients', () => {
  it('matches central finite differences of the mean loss for every parameter', () => {
    const p = initMlp([6, 5, 3, 1], mulberry32(11));
    p.biases[0]!.set([0.1, -0.05, 0.2, 0.0, 0.3]);
    const batch: LabeledFeatures[] = [
      {
        x: sparse([
          [0, 0.7],
          [3, -1.2],
        ]),
        y: 1,
      },
      {
        x: sparse([
          [1, 0.4],
          [2, 0.9],
          [5, 0.3],
        ]),
        y: 0,
      },
      { x: sparse([[4, 1.1]]), y: 1 },
    ];
    const g = zeroGradients(p);
    const loss = accumulateGradients(p, batch, g);
    expect(loss).toBeCloseTo(meanLoss(p, batch), 6);
    const h = 1e-2;
    const arrays = [...p.weights, ...p.biases];
    const grads = [...g.weights, ...g.biases];
    arrays.forEach((arr, a) => {
      for (let i = 0; i < arr.length; i++) {
        const keep = arr[i]!;
        arr[i] = keep + h;
        const up = meanLoss(p, batch);
        arr[i] = keep - h;
        const down = meanLoss(p, batch);
        arr[i] = keep;
        expect(grads[a]![i]!).toBeCloseTo((up - down) / (2 * h), 3);
      }
    });
  });
});

describe('predict and predictDense', () => {
  it('agree on the same input written sparse and dense', () => {
    const p = initMlp([8, 4, 1], mulberry32(2));
    const x = sparse([
      [1, 0.5],
      [6, -2],
    ]);
    const d = new Float32Array(8);
    d[1] = 0.5;
    d[6] = -2;
    expect(predictDense(p, d, 1)[0]).toBeCloseTo(predict(p, x), 6);
  });
});

describe('createAdam', () => {
  it('moves each parameter by lr·g/(|g|+eps) on the first step (bias-corrected moments equal g and g²)', () => {
    const theta = Float32Array.of(1, -1, 0.5);
    const g = Float32Array.of(0.3, -2, 0);
    createAdam([theta], [false], { lr: 0.1 }).step([g]);
    expect(theta[0]).toBeCloseTo(1 - 0.1, 6);
    expect(theta[1]).toBeCloseTo(-1 + 0.1, 6);
    expect(theta[2]).toBe(0.5);
  });

  it('applies decoupled weight decay only to arrays marked for it', () => {
    const w = Float32Array.of(2);
    const b = Float32Array.of(2);
    createAdam([w, b], [true, false], { lr: 0.1, weightDecay: 0.5 }).step([new Float32Array(1), new Float32Array(1)]);
    expect(w[0]).toBeCloseTo(2 - 0.1 * 0.5 * 2, 6);
    expect(b[0]).toBe(2);
  });
});

describe('auroc', () => {
  it('equals the share of positive-negative pairs ranked correctly, ties counted half', () => {
    const rng = mulberry32(4);
    for (let trial = 0; trial < 20; trial++) {
      const n = 2 + Math.floor(rng() * 30);
      const scores = Array.from({ length: n }, () => Math.floor(rng() * 5) / 4);
      const labels = Array.from({ length: n }, (_, i) => (i === 0 ? 1 : i === 1 ? 0 : rng() < 0.5 ? 1 : 0));
      let wins = 0;
      let pairs = 0;
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) {
          if (labels[i] !== 1 || labels[j] !== 0) continue;
          pairs++;
          wins += scores[i]! > scores[j]! ? 1 : scores[i] === scores[j] ? 0.5 : 0;
        }
      expect(auroc(scores, labels)).toBeCloseTo(wins / pairs, 12);
    }
  });

  it('is NaN with one class and rejects labels other than 0/1', () => {
    expect(auroc([0.1, 0.2], [1, 1])).toBeNaN();
    expect(() => auroc([0.1, 0.2], [1, 2])).toThrow(RangeError);
  });
});

describe('summarizeScores', () => {
  it('picks the top-scored candidate per question (ties to the earliest) and counts questions with any correct one', () => {
    const ex = [
      { question: 'a', y: 0 as const },
      { question: 'a', y: 1 as const },
      { question: 'b', y: 1 as const },
      { question: 'b', y: 0 as const },
      { question: 'c', y: 0 as const },
      { question: 'c', y: 0 as const },
    ];
    const s = summarizeScores(ex, [0.2, 0.9, 0.5, 0.5, 0.3, 0.1]);
    expect(s.questions).toBe(3);
    expect(s.selectionAccuracy).toBeCloseTo(2 / 3, 12);
    expect(s.oracleAccuracy).toBeCloseTo(2 / 3, 12);
    const bce = -(Math.log(0.8) + Math.log(0.9) + Math.log(0.5) + Math.log(0.5) + Math.log(0.7) + Math.log(0.9)) / 6;
    expect(s.loss).toBeCloseTo(bce, 12);
  });
});
