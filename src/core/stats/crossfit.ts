/**
 * Cross-fit logistic combiner: every question's probability comes from a
 * model that never saw it.
 *
 * Folds: by default k = 2 folds by question (a seeded random permutation,
 * question at permutation position i goes to fold i mod k, so fold sizes
 * differ by at most one). With `group` (e.g. each question's db_id), one fold
 * per distinct group (leave-one-group-out), numbered in order of first
 * appearance. For each fold: fit the standardization (standardize.ts) and the
 * L2 logistic model (logistic.ts, λ = `lambda`, default 1) on the other folds,
 * then score the held-out fold. A final model is fit the same way on all
 * rows, for saving as a calibration profile.
 */
import { sameLength, type Labels } from './labels.ts';
import { fitLogistic } from './logistic.ts';
import { predictLogistic, type LogisticModel } from './logistic-model.ts';
import type { Rng } from './rng.ts';
import { applyStandardization, fitStandardization, standardizeRows, type Standardization } from './standardize.ts';

/** A standardization plus a logistic model over its output: plain, JSON-safe data. */
export interface CombinerModel extends LogisticModel {
  readonly standardization: Standardization;
  readonly lambda: number;
}

/** Options for {@link crossfitLogistic}. */
export interface CrossfitOptions {
  /** Number of folds by question (default 2); ignored when `group` is given. */
  readonly k?: number;
  /** One group label per question: leave-one-group-out folds instead. */
  readonly group?: readonly string[];
  /** Ridge strength on standardized features (default 1; see logistic.ts). */
  readonly lambda?: number;
}

/** Out-of-fold probabilities and the model fit on everything. */
export interface CrossfitResult {
  /** Out-of-fold P(correct), one per question. */
  readonly oof: Float64Array;
  /** The fold each question was held out in. */
  readonly fold: Int32Array;
  readonly folds: number;
  readonly final: CombinerModel;
}

/**
 * Fits a {@link CombinerModel} on `rows` (raw features, `NaN` = missing).
 *
 * @example
 * const m = fitCombiner([[0.9, NaN], [0.1, -3]], [1, 0]);
 * predictCombiner(m, [0.8, -1]); // P(correct)
 */
export function fitCombiner(rows: readonly ArrayLike<number>[], y: Labels, lambda = 1): CombinerModel {
  const standardization = fitStandardization(rows);
  const fit = fitLogistic(standardizeRows(standardization, rows), y, { lambda });
  return { standardization, weights: fit.weights, bias: fit.bias, lambda };
}

/**
 * P(correct) for one raw feature row under a {@link CombinerModel}.
 *
 * @example
 * predictCombiner(profileModel, [0.75, -0.4]); // 0.81
 */
export function predictCombiner(model: CombinerModel, row: ArrayLike<number>): number {
  return predictLogistic(model, applyStandardization(model.standardization, row));
}

/** Each question's fold and the number of folds. */
export interface FoldAssignment {
  readonly fold: Int32Array;
  readonly folds: number;
}

/**
 * The folds of the module comment: with `group`, one fold per distinct group
 * in order of first appearance; otherwise k folds by a seeded permutation
 * (one `rng.shuffle`). `RangeError` (prefixed by `caller`) on k not an
 * integer in [2, n], fewer than two groups or a group length mismatch.
 *
 * @example
 * assignFolds(10, createRng(1), { k: 5 }).fold; // Int32Array of 0…4, two each
 */
export function assignFolds(n: number, rng: Rng, options: Pick<CrossfitOptions, 'k' | 'group'>, caller = 'assignFolds'): FoldAssignment {
  const { k = 2, group } = options;
  const fold = new Int32Array(n);
  if (group) {
    if (group.length !== n) throw new RangeError(`${caller}(group): ${group.length} groups for ${n} rows`);
    const ids = new Map<string, number>();
    group.forEach((g, i) => {
      if (!ids.has(g)) ids.set(g, ids.size);
      fold[i] = ids.get(g)!;
    });
    if (ids.size < 2) throw new RangeError(`${caller}: need at least 2 groups, got ${ids.size}`);
    return { fold, folds: ids.size };
  }
  if (!Number.isInteger(k) || k < 2 || k > n) {
    throw new RangeError(`${caller}: k must be an integer in [2, ${n}], got ${k}`);
  }
  const perm = rng.shuffle(Array.from({ length: n }, (_, i) => i));
  perm.forEach((q, pos) => (fold[q] = pos % k));
  return { fold, folds: k };
}

/**
 * Cross-fits the combiner (see the module comment). `RangeError` on a length
 * mismatch, k not an integer in [2, n], or fewer than two groups.
 *
 * @example
 * const { oof, final } = crossfitLogistic(features, correct, createRng(1));
 * const byDb = crossfitLogistic(features, correct, createRng(1), { group: dbIds });
 */
export function crossfitLogistic(rows: readonly ArrayLike<number>[], y: Labels, rng: Rng, options: CrossfitOptions = {}): CrossfitResult {
  const { lambda = 1 } = options;
  sameLength('crossfitLogistic', rows, y);
  const n = rows.length;
  const { fold, folds } = assignFolds(n, rng, options, 'crossfitLogistic');
  const oof = new Float64Array(n);
  for (let f = 0; f < folds; f++) {
    const train: number[] = [];
    const test: number[] = [];
    for (let i = 0; i < n; i++) (fold[i] === f ? test : train).push(i);
    const model = fitCombiner(
      train.map((i) => rows[i]!),
      train.map((i) => y[i]!),
      lambda,
    );
    for (const i of test) oof[i] = predictCombiner(model, rows[i]!);
  }
  return { oof, fold, folds, final: fitCombiner(rows, y, lambda) };
}
