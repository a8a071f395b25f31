// Expected values: test/fixtures/stats/golden.py, which recomputes coverage and
// selective risk by brute force at every distinct threshold (answer when score ≥ t),
// AURC = Σ (cov_k − cov_{k−1}) risk_k, and picks the lowest calibration threshold
// with risk ≤ target.
import { describe, expect, it } from 'vitest';
import { pick } from '../../../src/core/stats/labels.ts';
import { riskCoverage, selectiveAtRisk, splitHalf } from '../../../src/core/stats/risk-coverage.ts';
import { createRng } from '../../../src/core/stats/rng.ts';
import { loadGolden } from '../../fixtures/stats/load.ts';

const golden = loadGolden();

describe('riskCoverage', () => {
  for (const [name, c] of Object.entries(golden.riskCoverage)) {
    it(`matches the brute-force curve and AURC on case ${name}`, () => {
      const r = riskCoverage(c.scores, c.labels);
      expect(r.n).toBe(c.n);
      expect(r.points).toHaveLength(c.points.length);
      r.points.forEach((p, i) => {
        const w = c.points[i]!;
        expect(p.threshold).toBe(w.threshold);
        expect(p.answered).toBe(w.answered);
        expect(p.coverage).toBeCloseTo(w.coverage, 14);
        expect(p.risk).toBeCloseTo(w.risk, 14);
      });
      expect(r.aurc).toBeCloseTo(c.aurc, 14);
    });
  }

  it('drops missing scores and is NaN-area when nothing is present', () => {
    const c = golden.riskCoverage['ties']!;
    const withMissing = riskCoverage([...c.scores, NaN], [...c.labels, 1]);
    expect(withMissing).toEqual(riskCoverage(c.scores, c.labels));
    const empty = riskCoverage([NaN], [1]);
    expect(empty.points).toEqual([]);
    expect(empty.aurc).toBeNaN();
  });

  it('handles n = 1 and rejects a length mismatch', () => {
    expect(riskCoverage([0.4], [0]).points).toEqual([{ threshold: 0.4, answered: 1, coverage: 1, risk: 1 }]);
    expect(() => riskCoverage([0.1, 0.2], [1])).toThrow(RangeError);
  });
});

describe('selectiveAtRisk', () => {
  for (const [name, c] of Object.entries(golden.selective)) {
    it(`matches the brute-force thresholds on case ${name}`, () => {
      const got = selectiveAtRisk(c.scoresCal, c.labelsCal, c.scoresTest, c.labelsTest, c.targets);
      expect(got).toHaveLength(c.results.length);
      got.forEach((r, i) => {
        const w = c.results[i]!;
        expect(r.target).toBe(w.target);
        expect(r.none).toBe(w.none);
        if (r.none || w.none) return;
        expect(r.threshold).toBe(w['threshold']);
        expect(r.answered).toBe(w['answered']);
        for (const key of ['coverage', 'risk', 'calibrationCoverage', 'calibrationRisk'] as const) {
          if (Number.isNaN(w[key])) expect(r[key]).toBeNaN();
          else expect(r[key]).toBeCloseTo(w[key]!, 14);
        }
      });
    });
  }

  it('defaults to the targets 0.1, 0.2, 0.3, 0.4', () => {
    expect(selectiveAtRisk([0.9], [1], [0.5], [1]).map((r) => r.target)).toEqual([0.1, 0.2, 0.3, 0.4]);
  });

  it('reports none when no calibration threshold meets the target', () => {
    expect(selectiveAtRisk([0.9, 0.1], [0, 1], [0.5], [1], [0.3])).toEqual([{ target: 0.3, none: true }]);
  });
});

describe('splitHalf', () => {
  it('splits 0…n−1 into disjoint sorted halves of ⌊n/2⌋ and the rest, reproducibly', () => {
    for (const n of [0, 1, 2, 11]) {
      const { cal, test } = splitHalf(n, createRng(n));
      expect(cal).toHaveLength(Math.floor(n / 2));
      expect([...cal, ...test].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
      expect(cal).toEqual([...cal].sort((a, b) => a - b));
      expect(splitHalf(n, createRng(n))).toEqual({ cal, test });
    }
    expect(() => splitHalf(-1, createRng(1))).toThrow(RangeError);
  });

  it('feeds selectiveAtRisk through pick', () => {
    const c = golden.riskCoverage['random120']!;
    const { cal, test } = splitHalf(c.scores.length, createRng(2));
    const r = selectiveAtRisk(pick(c.scores, cal), pick(c.labels, cal), pick(c.scores, test), pick(c.labels, test));
    expect(r).toHaveLength(4);
  });
});
