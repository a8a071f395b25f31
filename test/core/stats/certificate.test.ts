// Expected values: test/fixtures/stats/golden.py: for t = 0.01 … 0.99, the answered
// set {score ≥ t}, its errors, the Clopper–Pearson bound beta.ppf(1 − δ/99, k + 1, m − k);
// per target, the certified threshold of maximum coverage.
import { describe, expect, it } from 'vitest';
import { certify, probabilityGrid, quantileGrid } from '../../../src/core/stats/certificate.ts';
import { loadGolden } from '../../fixtures/stats/load.ts';

const golden = loadGolden().certificate;
const targets = golden.targets.map((t) => t.target);

describe('certify', () => {
  const c = certify(golden.scores, golden.labels, { delta: golden.delta, targets });

  it('bounds the risk at every grid threshold as scipy does', () => {
    expect(c.perThresholdLevel).toBeCloseTo(golden.perThresholdLevel, 16);
    expect(c.n).toBe(golden.scores.length);
    c.bounds.forEach((b, i) => {
      const w = golden.bounds[i]!;
      expect(b.threshold).toBe(w.threshold);
      expect(b.answered).toBe(w.answered);
      expect(b.wrong).toBe(w.wrong);
      expect(Math.abs(b.upper - w.upper)).toBeLessThan(1e-10);
    });
  });

  it('certifies the same targets with the same thresholds', () => {
    c.targets.forEach((t, i) => {
      const w = golden.targets[i]!;
      expect(t.certified).toBe(w.certified);
      if (!t.certified || !w.certified) return;
      expect(t.threshold).toBe(w['threshold']);
      expect(t.answered).toBe(w['answered']);
      expect(t.coverage).toBeCloseTo(w['coverage']!, 14);
      expect(t.risk).toBeCloseTo(w['risk']!, 14);
      expect(t.upper).toBeLessThanOrEqual(t.target);
    });
    expect(golden.targets.some((t) => t.certified)).toBe(true);
    expect(golden.targets.some((t) => !t.certified)).toBe(true);
  });

  it('certifies nothing from a handful of questions', () => {
    const tiny = certify([0.9, 0.95, 0.99], [1, 1, 1]);
    expect(tiny.targets.every((t) => !t.certified)).toBe(true);
  });

  it('drops missing scores from n and from every answered set', () => {
    const a = certify([...golden.scores, NaN], [...golden.labels, 0], { targets });
    expect(a.n).toBe(golden.scores.length);
    expect(a.bounds).toEqual(c.bounds);
  });

  it('rejects a bad delta, an empty grid and a length mismatch', () => {
    expect(() => certify([0.5], [1], { delta: 0 })).toThrow(RangeError);
    expect(() => certify([0.5], [1], { grid: [] })).toThrow(RangeError);
    expect(() => certify([0.5, 0.6], [1])).toThrow(RangeError);
  });
});

describe('threshold grids', () => {
  it('probabilityGrid is 0.01 … 0.99 in steps of 0.01', () => {
    const g = probabilityGrid();
    expect(g).toHaveLength(99);
    expect(g[0]).toBe(0.01);
    expect(g[98]).toBe(0.99);
    expect(g[29]).toBe(0.3);
  });

  it('quantileGrid gives distinct ascending quantiles of the present scores', () => {
    const g = quantileGrid([3, 1, NaN, 2, 2, 2]);
    expect(g).toEqual([...new Set(g)].sort((a, b) => a - b));
    expect(g[0]).toBeGreaterThanOrEqual(1);
    expect(g.at(-1)).toBeLessThanOrEqual(3);
    expect(quantileGrid([NaN])).toEqual([]);
  });
});
