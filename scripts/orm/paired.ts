/**
 * Paired percentile bootstrap of a difference of means over questions, for
 * Best-of-N accuracies (per-question 0/1 outcomes of two selectors on the
 * same questions): resample questions with replacement B times (seeded),
 * take the mean difference each time, report the mean difference and the
 * equal-tailed 95% interval of the resampled differences.
 */
import { createRng, percentileInterval } from '../../src/core/stats/index.ts';

/**
 * mean(a − b) with its 95% paired bootstrap interval.
 *
 * @example
 * pairedMeanDiff([1, 1, 0, 1], [1, 0, 0, 1], 1000, 1); // { diff: 0.25, ci: [0, 0.75] }
 */
export function pairedMeanDiff(a: readonly number[], b: readonly number[], B: number, seed: number): { diff: number; ci: [number, number] } {
  if (a.length !== b.length || a.length === 0) throw new RangeError(`pairedMeanDiff: ${a.length} and ${b.length} outcomes`);
  const n = a.length;
  const rng = createRng(seed);
  const d = a.map((v, i) => v - b[i]!);
  const diffs = new Float64Array(B);
  for (let r = 0; r < B; r++) {
    let s = 0;
    for (let k = 0; k < n; k++) s += d[rng.int(n)]!;
    diffs[r] = s / n;
  }
  return { diff: d.reduce((x, y) => x + y, 0) / n, ci: percentileInterval(diffs, 0.95) };
}
