/**
 * The guarded combiner's fit: a logistic combiner that does not lose to its
 * best single input, even on a hundred questions with a constant or
 * pure-noise signal (guarded.ts cross-fits it).
 *
 * Fitting on one training set (every choice below is made on those rows only):
 * 1. Standardize all columns (standardize.ts; label-free).
 * 2. Drop constant and near-constant columns: a column is dropped when fewer
 *    than `minMinority` rows differ from its most common value (missing
 *    counts as one value). Default minMinority = max(3, ⌈0.02·n⌉).
 * 3. The *anchor*: the kept column whose training AUROC is farthest from one
 *    half (the fit learns its sign), and its one-column logistic map (its
 *    z-score and missing indicator, ridge 1).
 * 4. Inner cross-validation (`innerFolds`, default 5, a seeded permutation of
 *    the training rows; with `group` and at least three groups among the
 *    training rows, one inner fold per group instead) of the combined model at each λ of `lambdas`
 *    (default 0.1, 1, 10, 100, 1000): all kept columns, the anchor's weights
 *    with ridge 1, every other weight with ridge λ (a large λ shrinks the
 *    combination toward the anchor alone). Its inner score on a question is
 *    the anchor's map plus the inner fold's correction (combined logit minus
 *    the inner fold's anchor-only logit), so the anchor's ties stay tied and
 *    the comparison is with the anchor's own AUROC on the training rows.
 * 5. Choice: the anchor alone unless the best combined inner AUROC beats it by
 *    more than `tolerance` (default 0.02) *and* that gain is evidence, not
 *    noise: its paired bootstrap interval over the inner scores lies above 0
 *    (guard-evidence.ts; resampling units are `units`, else the groups, else
 *    the rows); then the combined model at the largest λ within `tolerance`
 *    of that best. With no usable column or one class in the training labels:
 *    the constant log-odds of the labels.
 *
 * The result is a plain {@link CombinerModel} over every input column (a
 * dropped or unused column has weight 0), so a calibration profile stores and
 * applies it as before.
 *
 * guarded.ts cross-fits this fit; guard-columns.ts holds the columns, the
 * anchor's choice and the small fits, guard-inner.ts the inner folds.
 */
import { auroc } from './auroc.ts';
import type { CombinerModel, CrossfitOptions } from './crossfit.ts';
import { ANCHOR_RIDGE, constantModel, featureIndices, fitSpec, linear, nearConstantColumns, strongestColumn, type Spec } from './guard-columns.ts';
import { gainInterval } from './guard-evidence.ts';
import { correctedScores, innerFoldsOf } from './guard-inner.ts';
import { sameLength, toBinary, type Labels } from './labels.ts';
import type { Rng } from './rng.ts';
import { fitStandardization, standardizeRows } from './standardize.ts';

/** Ridge λ grid for the non-anchor weights (see the module comment). */
export const GUARD_LAMBDAS: readonly number[] = [0.1, 1, 10, 100, 1000];

/** Options for {@link fitGuardedCombiner} and crossfitGuarded (guarded.ts). */
export interface GuardedOptions extends Pick<CrossfitOptions, 'k' | 'group'> {
  /** Ridge grid for the non-anchor weights (default {@link GUARD_LAMBDAS}). */
  readonly lambdas?: readonly number[];
  /** Inner folds (default 5; ignored when `group` gives at least three groups: one inner fold per group). */
  readonly innerFolds?: number;
  /** AUROC margin a combination must beat the anchor by (default 0.02). */
  readonly tolerance?: number;
  /** Rows that must differ from a column's most common value to keep it (default max(3, ⌈0.02·n⌉)). */
  readonly minMinority?: number;
  /** Use this column as the anchor when it is kept (crossfitGuarded passes the all-questions anchor to every fold). */
  readonly anchor?: number;
  /** Ask a combination for evidence: its inner gain's paired interval above 0 (default true; guard-evidence.ts). */
  readonly evidence?: boolean;
  /** Resampling unit of each row for that interval (default one per row; with `group`, the group). */
  readonly units?: readonly string[];
  /** crossfitGuarded: these folds (one per row) instead of drawing them (rows of one question kept together). */
  readonly folds?: { readonly fold: Int32Array; readonly folds: number };
}

/** What the guard chose on one training set. Column numbers index the input rows. */
export interface GuardChoice {
  /** `single`: the anchor alone; `combined`: every kept column; `constant`: no usable column or one class. */
  readonly kind: 'single' | 'combined' | 'constant';
  /** The kept column whose training AUROC is farthest from one half, or null. */
  readonly anchor: number | null;
  /** Ridge on the non-anchor weights when `combined`, else null. */
  readonly lambda: number | null;
  /** Constant or near-constant columns left out. */
  readonly dropped: readonly number[];
  /**
   * AUROC on the training rows of the anchor alone, inner cross-validated AUROC of the best combined
   * model (NaN when not computed) and, when a combination passed the tolerance, the paired 95% interval
   * of its inner gain (guard-evidence.ts).
   */
  readonly inner: { readonly single: number; readonly combined: number; readonly gain_ci?: readonly [number, number] };
}

