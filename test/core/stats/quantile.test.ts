// Expected values: test/fixtures/stats/golden.py, np.quantile(sorted, p, method="linear").
import { describe, expect, it } from 'vitest';
import { percentileInterval, quantileSorted } from '../../../src/core/stats/quantile.ts';
import { loadGolden } from '../../fixtures/stats/load.ts';

const golden = loadGolden();

describe('quantileSorted (type 7)', () => {
  it('matches numpy.quantile(method="linear")', () => {
    golden.quantile.p.forEach((p, i) => {
      expect(quantileSorted(golden.quantile.sorted, p)).toBeCloseTo(golden.quantile.q[i]!, 14);
    });
  });

  it('is NaN for an empty sample and the value itself for one value', () => {
    expect(quantileSorted([], 0.5)).toBeNaN();
    expect(quantileSorted([3], 0.975)).toBe(3);
  });

  it('rejects p outside [0, 1]', () => {
    expect(() => quantileSorted([1, 2], 1.5)).toThrow(RangeError);
    expect(() => quantileSorted([1, 2], NaN)).toThrow(RangeError);
  });
});

describe('percentileInterval', () => {
  it('takes the equal-tailed type-7 quantiles of the non-NaN values, in any input order', () => {
    expect(percentileInterval([3, 1, NaN, 2, 4], 0.5)).toEqual([1.75, 3.25]);
    expect(percentileInterval([NaN, NaN], 0.95)).toEqual([NaN, NaN]);
  });

  it('rejects a level outside (0, 1)', () => {
    expect(() => percentileInterval([1], 1)).toThrow(RangeError);
  });
});
