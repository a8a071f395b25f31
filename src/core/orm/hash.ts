/**
 * Feature hashing for the ORM featurizer: FNV-1a, 32-bit, over the UTF-8
 * bytes of a string, with a seed folded in first.
 *
 * Convention: start from the FNV offset basis 2166136261, hash the four bytes
 * of `seed` (little-endian) and then the UTF-8 bytes of the text, each step
 * `h = (h XOR byte) * 16777619 mod 2^32`. The bucket is `h mod buckets` and
 * the sign is `+1` when bit 31 of `h` is 0, else `-1` (signed feature hashing,
 * Weinberger et al. 2009, so collisions cancel in expectation).
 */

const OFFSET_BASIS = 2166136261;
const PRIME = 16777619;
const encoder = new TextEncoder();

/**
 * FNV-1a 32-bit hash of `text` with `seed` folded in; an unsigned integer.
 *
 * @example
 * fnv1a32('', 0) !== fnv1a32('', 1); // the seed changes every hash
 * fnv1a32('select', 0); // the same number on every platform
 */
export function fnv1a32(text: string, seed: number): number {
  let h = OFFSET_BASIS;
  for (let i = 0; i < 4; i++) {
    h ^= (seed >>> (8 * i)) & 0xff;
    h = Math.imul(h, PRIME);
  }
  const bytes = encoder.encode(text);
  for (let i = 0; i < bytes.length; i++) {
    h ^= bytes[i]!;
    h = Math.imul(h, PRIME);
  }
  return h >>> 0;
}

/** Where a hashed feature lands: a bucket in `[0, buckets)` and a sign. */
export interface HashedSlot {
  readonly bucket: number;
  readonly sign: 1 | -1;
}

/**
 * The bucket and sign of one named feature.
 *
 * @example
 * hashSlot('tok:select', 0x9e3779b9, 8000); // {bucket: …, sign: 1 | -1}
 */
export function hashSlot(name: string, seed: number, buckets: number): HashedSlot {
  if (!Number.isInteger(buckets) || buckets < 1) throw new RangeError(`buckets must be a positive integer, got ${buckets}`);
  const h = fnv1a32(name, seed);
  return { bucket: h % buckets, sign: h >>> 31 === 0 ? 1 : -1 };
}
