/**
 * The cut pools a pool-size band is fit on (pool-bands.ts): each question's
 * pool cut down to each size of the band (subsample.ts, seeded per size),
 * and, for the open band, every whole pool. The open band takes at most
 * eight sizes spread from its lowest to the largest pool that enough
 * questions reach.
 */
import type { Rng } from '../stats/index.ts';
import type { Cut } from './band-rows.ts';
import type { PreparedQuestion } from './prepare.ts';
import { subsamplePrepared } from './subsample.ts';

/** The most sizes the open band cuts pools to. */
const OPEN_BAND_SIZES = 8;

/**
 * A band's sizes, given the largest pool: each size from `min` to `max` (or the largest), the open band's
 * spread to at most eight.
 *
 * @example bandSizes({ min: 3, max: 4 }, 9); // [3, 4]
 */
export function bandSizes(band: { min: number; max: number | null }, largest: number): number[] {
  const top = Math.min(band.max ?? largest, largest);
  const all = Array.from({ length: Math.max(0, top - band.min + 1) }, (_, i) => band.min + i);
  if (band.max !== null || all.length <= OPEN_BAND_SIZES) return all;
  const step = (all.length - 1) / (OPEN_BAND_SIZES - 1);
  return [...new Set(Array.from({ length: OPEN_BAND_SIZES }, (_, i) => all[Math.round(i * step)]!))];
}

/**
 * The cut pools of a band: each question whose pool reaches a size, cut to it (`rngOf(size)`: that size's stream);
 * for the open band also every whole pool of at least `min` whose size is not among `sizes`.
 *
 * @example const cuts = cutPools(questions, 5, [5, 6, 7, 8], false, (size) => createRng(size));
 */
export function cutPools(questions: readonly PreparedQuestion[], min: number, sizes: readonly number[], open: boolean, rngOf: (size: number) => Rng): Cut[] {
  const cuts: Cut[] = [];
  for (const size of sizes) {
    const rng = rngOf(size);
    questions.forEach((p, q) => {
      const n = p.candidates.length;
      if (n < size) return;
      cuts.push({ q, size, whole: n === size, prepared: subsamplePrepared(p, size, rng) });
    });
  }
  if (open) {
    // Every question's whole pool, when no listed size was it.
    questions.forEach((p, q) => {
      const n = p.candidates.length;
      if (n >= min && !sizes.includes(n)) cuts.push({ q, size: n, whole: true, prepared: p });
    });
  }
  return cuts;
}
