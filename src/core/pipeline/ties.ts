/**
 * Ties said honestly. When the best results disagree (they are different
 * results) and their P(correct) are *within noise* of each other, Confide
 * cannot tell which is right, and says so instead of answering with one.
 *
 * Within noise: closer than the calibration error of the profile's model for
 * this pool size, its out-of-fold ECE on its own calibration data
 * (`band.fit.ece`: on average, how far a P it gives lies from the share of
 * such answers that were right). A difference smaller than that is not one
 * the profile can vouch for: two answers at 0.58 and 0.57 under a model whose
 * P is off by 0.02 on average are the same to it. A profile without that
 * figure uses {@link DEFAULT_TIE_MARGIN}; the margin is never below
 * {@link MIN_TIE_MARGIN}, the resolution at which P is shown (two decimals).
 */
import type { PoolBand } from '../profile.ts';
import type { AnswerGroup } from './types.ts';

/** The margin for a band that does not say its calibration error. */
export const DEFAULT_TIE_MARGIN = 0.03;
/** P is shown to two decimals: a smaller margin would call different-looking P's a tie and equal-looking ones apart. */
export const MIN_TIE_MARGIN = 0.01;

/**
 * How close two P(correct) must be to be within noise, for one band.
 *
 * @example tieMargin(bandFor(profile, 2)); // 0.021 (the band's out-of-fold ECE)
 */
export function tieMargin(band: Pick<PoolBand, 'fit'> | null): number {
  const ece = band?.fit?.ece;
  return Math.max(MIN_TIE_MARGIN, ece !== undefined && Number.isFinite(ece) ? ece : DEFAULT_TIE_MARGIN);
}

/**
 * The positions (in `answers`, the decision rule's order) of the results tied
 * with the first: every one whose P is within `margin` of the first's. Empty
 * when the first stands alone, when it has no P, or when there is one result.
 *
 * @example tiedWithFirst(result.answers, 0.021); // [0, 1]: A at 0.58 and B at 0.57
 */
export function tiedWithFirst(answers: readonly AnswerGroup[], margin: number): number[] {
  const top = answers[0]?.probability;
  if (top === undefined || !Number.isFinite(top)) return [];
  const tied = answers.flatMap((g, i) => (Number.isFinite(g.probability) && top - g.probability < margin ? [i] : []));
  return tied.length > 1 ? tied : [];
}
