/**
 * The guarded combiner's columns and the small models it compares
 * (guarded-fit.ts): which standardized features belong to a column, which
 * columns are near-constant, which kept column is the anchor, and ridge
 * logistic fits over a chosen set of standardized features.
 *
 * A column's features are its z-score and, when it has missing values, its
 * missing indicator (standardize.ts). A fit over a {@link Spec} is
 * `fitLogistic` with λ = 1 and one ridge multiplier per used feature, so the
 * ridges are the per-weight penalties themselves.
 */
import { auroc } from './auroc.ts';
import type { CombinerModel } from './crossfit.ts';
import { toBinary, type Labels } from './labels.ts';
import { fitLogistic } from './logistic.ts';
import { fitStandardization, standardizeRows, type Standardization } from './standardize.ts';

/** Ridge on the anchor's own weights and on a single-column model. */
export const ANCHOR_RIDGE = 1;

/** Where column j's z-score and (if any) missing indicator sit in a standardized row. */
export function featureIndices(t: Standardization): number[][] {
  const d = t.means.length;
  let next = d;
  return t.means.map((_, j) => (t.indicators[j] ? [j, next++] : [j]));
}

/** Columns with fewer than `minMinority` rows off their most common value (NaN is one value). */
export function nearConstantColumns(rows: readonly ArrayLike<number>[], minMinority: number): number[] {
  const d = rows[0]?.length ?? 0;
  const out: number[] = [];
  for (let j = 0; j < d; j++) {
    const counts = new Map<string, number>();
    for (const row of rows) {
      const key = String(row[j]);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const mode = Math.max(...counts.values());
    if (rows.length - mode < minMinority) out.push(j);
  }
  return out;
}

/**
 * The kept column with the highest training AUROC either way round, or -1 when every kept column's
 * AUROC is NaN (a column whose AUROC is below one half predicts by its low values; the logistic fit
 * learns the sign). Ties keep the first column.
 */
export function strongestColumn(rows: readonly ArrayLike<number>[], y: Uint8Array, kept: readonly number[]): number {
  let anchor = -1;
  let strength = -Infinity;
  for (const j of kept) {
    const a = auroc(
      rows.map((row) => row[j] as number),
      y,
    );
    const s = Number.isNaN(a) ? -Infinity : Math.abs(a - 0.5);
    if (s > strength) [anchor, strength] = [j, s];
  }
  return anchor;
}

/** Which standardized features a model uses, and the ridge on each. */
export interface Spec {
  /** Standardized feature indices used. */
  readonly features: readonly number[];
  /** Ridge per used feature. */
  readonly ridges: readonly number[];
}

/** Fits `spec` on standardized rows; returns full-width weights (0 where unused). */
export function fitSpec(z: readonly number[][], y: Uint8Array, spec: Spec, width: number): { weights: number[]; bias: number } {
  const x = z.map((row) => spec.features.map((f) => row[f] as number));
  // λ = 1 with per-weight multipliers = the ridges themselves.
  const fit = fitLogistic(x, y, { lambda: 1, penalties: spec.ridges });
  const weights = new Array<number>(width).fill(0);
  spec.features.forEach((f, i) => (weights[f] = fit.weights[i] as number));
  return { weights, bias: fit.bias };
}

/** The logit bias + w·z of full-width weights on a standardized row. */
export function linear(m: { readonly weights: readonly number[]; readonly bias: number }, z: readonly number[]): number {
  let v = m.bias;
  for (let j = 0; j < z.length; j++) v += (m.weights[j] as number) * (z[j] as number);
  return v;
}

/** The constant log-odds of the labels (the rate clamped to [0.5/n, 1 − 0.5/n]), every weight 0. */
export function constantModel(standardization: Standardization, width: number, y: Uint8Array): CombinerModel {
  const n = y.length;
  const pos = y.reduce((a, b) => a + b, 0);
  const p = Math.min(Math.max(pos / n, 0.5 / n), 1 - 0.5 / n);
  return { standardization, weights: new Array<number>(width).fill(0), bias: Math.log(p / (1 - p)), lambda: 0 };
}

/** Column `j` alone (its z-score and missing indicator, ridge 1) fit on `rows`. */
export function anchorAlone(rows: readonly ArrayLike<number>[], labels: Labels, j: number): CombinerModel {
  const standardization = fitStandardization(rows);
  const z = standardizeRows(standardization, rows);
  const features = featureIndices(standardization)[j]!;
  const m = fitSpec(z, toBinary(labels), { features, ridges: features.map(() => ANCHOR_RIDGE) }, z[0]?.length ?? 0);
  return { standardization, ...m, lambda: ANCHOR_RIDGE };
}
