/**
 * Exact (Clopper–Pearson) one-sided upper confidence bound for a binomial
 * proportion: with k failures among m trials, the bound u at level α is the
 * largest p with P(Bin(m, p) ≤ k) ≥ α, i.e. u = Beta quantile(1 − α; k + 1,
 * m − k), and u = 1 when k = m or m = 0 (no information). P(true p ≤ u) ≥ 1 − α.
 */
import { betaQuantile } from './beta.ts';

/**
 * One-sided 1 − α upper bound on a risk from `k` errors among `m` answers.
 * `RangeError` unless 0 ≤ k ≤ m are integers and α ∈ (0, 1). Matches
 * `scipy.stats.beta.ppf(1 - alpha, k + 1, m - k)`.
 *
 * @example
 * clopperPearsonUpper(0, 10, 0.05); // 1 − 0.05^(1/10) ≈ 0.2589
 * clopperPearsonUpper(3, 3, 0.05);  // 1
 */
export function clopperPearsonUpper(k: number, m: number, alpha: number): number {
  if (!Number.isInteger(k) || !Number.isInteger(m) || k < 0 || k > m) {
    throw new RangeError(`clopperPearsonUpper: need integers 0 ≤ k ≤ m, got k=${k}, m=${m}`);
  }
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`clopperPearsonUpper: alpha must be in (0, 1), got ${alpha}`);
  if (k === m) return 1;
  return betaQuantile(1 - alpha, k + 1, m - k);
}
