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

/**
 * FNV-1a 32-bit hash of `text` with `seed` folded in; an unsigned integer.
 *
 * @example
 * fnv1a32('', 0) !== fnv1a32('', 1); // the seed changes every hash
 * fnv1a32('select', 0); // the same number on every platform
 */
export function fnv1a32(text: string, seed: number): number {
  return fnvText(fnvSeed(seed), text) >>> 0;
}

/**
 * The FNV-1a state after the offset basis and the four bytes of `seed`
 * (little-endian): where every hash of that seed starts.
 *
 * @example
 * fnvText(fnvSeed(7), 'select') >>> 0 === fnv1a32('select', 7); // true
 */
export function fnvSeed(seed: number): number {
  let h = OFFSET_BASIS;
  for (let i = 0; i < 4; i++) {
    h ^= (seed >>> (8 * i)) & 0xff;
    h = Math.imul(h, PRIME);
  }
  return h;
}

/**
 * Folds the UTF-8 bytes of `text` into the state `h` (a lone surrogate is
 * U+FFFD, as TextEncoder writes it). Folding texts one after another gives
 * the hash of their concatenation whenever no surrogate pair is split
 * between two of them, so a feature name can be hashed in parts without
 * being built.
 *
 * @example
 * fnvText(fnvText(fnvSeed(0), 'u:'), 'select') >>> 0 === fnv1a32('u:select', 0); // true
 */
export function fnvText(h: number, text: string): number {
  // UTF-8 bytes written out by hand (no allocation: this runs per n-gram).
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      h = Math.imul(h ^ c, PRIME);
      continue;
    } // the common case
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = text.charCodeAt(i + 1);
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      } else c = 0xfffd;
    }
    if (c < 0x800) h = Math.imul(Math.imul(h ^ (0xc0 | (c >> 6)), PRIME) ^ (0x80 | (c & 0x3f)), PRIME);
    else if (c < 0x10000) {
      h = Math.imul(h ^ (0xe0 | (c >> 12)), PRIME);
      h = Math.imul(h ^ (0x80 | ((c >> 6) & 0x3f)), PRIME);
      h = Math.imul(h ^ (0x80 | (c & 0x3f)), PRIME);
    } else {
      h = Math.imul(h ^ (0xf0 | (c >> 18)), PRIME);
      h = Math.imul(h ^ (0x80 | ((c >> 12) & 0x3f)), PRIME);
      h = Math.imul(h ^ (0x80 | ((c >> 6) & 0x3f)), PRIME);
      h = Math.imul(h ^ (0x80 | (c & 0x3f)), PRIME);
    }
  }
  return h;
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
