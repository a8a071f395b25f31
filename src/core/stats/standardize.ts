/**
 * Z-scoring with missing-value indicators, fitted on training rows only and
 * kept as plain data (JSON-safe) so a calibration profile can store it.
 *
 * Convention, per input column j, over the training rows where it is present
 * (`NaN` = missing):
 *   mean = arithmetic mean; sd = population standard deviation (divisor n,
 *   numpy's default `ddof=0`, scikit-learn's StandardScaler). A constant column
 *   gets sd = 1; a column with no present value gets mean = 0, sd = 1.
 * Applying it: z = (x − mean)/sd when present, 0 when missing (mean
 * imputation). Every column that had a missing value among the training rows
 * gets an indicator column (1 = missing, 0 = present), appended after all
 * z columns in column order. A column without an indicator that is missing at
 * apply time still maps to 0. ±Infinity is a broken contract (`RangeError`).
 */

/** A fitted transform: plain numbers and booleans, one entry per input column. */
export interface Standardization {
  readonly means: readonly number[];
  readonly sds: readonly number[];
  /** Whether a missing-value indicator column is appended for this column. */
  readonly indicators: readonly boolean[];
}

function check(v: number, where: string): void {
  if (v === Infinity || v === -Infinity) throw new RangeError(`standardize: ${where} is ${v}; use NaN for missing`);
}

/**
 * Fits the transform on `rows` (n × d; `NaN` = missing). `RangeError` on no
 * rows, ragged rows or an infinite value.
 *
 * @example
 * const t = fitStandardization([[1, NaN], [3, 5]]);
 * // { means: [2, 5], sds: [1, 1], indicators: [false, true] }
 */
export function fitStandardization(rows: readonly ArrayLike<number>[]): Standardization {
  if (rows.length === 0) throw new RangeError('fitStandardization: no rows');
  const d = rows[0]!.length;
  const means: number[] = [];
  const sds: number[] = [];
  const indicators: boolean[] = [];
  for (let j = 0; j < d; j++) {
    const present: number[] = [];
    rows.forEach((row, i) => {
      if (row.length !== d) throw new RangeError(`fitStandardization: row ${i} has ${row.length} columns, want ${d}`);
      const v = row[j]!;
      check(v, `rows[${i}][${j}]`);
      if (!Number.isNaN(v)) present.push(v);
    });
    const m = present.length === 0 ? 0 : present.reduce((a, b) => a + b, 0) / present.length;
    const constant = present.every((v) => v === present[0]);
    const variance = present.reduce((a, v) => a + (v - m) * (v - m), 0) / Math.max(present.length, 1);
    means.push(m);
    sds.push(constant ? 1 : Math.sqrt(variance));
    indicators.push(present.length < rows.length);
  }
  return { means, sds, indicators };
}

/**
 * Applies the transform to one row: d z-scores, then one indicator per column
 * with `indicators[j]`. `RangeError` on a wrong length or an infinite value.
 *
 * @example
 * applyStandardization({ means: [2, 5], sds: [1, 1], indicators: [false, true] }, [4, NaN]);
 * // [2, 0, 1]
 */
export function applyStandardization(t: Standardization, row: ArrayLike<number>): number[] {
  const d = t.means.length;
  if (row.length !== d) throw new RangeError(`applyStandardization: ${row.length} columns, want ${d}`);
  const z: number[] = [];
  const flags: number[] = [];
  for (let j = 0; j < d; j++) {
    const v = row[j]!;
    check(v, `row[${j}]`);
    z.push(Number.isNaN(v) ? 0 : (v - t.means[j]!) / t.sds[j]!);
    if (t.indicators[j]) flags.push(Number.isNaN(v) ? 1 : 0);
  }
  return z.concat(flags);
}

/**
 * {@link applyStandardization} over many rows.
 *
 * @example
 * standardizeRows(fitStandardization(train), test); // number[][]
 */
export function standardizeRows(t: Standardization, rows: readonly ArrayLike<number>[]): number[][] {
  return rows.map((row) => applyStandardization(t, row));
}