/** A fitted guarded combiner. */
export interface GuardedFit {
  readonly model: CombinerModel;
  readonly choice: GuardChoice;
  /** The anchor alone, fit on the same rows (null when there is no anchor). */
  readonly anchorModel: CombinerModel | null;
}

/**
 * Fits the guarded combiner on `rows` (raw features, `NaN` = missing); see the
 * module comment. `rng` draws the inner folds; `group` (one per row) makes
 * them leave-one-group-out. `RangeError` on no rows, a length mismatch
 * (rows, labels, groups) or a label that is not 0/1.
 *
 * @example
 * const { model, choice } = fitGuardedCombiner(rows, correct, createRng(1));
 * choice.kind; // 'single' when nothing beats the best signal alone
 */
export function fitGuardedCombiner(rows: readonly ArrayLike<number>[], labels: Labels, rng: Rng, options: GuardedOptions = {}): GuardedFit {
  sameLength('fitGuardedCombiner', rows, labels);
  const n = rows.length;
  if (n === 0) throw new RangeError('fitGuardedCombiner: no rows');
  if (options.group && options.group.length !== n) throw new RangeError(`fitGuardedCombiner(group): ${options.group.length} groups for ${n} rows`);
  const y = toBinary(labels);
  const lambdas = options.lambdas ?? GUARD_LAMBDAS;
  const tolerance = options.tolerance ?? 0.02;
  const minMinority = options.minMinority ?? Math.max(3, Math.ceil(0.02 * n));
  const standardization = fitStandardization(rows);
  const z = standardizeRows(standardization, rows);
  const width = z[0]?.length ?? 0;
  const byColumn = featureIndices(standardization);
  const dropped = nearConstantColumns(rows, minMinority);
  const kept = byColumn.map((_, j) => j).filter((j) => !dropped.includes(j));
  const pos = y.reduce((a, b) => a + b, 0);
  const none: GuardChoice = { kind: 'constant', anchor: null, lambda: null, dropped, inner: { single: NaN, combined: NaN } };
  if (kept.length === 0 || pos === 0 || pos === n) {
    return { model: constantModel(standardization, width, y), choice: none, anchorModel: null };
  }

  // The anchor: the kept column with the highest training AUROC either way round, unless one is given.
  let anchor = strongestColumn(rows, y, kept);
  if (options.anchor !== undefined && kept.includes(options.anchor)) anchor = options.anchor;
  if (anchor < 0) return { model: constantModel(standardization, width, y), choice: none, anchorModel: null };
  const anchorSpec: Spec = { features: byColumn[anchor]!, ridges: byColumn[anchor]!.map(() => ANCHOR_RIDGE) };
  const alone = fitSpec(z, y, anchorSpec, width);
  const anchorModel: CombinerModel = { standardization, ...alone, lambda: ANCHOR_RIDGE };
  const anchorLogit = Float64Array.from(z, (row) => linear(alone, row));
  const single = auroc(anchorLogit, y);

  const inner = innerFoldsOf(n, rng, options.innerFolds, options.group);
  const combinedSpec = (lambda: number): Spec => {
    const features: number[] = [];
    const ridges: number[] = [];
    for (const j of kept)
      for (const f of byColumn[j]!) {
        features.push(f);
        ridges.push(j === anchor ? ANCHOR_RIDGE : lambda);
      }
    return { features, ridges };
  };
  const grid = [...lambdas].sort((a, b) => b - a); // most shrinkage first
  const corrected = kept.length > 1 ? grid.map((l) => correctedScores(z, y, inner, anchorSpec, combinedSpec(l), anchorLogit, width)) : [];
  const combinedAurocs = corrected.map((c) => auroc(c, y));
  const bestCombined = combinedAurocs.reduce((a, b) => Math.max(b, a), -Infinity);
  const best = Math.max(single, bestCombined);
  const innerScores = { single, combined: combinedAurocs.length ? bestCombined : NaN };
  const keepAnchor = (gain?: readonly [number, number]): GuardedFit => ({
    model: anchorModel,
    choice: { kind: 'single', anchor, lambda: null, dropped, inner: gain ? { ...innerScores, gain_ci: gain } : innerScores },
    anchorModel,
  });
  if (!(bestCombined > single + tolerance)) return keepAnchor();
  const at = combinedAurocs.findIndex((a) => a > single + tolerance && a >= best - tolerance);
  const lambda = grid[at]!;
  // Evidence (guard-evidence.ts): the chosen combination's inner gain over the anchor, with its paired
  // bootstrap interval over the resampling units; kept only when the interval lies above 0.
  const gain =
    options.evidence === false
      ? undefined
      : gainInterval(corrected[at]!, anchorLogit, y, { ...((options.units ?? options.group) ? { units: (options.units ?? options.group)! } : {}) });
  if (gain !== undefined && !(gain[0] > 0)) return keepAnchor(gain);
  const m = fitSpec(z, y, combinedSpec(lambda), width);
  return {
    model: { standardization, ...m, lambda },
    choice: { kind: 'combined', anchor, lambda, dropped, inner: gain ? { ...innerScores, gain_ci: gain } : innerScores },
    anchorModel,
  };
}
