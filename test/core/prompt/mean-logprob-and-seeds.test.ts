import { describe, expect, it } from 'vitest';
import { meanLogprob } from '../../../src/core/prompt/mean-logprob.ts';
import { MAX_SEED, candidateSeed } from '../../../src/core/prompt/seeds.ts';

describe('meanLogprob', () => {
  it('is the arithmetic mean of the token log-probabilities', () => {
    expect(meanLogprob([-0.5, -1.5, -1])).toBeCloseTo(-1, 12);
  });

  it('is NaN for an empty completion and rejects a positive value', () => {
    expect(meanLogprob([])).toBeNaN();
    expect(() => meanLogprob([-1, 0.2])).toThrow(RangeError);
  });
});

describe('candidateSeed', () => {
  it('gives distinct integer seeds in [0, 2^31) for the candidates of one base', () => {
    const seeds = Array.from({ length: 32 }, (_, i) => candidateSeed(7, i));
    expect(new Set(seeds).size).toBe(32);
    for (const s of seeds) {
      expect(Number.isInteger(s)).toBe(true);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(MAX_SEED);
    }
  });

  it('is a pure function of base and index, and differs between neighbouring bases', () => {
    expect(candidateSeed(123, 4)).toBe(candidateSeed(123, 4));
    const a = Array.from({ length: 8 }, (_, i) => candidateSeed(1, i));
    const b = Array.from({ length: 8 }, (_, i) => candidateSeed(2, i));
    expect(a.filter((s) => b.includes(s))).toEqual([]);
  });

  it('rejects a non-integer base or a negative index', () => {
    expect(() => candidateSeed(1.5, 0)).toThrow(RangeError);
    expect(() => candidateSeed(1, -1)).toThrow(RangeError);
  });
});
