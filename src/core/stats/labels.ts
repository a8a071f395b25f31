/**
 * Input conventions shared by every statistic in this folder.
 *
 * - Scores are `ArrayLike<number>` (a `readonly number[]` or a `Float64Array`);
 *   higher means "more likely correct". `NaN` marks a missing value (a signal
 *   that could not be computed for that question). Statistics over one score
 *   drop its missing questions; statistics over two drop a question when either
 *   is missing. ±Infinity are ordinary, orderable values.
 * - Labels are `ArrayLike<boolean | number>`: `true`/`1` = correct,
 *   `false`/`0` = wrong. Anything else is a broken contract (`RangeError`).
 * - Length mismatches are broken contracts (`RangeError`).
 */

/** Scores, one per question; `NaN` = missing. */
export type Scores = ArrayLike<number>;

/** Correctness labels, one per question: `true`/`1` correct, `false`/`0` wrong. */
export type Labels = ArrayLike<boolean | number>;

/**
 * Validates labels and returns them as 0/1 bytes.
 *
 * @example
 * toBinary([true, 0, 1]); // Uint8Array [1, 0, 1]
 * toBinary([0.5]);        // throws RangeError
 */
export function toBinary(labels: Labels, what = 'labels'): Uint8Array {
  const out = new Uint8Array(labels.length);
  for (let i = 0; i < labels.length; i++) {
    const v = labels[i];
    if (v === true || v === 1) out[i] = 1;
    else if (v !== false && v !== 0) {
      throw new RangeError(`${what}[${i}] must be true/false or 1/0, got ${String(v)}`);
    }
  }
  return out;
}

/**
 * Throws a `RangeError` unless every array has the same length as the first.
 *
 * @example
 * sameLength('auroc', [0.1, 0.2], [true, false]); // ok
 * sameLength('auroc', [0.1], [true, false]);      // throws RangeError
 */
export function sameLength(fn: string, ...arrays: readonly ArrayLike<unknown>[]): void {
  const n = arrays[0]?.length ?? 0;
  for (let k = 1; k < arrays.length; k++) {
    if (arrays[k]!.length !== n) {
      throw new RangeError(`${fn}: length mismatch (${n} vs ${arrays[k]!.length})`);
    }
  }
}

/**
 * Indices of the questions where every given score is present (not `NaN`),
 * ascending. Use it to evaluate a signal where present, or two signals where
 * both are present.
 *
 * @example
 * presentIndices([0.1, NaN, 0.3], [1, 2, NaN]); // [0]
 */
export function presentIndices(...scores: readonly Scores[]): number[] {
  sameLength('presentIndices', ...scores);
  const n = scores[0]?.length ?? 0;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    if (scores.every((s) => !Number.isNaN(s[i]))) out.push(i);
  }
  return out;
}

/**
 * The values at `indices`, in that order.
 *
 * @example
 * pick([10, 20, 30], [2, 0]); // [30, 10]
 */
export function pick<T>(values: ArrayLike<T>, indices: readonly number[]): T[] {
  return indices.map((i) => values[i] as T);
}

/**
 * Weight 1 where every given score is present, 0 where any is missing, and
 * how many are used: the weights that restrict a weighted statistic to
 * {@link presentIndices}.
 *
 * @example
 * presentWeights([0.1, NaN, 0.3], [1, 2, 3]); // { weight: Float64Array [1, 0, 1], used: 2 }
 */
export function presentWeights(...scores: readonly Scores[]): { weight: Float64Array; used: number } {
  const keep = presentIndices(...scores);
  const weight = new Float64Array(scores[0]?.length ?? 0);
  for (const i of keep) weight[i] = 1;
  return { weight, used: keep.length };
}
