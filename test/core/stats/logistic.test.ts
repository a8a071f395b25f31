// Expected values: test/fixtures/stats/golden.py, scipy.optimize.minimize(method="BFGS")
// on  Σ [logaddexp(0, z) − y z] + λ/2 ‖w‖²  with z = b + X w (intercept not penalized).
import { describe, expect, it } from 'vitest';
import { solveSpd } from '../../../src/core/stats/cholesky.ts';
import { fitLogistic } from '../../../src/core/stats/logistic.ts';
import { predictLogistic, sigmoid, softplus } from '../../../src/core/stats/logistic-model.ts';
import { loadGolden } from '../../fixtures/stats/load.ts';

const golden = loadGolden();
const { x, y, fits } = golden.logistic;

/** Gradient of the documented objective, written out independently of the solver. */
function gradient(bias: number, w: readonly number[], lambda: number): number[] {
  const g = new Array<number>(w.length + 1).fill(0);
  x.forEach((row, i) => {
    const r = sigmoid(bias + row.reduce((s, v, j) => s + v * w[j]!, 0)) - y[i]!;
    g[0]! += r;
    row.forEach((v, j) => (g[j + 1]! += r * v));
  });
  w.forEach((wj, j) => (g[j + 1]! += lambda * wj));
  return g;
}

describe('fitLogistic', () => {
  for (const f of fits) {
    it(`matches scipy's minimizer of the same objective at λ = ${f.lambda}`, () => {
      const m = fitLogistic(x, y, { lambda: f.lambda });
      expect(m.converged).toBe(true);
      expect(m.bias).toBeCloseTo(f.bias, 7);
      m.weights.forEach((w, j) => expect(w).toBeCloseTo(f.weights[j]!, 7));
      for (const g of gradient(m.bias, m.weights, f.lambda)) expect(Math.abs(g)).toBeLessThan(1e-7);
    });
  }

  it('does not penalize the intercept: with no features it fits the base rate exactly', () => {
    const m = fitLogistic([[], [], [], []], [1, 1, 1, 0], { lambda: 100 });
    expect(sigmoid(m.bias)).toBeCloseTo(0.75, 12);
  });

  it('shrinks weights as λ grows', () => {
    const norms = [0.1, 1, 5].map((lambda) => Math.hypot(...fitLogistic(x, y, { lambda }).weights));
    expect(norms[0]).toBeGreaterThan(norms[1]!);
    expect(norms[1]).toBeGreaterThan(norms[2]!);
  });

  it('fits one-class training data with predictions at that class', () => {
    const m = fitLogistic([[1], [2], [3]], [1, 1, 1]);
    expect(m.converged).toBe(true);
    expect(predictLogistic(m, [2])).toBeGreaterThan(1 - 1e-9);
  });

  it('reports non-convergence when the iteration cap is too small', () => {
    expect(fitLogistic(x, y, { maxIter: 1 }).converged).toBe(false);
  });

  it('rejects no rows, ragged rows, non-finite features, λ < 0 and bad labels', () => {
    expect(() => fitLogistic([], [])).toThrow(RangeError);
    expect(() => fitLogistic([[1], [1, 2]], [0, 1])).toThrow(RangeError);
    expect(() => fitLogistic([[NaN], [1]], [0, 1])).toThrow(RangeError);
    expect(() => fitLogistic([[1], [2]], [0, 1], { lambda: -1 })).toThrow(RangeError);
    expect(() => fitLogistic([[1], [2]], [0, 2])).toThrow(RangeError);
    expect(() => fitLogistic([[1], [2]], [0])).toThrow(RangeError);
  });
});

describe('predictLogistic and sigmoid', () => {
  it('computes σ(bias + w·x) and rejects a wrong feature count', () => {
    expect(predictLogistic({ weights: [2], bias: -1 }, [0.5])).toBe(0.5);
    expect(() => predictLogistic({ weights: [2], bias: 0 }, [1, 2])).toThrow(RangeError);
  });

  it('saturates without overflow', () => {
    expect(sigmoid(-1000)).toBe(0);
    expect(sigmoid(1000)).toBe(1);
    expect(sigmoid(0)).toBe(0.5);
    expect(softplus(1000)).toBe(1000);
    expect(softplus(-1000)).toBe(0);
    expect(softplus(0)).toBeCloseTo(Math.LN2, 15);
  });
});

describe('solveSpd', () => {
  it('solves a positive-definite system and refuses an indefinite one', () => {
    const sol = solveSpd(Float64Array.of(4, 2, 2, 3), Float64Array.of(2, 1))!;
    expect(sol[0]).toBeCloseTo(0.5, 15);
    expect(sol[1]).toBeCloseTo(0, 15);
    expect(solveSpd(Float64Array.of(1, 2, 2, 1), Float64Array.of(1, 1))).toBeNull();
    expect(() => solveSpd(Float64Array.of(1, 2, 3), Float64Array.of(1, 1))).toThrow(RangeError);
  });
});
