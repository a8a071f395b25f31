/**
 * Paired percentile bootstrap of a difference of means over questions, for
 * Best-of-N accuracies (per-question 0/1 outcomes of two selectors on the
 * same questions): resample questions with replacement B times (seeded),
 * take the mean difference each time, report the mean difference and the
 * equal-tailed 95% interval of the resampled differences.
 */
import { auroc, createRng, percentileInterval } from '../../src/core/stats/index.ts';

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

/**
 * Candidate-level AUROC of `a` minus that of `b`, with 95% intervals of the
 * difference and of `a`'s AUROC: questions resampled with their candidates.
 *
 * @example
 * pairedAuroc(stacked, ormSql, labels, questionOf, 1000, 2); // { a: 0.81, b: 0.77, diff: 0.04, ci: [0.01, 0.07], ciA: […] }
 */
export function pairedAuroc(
  a: Float64Array,
  b: Float64Array,
  y: Uint8Array,
  question: Int32Array,
  B: number,
  seed: number,
): { a: number; b: number; diff: number; ci: [number, number]; ciA: [number, number] } {
  const byQ = new Map<number, number[]>();
  question.forEach((q, i) => byQ.set(q, [...(byQ.get(q) ?? []), i]));
  const qs = [...byQ.values()];
  const rng = createRng(seed);
  const diffs = new Float64Array(B);
  const as = new Float64Array(B);
  for (let r = 0; r < B; r++) {
    const idx: number[] = [];
    for (let k = 0; k < qs.length; k++) idx.push(...qs[rng.int(qs.length)]!);
    const yy = Uint8Array.from(idx, (i) => y[i]!);
    const ra = auroc(
      Float64Array.from(idx, (i) => a[i]!),
      yy,
    );
    as[r] = ra;
    diffs[r] =
      ra -
      auroc(
        Float64Array.from(idx, (i) => b[i]!),
        yy,
      );
  }
  const A = auroc(a, y);
  const Bv = auroc(b, y);
  return { a: A, b: Bv, diff: A - Bv, ci: percentileInterval(diffs, 0.95), ciA: percentileInterval(as, 0.95) };
}
