// Expected values (leave-one-group-out): test/fixtures/stats/golden.py, which
// standardizes on the training groups with numpy, fits the same L2 objective
// with scipy.optimize.minimize, and scores the held-out group with expit.
import { describe, expect, it } from 'vitest';
import { crossfitLogistic, fitCombiner, predictCombiner } from '../../../src/core/stats/crossfit.ts';
import { createRng } from '../../../src/core/stats/rng.ts';
import { loadGolden } from '../../fixtures/stats/load.ts';

const golden = loadGolden().crossfitGroup;

describe('crossfitLogistic by group', () => {
  const r = crossfitLogistic(golden.x, golden.y, createRng(1), { group: golden.group, lambda: golden.lambda });

  it('matches the independent leave-one-group-out computation', () => {
    expect(r.folds).toBe(new Set(golden.group).size);
    r.oof.forEach((p, i) => expect(p).toBeCloseTo(golden.oof[i]!, 7));
  });

  it('returns a final model fit on all rows, as JSON-safe data', () => {
    const f = r.final;
    f.weights.forEach((w, j) => expect(w).toBeCloseTo(golden.final.weights[j]!, 7));
    expect(f.bias).toBeCloseTo(golden.final.bias, 7);
    expect(f.standardization.indicators).toEqual(golden.final.standardization.indicators);
    const back = JSON.parse(JSON.stringify(f)) as typeof f;
    expect(predictCombiner(back, golden.x[0]!)).toBe(predictCombiner(f, golden.x[0]!));
  });
});

describe('crossfitLogistic by question', () => {
  const rows = loadGolden().crossfitGroup.x;
  const y = golden.y;

  it('scores every question with a model fit without its fold', () => {
    const r = crossfitLogistic(rows, y, createRng(5), { k: 3 });
    for (let f = 0; f < 3; f++) {
      const train = rows.map((_, i) => i).filter((i) => r.fold[i] !== f);
      const model = fitCombiner(
        train.map((i) => rows[i]!),
        train.map((i) => y[i]!),
      );
      rows.forEach((row, i) => {
        if (r.fold[i] === f) expect(r.oof[i]).toBe(predictCombiner(model, row));
      });
    }
  });

  it('makes balanced folds (default k = 2), reproducibly for a seed', () => {
    const a = crossfitLogistic(rows, y, createRng(8));
    const sizes = [0, 1].map((f) => a.fold.filter((v) => v === f).length);
    expect(Math.abs(sizes[0]! - sizes[1]!)).toBeLessThanOrEqual(1);
    expect(crossfitLogistic(rows, y, createRng(8)).oof).toEqual(a.oof);
    expect(crossfitLogistic(rows, y, createRng(9)).fold).not.toEqual(a.fold);
  });

  it('rejects k outside [2, n], a single group and length mismatches', () => {
    expect(() => crossfitLogistic(rows, y, createRng(1), { k: 1 })).toThrow(RangeError);
    expect(() => crossfitLogistic(rows.slice(0, 3), y.slice(0, 3), createRng(1), { k: 4 })).toThrow(RangeError);
    expect(() => crossfitLogistic(rows, y, createRng(1), { group: rows.map(() => 'one') })).toThrow(RangeError);
    expect(() => crossfitLogistic(rows, y.slice(1), createRng(1))).toThrow(RangeError);
    expect(() => crossfitLogistic(rows, y, createRng(1), { group: ['a'] })).toThrow(RangeError);
  });
});
