/**
 * The calibration-by-pool-size table (pool-bands.ts): for each pool size of
 * TABLE_SIZES a band covers, its cut pools' best guesses, their accuracy and
 * out-of-fold ECE, and at each target risk the band's threshold with its
 * coverage and risk on the test half.
 */
import { bandWords, type PoolBand } from '../profile.ts';
import { calibration, pick } from '../stats/index.ts';
import type { Cut } from './band-rows.ts';

/** Pool sizes of the calibration-by-pool-size table ('all': each question's whole pool). */
export const TABLE_SIZES: readonly (number | 'all')[] = [1, 2, 4, 8, 'all'];

/** One row of the calibration-by-pool-size table. */
export interface PoolSizeRow {
  readonly size: number | 'all';
  readonly band: string;
  readonly questions: number;
  /** Share of the cut pools whose best guess is right. */
  readonly accuracy: number;
  /** Out-of-fold ECE of the best guesses' P. */
  readonly ece: number;
  /** At each target risk, on the test half: the band's threshold (floored), coverage and risk. */
  readonly at: readonly { readonly target_risk: number; readonly threshold: number | null; readonly coverage: number; readonly risk: number }[];
}

/**
 * A band's rows of the table: each of TABLE_SIZES in the band, over its cut pools' best guesses (`bestP`, `bestY`,
 * one per cut); coverage and risk at each of the band's thresholds on the test half (the questions not in `calibrationHalf`).
 *
 * @example const rows = poolSizeRows(band, cuts, bestP, bestY, new Set(split.cal));
 */
export function poolSizeRows(
  band: PoolBand,
  cuts: readonly Cut[],
  bestP: Float64Array,
  bestY: Uint8Array,
  calibrationHalf: ReadonlySet<number>,
): PoolSizeRow[] {
  const out: PoolSizeRow[] = [];
  for (const size of TABLE_SIZES) {
    if (size !== 'all' && !(size >= band.min && (band.max === null || size <= band.max))) continue;
    const idx = cuts.map((r, i) => ((size === 'all' ? r.whole : r.size === size) ? i : -1)).filter((i) => i >= 0);
    if (idx.length === 0) continue;
    const testIdx = idx.filter((i) => !calibrationHalf.has(cuts[i]!.q));
    const p = pick(bestP, idx);
    const yy = pick(bestY, idx);
    out.push({
      size,
      band: bandWords(band),
      questions: idx.length,
      accuracy: yy.reduce((a, b) => a + b, 0) / yy.length,
      ece: calibration(p, yy).ece,
      at: band.thresholds.map((t) => {
        const answered = t.threshold === null ? [] : testIdx.filter((i) => (bestP[i] as number) >= t.threshold!);
        const wrong = answered.filter((i) => bestY[i] === 0).length;
        return {
          target_risk: t.target_risk,
          threshold: t.threshold,
          coverage: testIdx.length === 0 ? NaN : answered.length / testIdx.length,
          risk: answered.length === 0 ? NaN : wrong / answered.length,
        };
      }),
    });
  }
  return out;
}
