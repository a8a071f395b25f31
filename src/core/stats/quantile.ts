/**
 * Quantiles of a sorted sample, Hyndman & Fan type 7 (linear interpolation
 * between order statistics; R's default and numpy's `method="linear"`):
 * with h = (n − 1)·p, q = x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]).
 */

/**
 * The type-7 quantile of an ascending sample. `NaN` for an empty sample;
 * `RangeError` when `p` is outside [0, 1]. The sample is not checked for order
 * (the name says it must be sorted).
 *
 * @example
 * quantileSorted([1, 2, 3, 4], 0.5);  // 2.5
 * quantileSorted([1, 2, 3, 4], 0.25); // 1.75
 */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`quantileSorted: p must be in [0, 1], got ${p}`);
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  const frac = h - lo;
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return frac === 0 ? a : a + frac * (b - a);
}

/**
 * The equal-tailed percentile interval at `level` (e.g. 0.95 → the 2.5% and
 * 97.5% type-7 quantiles) of the non-`NaN` values; `[NaN, NaN]` when none.
 *
 * @example
 * percentileInterval([3, 1, 2, NaN, 4], 0.5); // [1.75, 3.25]
 */
export function percentileInterval(values: ArrayLike<number>, level: number): [number, number] {
  if (!(level > 0 && level < 1)) {
    throw new RangeError(`percentileInterval: level must be in (0, 1), got ${level}`);
  }
  const kept: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (!Number.isNaN(v)) kept.push(v);
  }
  const sorted = Float64Array.from(kept).sort();
  const tail = (1 - level) / 2;
  return [quantileSorted(sorted, tail), quantileSorted(sorted, 1 - tail)];
}
