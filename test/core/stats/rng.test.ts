import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/stats/rng.ts';
import { loadGolden } from '../../fixtures/stats/load.ts';

const draws = (seed: number, k: number): number[] => {
  const rng = createRng(seed);
  return Array.from({ length: k }, () => rng.next());
};

describe('createRng', () => {
  it('is sfc32 seeded by splitmix32: the stream of the reference written in Python (golden.py)', () => {
    for (const c of loadGolden().rng) {
      const rng = createRng(c.seed);
      expect(c.uint32.map(() => rng.nextUint32())).toEqual(c.uint32);
    }
  });

  it('replays the same stream for the same seed', () => {
    expect(draws(42, 100)).toEqual(draws(42, 100));
  });

  it('gives different streams for different seeds, including seeds that differ above bit 32', () => {
    expect(draws(1, 10)).not.toEqual(draws(2, 10));
    expect(draws(1, 10)).not.toEqual(draws(2 ** 32 + 1, 10));
  });

  it('draws next() in [0, 1) with a mean near 1/2', () => {
    const xs = draws(7, 20000);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    // sd of the mean is 1/sqrt(12·20000) ≈ 0.002; 5 sd
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.01);
  });

  it('draws int(n) uniformly over 0…n−1', () => {
    const rng = createRng(3);
    const counts = new Array<number>(6).fill(0);
    for (let i = 0; i < 60000; i++) counts[rng.int(6)]!++;
    // each count ~ Bin(60000, 1/6): sd ≈ 91; allow 5 sd
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(460);
    expect(createRng(1).int(1)).toBe(0);
  });

  it('rejects a bad seed or range with RangeError', () => {
    expect(() => createRng(0.5)).toThrow(RangeError);
    expect(() => createRng(1).int(0)).toThrow(RangeError);
    expect(() => createRng(1).int(2.5)).toThrow(RangeError);
    expect(() => createRng(1).sample([1, 2], 3)).toThrow(RangeError);
  });

  it('shuffles in place into a permutation, reproducibly', () => {
    const a = Array.from({ length: 50 }, (_, i) => i);
    const shuffled = createRng(9).shuffle(a.slice());
    expect(shuffled.slice().sort((x, y) => x - y)).toEqual(a);
    expect(shuffled).not.toEqual(a);
    expect(createRng(9).shuffle(a.slice())).toEqual(shuffled);
  });

  it('samples k distinct items without touching the input', () => {
    const items = ['a', 'b', 'c', 'd', 'e'];
    const s = createRng(5).sample(items, 3);
    expect(new Set(s).size).toBe(3);
    expect(s.every((x) => items.includes(x))).toBe(true);
    expect(items).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(createRng(5).sample(items, 0)).toEqual([]);
  });
});
