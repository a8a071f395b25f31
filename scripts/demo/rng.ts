/**
 * Seeded randomness for the demo generator: mulberry32 plus the few draws the
 * tables need. Every draw comes from one stream, so the same seed and the same
 * call order give the same database byte for byte.
 */

import { mulberry32, type UniformFn } from '../../src/core/stats/mulberry32.ts';

export { mulberry32 };

export type { UniformFn };

/**
 * Uniform integer in [lo, hi], both ends included.
 *
 * @example
 * intBetween(mulberry32(1), 1, 6); // a die roll
 */
export function intBetween(rng: UniformFn, lo: number, hi: number): number {
  if (!Number.isInteger(lo) || !Number.isInteger(hi) || hi < lo) {
    throw new RangeError(`intBetween needs integers lo <= hi, got ${lo}, ${hi}`);
  }
  return lo + Math.floor(rng() * (hi - lo + 1));
}

/**
 * One element, uniformly.
 *
 * @example
 * pick(mulberry32(1), ['a', 'b', 'c']);
 */
export function pick<T>(rng: UniformFn, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('pick needs a non-empty list');
  return items[Math.floor(rng() * items.length)] as T;
}

/**
 * True with probability `p`.
 *
 * @example
 * chance(mulberry32(1), 0.1); // true about one time in ten
 */
export function chance(rng: UniformFn, p: number): boolean {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`chance needs p in [0, 1], got ${p}`);
  return rng() < p;
}

/**
 * Index drawn with probability proportional to `weights` (non-negative, not all zero).
 *
 * @example
 * weightedIndex(mulberry32(1), [8, 1, 1]); // 0 about 80% of the time
 */
export function weightedIndex(rng: UniformFn, weights: readonly number[]): number {
  const total = weights.reduce((s, w) => s + w, 0);
  if (!(total > 0) || weights.some((w) => !(w >= 0))) {
    throw new RangeError('weightedIndex needs non-negative weights with a positive sum');
  }
  let r = rng() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i] as number;
    if (r < 0) return i;
  }
  return weights.length - 1;
}
