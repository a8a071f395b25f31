/**
 * Bootstrap resamples as multiplicity vectors: resampling n questions with
 * replacement is n uniform draws from [0, n), counted per question.
 */
import type { Rng } from './rng.ts';

const TWO_32 = 4294967296;

/**
 * Fills `counts` (length n) with the multiplicities of one bootstrap resample:
 * n draws `rng.int(n)`, counted. (The loop inlines `int`'s rejection rule on
 * `nextUint32()`, so the stream is exactly that of n calls to `rng.int(n)`.)
 *
 * @example
 * const c = resampleCounts(new Uint32Array(5), createRng(1)); // sums to 5
 */
export function resampleCounts(counts: Uint32Array, rng: Rng): Uint32Array {
  const n = counts.length;
  counts.fill(0);
  if (n === 0) return counts;
  const limit = TWO_32 - (TWO_32 % n);
  for (let i = 0; i < n; i++) {
    let u = rng.nextUint32();
    while (u >= limit) u = rng.nextUint32();
    counts[u % n]!++;
  }
  return counts;
}
