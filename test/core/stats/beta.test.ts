// Expected values: test/fixtures/stats/golden.py, scipy.special.gammaln,
// scipy.special.betainc(a, b, x), scipy.stats.beta.ppf(p, a, b), and the
// Clopper–Pearson upper bound beta.ppf(1 − α, k + 1, m − k) (1 when k = m).
import { describe, expect, it } from 'vitest';
import { betaQuantile, regularizedBeta } from '../../../src/core/stats/beta.ts';
import { clopperPearsonUpper } from '../../../src/core/stats/clopper-pearson.ts';
import { logGamma } from '../../../src/core/stats/gamma.ts';
import { loadGolden } from '../../fixtures/stats/load.ts';

const golden = loadGolden();
const relClose = (got: number, want: number, rel: number): void => {
  expect(Math.abs(got - want)).toBeLessThanOrEqual(rel * Math.max(1, Math.abs(want)));
};

describe('logGamma', () => {
  it('matches scipy.special.gammaln', () => {
    for (const c of golden.logGamma) relClose(logGamma(c.x), c.value, 1e-13);
  });

  it('rejects x ≤ 0', () => {
    expect(() => logGamma(0)).toThrow(RangeError);
    expect(() => logGamma(-1.5)).toThrow(RangeError);
  });
});

describe('regularizedBeta', () => {
  it('matches scipy.special.betainc', () => {
    for (const c of golden.regularizedBeta) relClose(regularizedBeta(c.x, c.a, c.b), c.value, 1e-11);
  });

  it('is 0 and 1 at the ends and rejects bad arguments', () => {
    expect(regularizedBeta(0, 2, 3)).toBe(0);
    expect(regularizedBeta(1, 2, 3)).toBe(1);
    expect(() => regularizedBeta(1.1, 2, 3)).toThrow(RangeError);
    expect(() => regularizedBeta(0.5, 0, 3)).toThrow(RangeError);
  });
});

describe('betaQuantile', () => {
  it('matches scipy.stats.beta.ppf', () => {
    for (const c of golden.betaQuantile) {
      const got = betaQuantile(c.p, c.a, c.b);
      expect(Math.abs(got - c.value)).toBeLessThanOrEqual(1e-10 * c.value + 1e-300);
    }
  });

  it('inverts regularizedBeta', () => {
    for (const p of [0.001, 0.2, 0.5, 0.999]) expect(regularizedBeta(betaQuantile(p, 3, 17), 3, 17)).toBeCloseTo(p, 12);
  });

  it('rejects p outside [0, 1]', () => {
    expect(() => betaQuantile(1.5, 1, 1)).toThrow(RangeError);
  });
});

describe('clopperPearsonUpper', () => {
  it('matches scipy.stats.beta.ppf(1 − α, k + 1, m − k)', () => {
    for (const c of golden.clopperPearson) relClose(clopperPearsonUpper(c.k, c.m, c.alpha), c.upper, 1e-10);
  });

  it('has the closed form 1 − α^(1/m) at k = 0', () => {
    expect(clopperPearsonUpper(0, 20, 0.05)).toBeCloseTo(1 - 0.05 ** (1 / 20), 12);
  });

  it('rejects k > m, non-integers and α outside (0, 1)', () => {
    expect(() => clopperPearsonUpper(3, 2, 0.1)).toThrow(RangeError);
    expect(() => clopperPearsonUpper(0.5, 2, 0.1)).toThrow(RangeError);
    expect(() => clopperPearsonUpper(0, 2, 0)).toThrow(RangeError);
  });
});
