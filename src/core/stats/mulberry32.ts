/**
 * mulberry32 (Tommy Ettinger's public-domain generator): a 32-bit-state PRNG
 * seeded with the low 32 bits of `seed`, returning uniform floats in [0, 1)
 * with 2^-32 resolution, identical in every JavaScript engine. Not for
 * cryptography. The demo database builder and the ORM trainer draw from it
 * (their outputs are pinned byte for byte); resampling and splits in the
 * statistics use `createRng` (sfc32) instead.
 */

/** A source of uniform numbers in [0, 1). */
export type UniformFn = () => number;

/**
 * @example
 * const rng = mulberry32(1);
 * rng(); // 0.6270739405881613, the same on every run
 */
export function mulberry32(seed: number): UniformFn {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Shuffles `items` in place with the Fisher–Yates algorithm drawing from `rng`
 * (index `j = floor(rng() * (i + 1))` for `i` from the end), and returns it.
 *
 * @example
 * shuffleInPlace([1, 2, 3], mulberry32(7)); // the same order for seed 7 every time
 */
export function shuffleInPlace<T>(items: T[], rng: UniformFn): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  }
  return items;
}
