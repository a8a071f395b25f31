/**
 * The seeded random source the ORM's training uses (initialization, shuffles,
 * the database split): mulberry32, a 32-bit-state generator, so two runs with
 * the same seed produce the same numbers on every platform.
 */

import { mulberry32, type UniformFn } from '../stats/mulberry32.ts';

export { mulberry32 };

/** A source of uniform numbers in [0, 1). */
export type Rng = UniformFn;

/**
 * Shuffles `items` in place with the Fisher–Yates algorithm drawing from `rng`
 * (index `j = floor(rng() * (i + 1))` for `i` from the end), and returns it.
 *
 * @example
 * shuffleInPlace([1, 2, 3], mulberry32(7)); // the same order for seed 7 every time
 */
export function shuffleInPlace<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  }
  return items;
}
