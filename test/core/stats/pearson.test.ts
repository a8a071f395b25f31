// Expected values: test/fixtures/stats/golden.py, np.corrcoef(x, y)[0, 1] on the
// pairs where both are present; NaN for fewer than 2 pairs or a constant column.
import { describe, expect, it } from 'vitest';
import { pearson } from '../../../src/core/stats/pearson.ts';
import { loadGolden } from '../../fixtures/stats/load.ts';

const golden = loadGolden();

describe('pearson', () => {
  for (const [name, c] of Object.entries(golden.pearson)) {
    it(`matches numpy.corrcoef on case ${name}`, () => {
      const got = pearson(c.x, c.y);
      if (Number.isNaN(c.r)) expect(got).toBeNaN();
      else expect(got).toBeCloseTo(c.r, 13);
    });
  }

  it('is NaN for zero variance even when the mean is not exact in floating point', () => {
    expect(pearson([0.1, 0.1, 0.1], [1, 2, 4])).toBeNaN();
    expect(pearson([1, 2, 4], [0.7, 0.7, 0.7])).toBeNaN();
  });

  it('is exactly ±1 for an exact linear relation, never outside [−1, 1]', () => {
    expect(pearson([1, 2, 3, 4], [3, 5, 7, 9])).toBe(1);
    expect(pearson([0.1, 0.2, 0.3], [0.3, 0.2, 0.1])).toBeGreaterThanOrEqual(-1);
  });

  it('accepts Float64Array and rejects a length mismatch', () => {
    expect(pearson(Float64Array.of(1, 2, 3), Float64Array.of(1, 2, 3))).toBe(1);
    expect(() => pearson([1, 2], [1])).toThrow(RangeError);
  });
});
