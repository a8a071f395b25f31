/**
 * Pearson's product-moment correlation, two-pass (means first, then centered
 * sums) for accuracy. Used for the correlation of two scorers' errors: pass
 * the residuals y − p of each scorer.
 */
import { sameLength, type Scores } from './labels.ts';

/**
 * r = Σ(x−x̄)(y−ȳ) / √(Σ(x−x̄)² · Σ(y−ȳ)²) over the pairs where both values
 * are present (`NaN` = missing, dropped pairwise). `NaN` when fewer than two
 * pairs remain or either variable has zero variance. `RangeError` on a length
 * mismatch. The result is clamped to [−1, 1] against rounding.
 *
 * @example
 * pearson([1, 2, 3], [2, 4, 7]);   // 0.9933…
 * pearson([1, 1, 1], [1, 2, 3]);   // NaN (zero variance)
 * pearson([1, 2, NaN], [3, 1, 9]); // -1 (third pair dropped)
 */
export function pearson(x: Scores, y: Scores): number {
  sameLength('pearson', x, y);
  let n = 0;
  let sx = 0;
  let sy = 0;
  let xConstant = true;
  let yConstant = true;
  let x0 = NaN;
  let y0 = NaN;
  for (let i = 0; i < x.length; i++) {
    const a = x[i] as number;
    const b = y[i] as number;
    if (Number.isNaN(a) || Number.isNaN(b)) continue;
    if (n === 0) [x0, y0] = [a, b];
    xConstant &&= a === x0;
    yConstant &&= b === y0;
    n++;
    sx += a;
    sy += b;
  }
  // Exact test for zero variance: a constant column's mean need not be exact.
  if (n < 2 || xConstant || yConstant) return NaN;
  const mx = sx / n;
  const my = sy / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    const a = x[i] as number;
    const b = y[i] as number;
    if (Number.isNaN(a) || Number.isNaN(b)) continue;
    sxy += (a - mx) * (b - my);
    sxx += (a - mx) * (a - mx);
    syy += (b - my) * (b - my);
  }
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}
