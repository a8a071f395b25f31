// Expected values: test/fixtures/stats/golden.py, numpy with bins
// min(floor(10 p), 9); ECE = Σ (n_b/n)|acc_b − conf_b|, MCE = max gap, Brier = mean (p − y)².
import { describe, expect, it } from 'vitest';
import { calibration, ece } from '../../../src/core/stats/calibration.ts';
import { loadGolden } from '../../fixtures/stats/load.ts';

const golden = loadGolden().calibration;

const close = (got: number, want: number): void => {
  if (Number.isNaN(want)) expect(got).toBeNaN();
  else expect(got).toBeCloseTo(want, 13);
};

describe('calibration', () => {
  for (const [name, c] of Object.entries(golden)) {
    it(`matches numpy on case ${name}`, () => {
      const r = calibration(c.p, c.y);
      close(r.ece, c.ece);
      close(r.mce, c.mce);
      close(r.brier, c.brier);
      expect(r.n).toBe(c.n);
      expect(r.bins).toHaveLength(10);
      r.bins.forEach((b, i) => {
        const w = c.bins[i]!;
        expect(b.count).toBe(w.count);
        expect(b.lo).toBeCloseTo(w.lo, 15);
        expect(b.hi).toBeCloseTo(w.hi, 15);
        close(b.meanConfidence, w.meanConfidence);
        close(b.accuracy, w.accuracy);
      });
    });
  }

  it('puts p = 1 in the last bin and p = 0.3 in bin 3', () => {
    const r = calibration([1, 0.3], [1, 0]);
    expect(r.bins[9]!.count).toBe(1);
    expect(r.bins[3]!.count).toBe(1);
  });

  it('is zero for a perfectly calibrated bin structure', () => {
    expect(ece([0.5, 0.5, 0.5, 0.5], [1, 0, 1, 0])).toBe(0);
  });

  it('rejects probabilities outside [0, 1] and length mismatches', () => {
    expect(() => calibration([1.2], [1])).toThrow(RangeError);
    expect(() => calibration([-0.1], [0])).toThrow(RangeError);
    expect(() => calibration([0.5, 0.5], [1])).toThrow(RangeError);
  });
});
