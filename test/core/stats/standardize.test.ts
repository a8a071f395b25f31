// Expected values: test/fixtures/stats/golden.py, np.mean / np.std (ddof=0) over the
// present training values, constant column → sd 1, indicators for columns with a missing value.
import { describe, expect, it } from 'vitest';
import { applyStandardization, fitStandardization, standardizeRows } from '../../../src/core/stats/standardize.ts';
import { loadGolden } from '../../fixtures/stats/load.ts';

const golden = loadGolden().standardize;

describe('fitStandardization', () => {
  it('matches numpy on training rows with missing values and a constant column', () => {
    const t = fitStandardization(golden.train);
    t.means.forEach((m, j) => expect(m).toBeCloseTo(golden.fit.means[j]!, 14));
    t.sds.forEach((s, j) => expect(s).toBeCloseTo(golden.fit.sds[j]!, 14));
    expect(t.indicators).toEqual(golden.fit.indicators);
  });

  it('applies z-scores, zero for missing, then the indicator columns', () => {
    const got = standardizeRows(fitStandardization(golden.train), golden.test);
    got.forEach((row, i) => {
      expect(row).toHaveLength(golden.applied[i]!.length);
      row.forEach((v, j) => expect(v).toBeCloseTo(golden.applied[i]![j]!, 14));
    });
  });

  it('is plain data that survives a JSON round trip', () => {
    const t = fitStandardization(golden.train);
    const back = JSON.parse(JSON.stringify(t)) as typeof t;
    expect(applyStandardization(back, golden.test[0]!)).toEqual(applyStandardization(t, golden.test[0]!));
  });

  it('gives a column with no present value mean 0, sd 1 and an indicator', () => {
    const t = fitStandardization([
      [NaN, 1],
      [NaN, 3],
    ]);
    expect(t).toEqual({ means: [0, 2], sds: [1, 1], indicators: [true, false] });
    expect(applyStandardization(t, [NaN, 2])).toEqual([0, 0, 1]);
  });

  it('rejects no rows, ragged rows, infinities and a wrong row length', () => {
    expect(() => fitStandardization([])).toThrow(RangeError);
    expect(() => fitStandardization([[1, 2], [1]])).toThrow(RangeError);
    expect(() => fitStandardization([[Infinity]])).toThrow(RangeError);
    const t = fitStandardization([[1], [2]]);
    expect(() => applyStandardization(t, [1, 2])).toThrow(RangeError);
    expect(() => applyStandardization(t, [-Infinity])).toThrow(RangeError);
  });
});
