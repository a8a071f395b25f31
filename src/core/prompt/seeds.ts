/**
 * Per-candidate integer seeds from one base seed. web-llm accepts only an
 * integer `seed`, and the N candidates are N separate requests, so each needs
 * its own: seed_i = fmix32(base mod 2^32 + (i + 1) · 0x9E3779B9 mod 2^32),
 * masked to 31 bits (MurmurHash3's finalizer over a golden-ratio step, so
 * nearby bases and indices give unrelated seeds).
 */

/** Largest seed produced (2^31 − 1). */
export const MAX_SEED = 0x7fffffff;

/**
 * The seed for candidate `index` (0-based) under `base`; both must be safe integers.
 *
 * @example candidateSeed(42, 0) !== candidateSeed(42, 1) // true
 */
export function candidateSeed(base: number, index: number): number {
  if (!Number.isSafeInteger(base)) throw new RangeError(`seed must be a safe integer, got ${base}`);
  if (!Number.isSafeInteger(index) || index < 0) {
    throw new RangeError(`index must be a non-negative integer, got ${index}`);
  }
  let h = ((base >>> 0) + Math.imul(index + 1, 0x9e3779b9)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) & MAX_SEED;
}
