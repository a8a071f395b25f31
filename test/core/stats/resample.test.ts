import { describe, expect, it } from 'vitest';
import { resampleCounts } from '../../../src/core/stats/resample.ts';
import { createRng } from '../../../src/core/stats/rng.ts';

describe('resampleCounts', () => {
  it('consumes the stream exactly as n calls to int(n) and sums to n', () => {
    for (const n of [1, 7, 1000]) {
      const fast = resampleCounts(new Uint32Array(n), createRng(n));
      const rng = createRng(n);
      const slow = new Uint32Array(n);
      for (let i = 0; i < n; i++) slow[rng.int(n)]!++;
      expect(fast).toEqual(slow);
      expect(fast.reduce((a, b) => a + b, 0)).toBe(n);
    }
  });
});
