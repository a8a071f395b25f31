/**
 * Which pool-size bands a run's pools give enough rows to fit on their own.
 *
 * A band is fit from the questions whose pools reach its lowest size (a pool
 * of 9 can be cut to 1…9, never to 12). A band above the first stands on its
 * own only when
 * - at least {@link MIN_BAND_QUESTIONS} questions reach it, or every question
 *   of the run does (then it has as many as the first band), and
 * - in every cross-fit fold, the training part holds a question that reaches
 *   it (else the fold's held-out questions would have no model).
 * Both hold for a band only if they hold for every band below it, so the
 * bands that stand are a run of the lowest ones. The last of them is left
 * open above and stands in for the bands beyond it: it is fit on their
 * pools too (each question's whole pool is always a row), and a pool of any
 * size is covered. Before, a file where one question had 9 candidates and
 * the rest 8 stopped the evaluation: the band "9 or more" had no training
 * rows in one fold.
 */
import type { BandStandIn } from '../profile.ts';

/** The fewest questions a band above the first is fit on, unless every question of the run reaches it. */
export const MIN_BAND_QUESTIONS = 10;

/** A band of pool sizes (`max` null: no upper end). */
export interface BandSpec {
  readonly min: number;
  readonly max: number | null;
}

/** The bands fit on their own, the ones the last of them stands in for, and the pool size its sizes are spread up to. */
export interface BandReach {
  readonly fit: readonly BandSpec[];
  readonly standIns: readonly BandStandIn[];
  /** The largest pool at least {@link MIN_BAND_QUESTIONS} questions (or all of them) reach: the open band's cut sizes stop here (whole pools beyond it are still rows). */
  readonly reach: number;
}

/**
 * The bands of `bands` a run with these pool sizes and folds can fit.
 *
 * @example
 * const sizes = [...Array(39).fill(8), 9];
 * bandsReached(POOL_BANDS, sizes, { fold: folds, folds: 2 });
 * // { fit: [1, 2, 3–4, 5–8], standIns: [{ min: 9, max: null, questions: 1 }], reach: 8 }
 */
export function bandsReached(
  bands: readonly BandSpec[],
  poolSizes: readonly number[],
  folds: { readonly fold: ArrayLike<number>; readonly folds: number },
): BandReach {
  const n = poolSizes.length;
  const needed = Math.min(MIN_BAND_QUESTIONS, n);
  const reaching = (min: number): number[] => poolSizes.flatMap((s, q) => (s >= min ? [q] : []));
  const trainedInEveryFold = (qs: readonly number[]): boolean => {
    for (let f = 0; f < folds.folds; f++) if (!qs.some((q) => folds.fold[q] !== f)) return false;
    return true;
  };
  const largest = Math.max(...poolSizes);
  const fit: BandSpec[] = [];
  const standIns: BandStandIn[] = [];
  bands.forEach((band, i) => {
    if (band.min > largest) return;
    const qs = reaching(band.min);
    const stands = i === 0 || (standIns.length === 0 && qs.length >= needed && trainedInEveryFold(qs));
    if (stands) fit.push(band);
    else standIns.push({ min: band.min, max: band.max, questions: qs.length });
  });
  const descending = [...poolSizes].sort((a, b) => b - a);
  return { fit, standIns, reach: descending[Math.max(0, needed - 1)] ?? largest };
}
