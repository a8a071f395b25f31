// Expected values: test/fixtures/stats/golden.py, e.g.
//   stats.mannwhitneyu(pos, neg).statistic / (len(pos) * len(neg)) on the present scores,
//   stats.rankdata(values, method="average") for midranks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auroc, aurocDetail, midranks } from '../../../src/core/stats/auroc.ts';
import { pick, presentIndices, presentWeights, toBinary } from '../../../src/core/stats/labels.ts';
import { loadGolden } from '../../fixtures/stats/load.ts';

const golden = loadGolden();

describe('midranks', () => {
  it('matches scipy rankdata(method="average")', () => {
    expect(Array.from(midranks(golden.midranks.values))).toEqual(golden.midranks.ranks);
  });

  it('refuses NaN', () => {
    expect(() => midranks([1, NaN])).toThrow(RangeError);
  });
});

describe('auroc', () => {
  for (const [name, c] of Object.entries(golden.auroc)) {
    it(`matches Mann–Whitney U/(n1·n0) on case ${name}`, () => {
      const got = auroc(c.scores, c.labels);
      if (Number.isNaN(c.auroc)) expect(got).toBeNaN();
      else expect(got).toBeCloseTo(c.auroc, 14);
    });
  }

  it('counts a tied correct/wrong pair as one half', () => {
    expect(auroc([0.5, 0.5], [true, false])).toBe(0.5);
    expect(auroc([0.9, 0.5, 0.5], [1, 1, 0])).toBe(0.75);
  });

  it('is NaN when a class is absent, including n = 0 and n = 1', () => {
    expect(auroc([], [])).toBeNaN();
    expect(auroc([0.2], [1])).toBeNaN();
    expect(auroc([0.2, 0.4], [0, 0])).toBeNaN();
  });

  it('evaluates a signal with missing values on the questions where it is present', () => {
    const c = golden.auroc['random300missing']!;
    const keep = presentIndices(c.scores);
    const detail = aurocDetail(c.scores, c.labels);
    expect(detail.n).toBe(keep.length);
    expect(detail.auroc).toBe(auroc(pick(c.scores, keep), pick(c.labels, keep)));
    expect(detail.nPositive + detail.nNegative).toBe(keep.length);
    expect(detail.nPositive).toBe(pick(c.labels, keep).filter((y) => y === 1).length);
  });

  it('rejects length mismatches and labels that are not 0/1', () => {
    expect(() => auroc([0.1, 0.2], [1])).toThrow(RangeError);
    expect(() => auroc([0.1], [2])).toThrow(RangeError);
    expect(() => toBinary([0.5])).toThrow(RangeError);
  });

  it('is invariant under a strictly increasing transform and flips under negation', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: -5, max: 5 }), fc.boolean()), { minLength: 2, maxLength: 40 }), (rows) => {
        const s = rows.map(([v]) => v);
        const y = rows.map(([, l]) => l);
        const a = auroc(s, y);
        if (Number.isNaN(a)) return y.every((l) => l === y[0]);
        expect(
          auroc(
            s.map((v) => Math.exp(v) * 3 + 1),
            y,
          ),
        ).toBeCloseTo(a, 12);
        expect(
          auroc(
            s.map((v) => -v),
            y,
          ),
        ).toBeCloseTo(1 - a, 12);
        return true;
      }),
    );
  });
});

describe('presentIndices', () => {
  it('keeps the questions where every score is present', () => {
    expect(presentIndices([0.1, NaN, 0.3, 0.4], [1, 2, NaN, Infinity])).toEqual([0, 3]);
    expect(presentWeights([0.1, NaN, 0.3, 0.4], [1, 2, NaN, Infinity])).toEqual({
      weight: Float64Array.of(1, 0, 0, 1),
      used: 2,
    });
    expect(() => presentIndices([1], [1, 2])).toThrow(RangeError);
  });
});
