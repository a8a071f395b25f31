/**
 * Tie-robust AUROC: the Mann–Whitney U statistic over (correct, wrong) pairs
 * divided by n₁·n₀, computed from midranks (tied scores share the average of
 * the ranks they span), so a tied pair counts one half. Equals the
 * probability that a random correct question scores above a random wrong
 * one, ties broken by a fair coin.
 *
 * Missing scores (`NaN`) are dropped: the AUROC is over the questions where
 * the score is present. For a paired comparison of two signals, restrict both
 * to {@link presentIndices}(a, b) first (the bootstrap does this for you).
 */
import { sameLength, toBinary, type Labels, type Scores } from './labels.ts';

/**
 * Midranks (1-based; ties get the mean of the ranks they span) of `values`,
 * which must not contain `NaN` (`RangeError`). Same as
 * `scipy.stats.rankdata(values, method="average")`.
 *
 * @example
 * midranks([10, 20, 20, 5]); // Float64Array [2, 3.5, 3.5, 1]
 */
export function midranks(values: Scores): Float64Array {
  const n = values.length;
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < n; i++) {
    if (Number.isNaN(values[i])) throw new RangeError(`midranks: values[${i}] is NaN`);
  }
  order.sort((i, j) => (values[i] as number) - (values[j] as number) || i - j);
  const ranks = new Float64Array(n);
  for (let start = 0; start < n; ) {
    let end = start + 1;
    while (end < n && values[order[end]!] === values[order[start]!]) end++;
    const mid = (start + 1 + end) / 2; // mean of ranks start+1 … end
    for (let k = start; k < end; k++) ranks[order[k]!] = mid;
    start = end;
  }
  return ranks;
}

/** AUROC with the class counts it was computed from. */
export interface AurocResult {
  /** U / (n₁·n₀); `NaN` when either class is absent. */
  readonly auroc: number;
  /** Questions used (score present). */
  readonly n: number;
  /** Correct questions used. */
  readonly nPositive: number;
  /** Wrong questions used. */
  readonly nNegative: number;
}

/**
 * Tie-robust AUROC with its counts; questions with a missing score are
 * dropped. `RangeError` on a length mismatch or a label that is not 0/1.
 *
 * @example
 * aurocDetail([0.9, 0.5, 0.5, NaN], [1, 1, 0, 0]);
 * // { auroc: 0.75, n: 3, nPositive: 2, nNegative: 1 }
 */
export function aurocDetail(scores: Scores, labels: Labels): AurocResult {
  sameLength('auroc', scores, labels);
  const y = toBinary(labels);
  const kept: number[] = [];
  const keptY: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    if (Number.isNaN(scores[i])) continue;
    kept.push(scores[i] as number);
    keptY.push(y[i]!);
  }
  const ranks = midranks(kept);
  let n1 = 0;
  let rankSum = 0;
  for (let i = 0; i < kept.length; i++) {
    if (keptY[i] === 1) {
      n1++;
      rankSum += ranks[i]!;
    }
  }
  const n0 = kept.length - n1;
  const u = rankSum - (n1 * (n1 + 1)) / 2;
  const auroc = n1 === 0 || n0 === 0 ? NaN : u / (n1 * n0);
  return { auroc, n: kept.length, nPositive: n1, nNegative: n0 };
}

/**
 * Tie-robust AUROC (see the module comment); `NaN` when a class is absent
 * among the questions with a present score.
 *
 * @example
 * auroc([0.9, 0.8, 0.3], [true, false, false]); // 1
 * auroc([0.5, 0.5], [1, 0]);                    // 0.5 (a tie counts one half)
 * auroc([0.2, 0.7], [1, 1]);                    // NaN (no wrong question)
 */
export function auroc(scores: Scores, labels: Labels): number {
  return aurocDetail(scores, labels).auroc;
}
