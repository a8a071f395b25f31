/**
 * The guarded combiner: a cross-fit logistic combiner that does not lose to
 * its best single input, even on a hundred questions with a constant or
 * pure-noise signal.
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
 * Cross-fitting (folds as in crossfit.ts): the guarded fit runs inside every
 * training fold, so λ and every weight are chosen without the held-out
 * questions. The anchor is the one choice made on all questions: which
 * signal to trust, and its monotone map. Every fold anchors on it (unless it
 * is near-constant in the fold's rows, when the fold picks its own), and a
 * held-out question's score is that map plus its training fold's correction
 * (the fold's model minus the fold's own map of the anchor; zero when the
 * fold kept the anchor alone). Why:
 * - per-fold maps of one signal break its ties by fold, and a held-out group
 *   with many errors raises its training folds' intercept, so a spliced
 *   ranking loses to the raw signal (Spider-A, leave-one-database-out: 0.892
 *   against the raw execution agreement's 0.914 with the same single signal
 *   in every fold);
 * - with two nearly tied signals whose merit differs by group, per-fold
 *   anchors flip between them, and a fold that keeps "its" anchor or a
 *   combination measured against it is spliced against the other (BIRD dev,
 *   text agreement 0.711 and a text verifier 0.714 by database: 0.674 with
 *   per-fold anchors, 0.710 with the common one).
 * The anchor's map orders the questions exactly as the raw signal does.
 * Choosing it on all questions is one choice among the columns and fitting
 * it there costs two or three parameters: the out-of-fold AUROC of a run
 * where every fold keeps the anchor is that signal's own AUROC, and the
 * out-of-fold calibration (ECE) is slightly optimistic by those parameters.
 */
import { auroc } from './auroc.ts';
import { gainInterval } from './guard-evidence.ts';
import { assignFolds, type CombinerModel, type CrossfitOptions } from './crossfit.ts';
import { sameLength, toBinary, type Labels } from './labels.ts';
import { fitLogistic } from './logistic.ts';
import { sigmoid } from './logistic-model.ts';
import type { Rng } from './rng.ts';
import { applyStandardization, fitStandardization, standardizeRows, type Standardization } from './standardize.ts';

/** Ridge λ grid for the non-anchor weights (see the module comment). */
export const GUARD_LAMBDAS: readonly number[] = [0.1, 1, 10, 100, 1000];
/** Ridge on the anchor's own weights and on a single-column model. */
const ANCHOR_RIDGE = 1;

/** Options for {@link fitGuardedCombiner} and {@link crossfitGuarded}. */
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

/** Out-of-fold probabilities, each fold's choice and the model fit on everything. */
export interface GuardedCrossfitResult {
  readonly oof: Float64Array;
  readonly fold: Int32Array;
  readonly folds: number;
  readonly choices: readonly GuardChoice[];
  readonly final: CombinerModel;
  readonly finalChoice: GuardChoice;
}

/** Where column j's z-score and (if any) missing indicator sit in a standardized row. */
function featureIndices(t: Standardization): number[][] {
  const d = t.means.length;
  let next = d;
  return t.means.map((_, j) => (t.indicators[j] ? [j, next++] : [j]));
}

/** Columns with fewer than `minMinority` rows off their most common value (NaN is one value). */
function nearConstantColumns(rows: readonly ArrayLike<number>[], minMinority: number): number[] {
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

interface Spec {
  /** Standardized feature indices used. */
  readonly features: readonly number[];
  /** Ridge per used feature. */
  readonly ridges: readonly number[];
}

/** Fits `spec` on standardized rows; returns full-width weights (0 where unused). */
function fitSpec(z: readonly number[][], y: Uint8Array, spec: Spec, width: number): { weights: number[]; bias: number } {
  const x = z.map((row) => spec.features.map((f) => row[f] as number));
  // λ = 1 with per-weight multipliers = the ridges themselves.
  const fit = fitLogistic(x, y, { lambda: 1, penalties: spec.ridges });
  const weights = new Array<number>(width).fill(0);
  spec.features.forEach((f, i) => (weights[f] = fit.weights[i] as number));
  return { weights, bias: fit.bias };
}

/**
 * Inner cross-validated scores of the anchor plus a learned correction: for
 * each inner fold, the fold's `spec` logit minus its anchor-only logit, added
 * to `anchorLogit` (the anchor's map on all the rows given).
 */
function correctedScores(
  z: readonly number[][],
  y: Uint8Array,
  inner: Int32Array,
  innerK: number,
  anchorSpec: Spec,
  spec: Spec,
  anchorLogit: Float64Array,
  width: number,
): Float64Array {
  const score = Float64Array.from(anchorLogit);
  for (let f = 0; f < innerK; f++) {
    const tr: number[] = [];
    const te: number[] = [];
    for (let i = 0; i < z.length; i++) (inner[i] === f ? te : tr).push(i);
    if (te.length === 0 || tr.length === 0) continue;
    const zTr = tr.map((i) => z[i]!);
    const yTr = Uint8Array.from(tr, (i) => y[i]!);
    const full = fitSpec(zTr, yTr, spec, width);
    const alone = fitSpec(zTr, yTr, anchorSpec, width);
    for (const i of te) score[i] += linear(full, z[i]!) - linear(alone, z[i]!);
  }
  return score;
}

function linear(m: { readonly weights: readonly number[]; readonly bias: number }, z: readonly number[]): number {
  let v = m.bias;
  for (let j = 0; j < z.length; j++) v += (m.weights[j] as number) * (z[j] as number);
  return v;
}

function constantModel(standardization: Standardization, width: number, y: Uint8Array): CombinerModel {
  const n = y.length;
  const pos = y.reduce((a, b) => a + b, 0);
  const p = Math.min(Math.max(pos / n, 0.5 / n), 1 - 0.5 / n);
  return { standardization, weights: new Array<number>(width).fill(0), bias: Math.log(p / (1 - p)), lambda: 0 };
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

  // The anchor: the kept column with the highest training AUROC either way round (a column whose
  // AUROC is below one half predicts by its low values; the logistic fit learns the sign).
  let anchor = -1;
  let strength = -Infinity;
  for (const j of kept) {
    const a = auroc(rows.map((row) => row[j] as number), y);
    const s = Number.isNaN(a) ? -Infinity : Math.abs(a - 0.5);
    if (s > strength) [anchor, strength] = [j, s];
  }
  if (options.anchor !== undefined && kept.includes(options.anchor)) anchor = options.anchor;
  if (anchor < 0) return { model: constantModel(standardization, width, y), choice: none, anchorModel: null };
  const anchorSpec: Spec = { features: byColumn[anchor]!, ridges: byColumn[anchor]!.map(() => ANCHOR_RIDGE) };
  const alone = fitSpec(z, y, anchorSpec, width);
  const anchorModel: CombinerModel = { standardization, ...alone, lambda: ANCHOR_RIDGE };
  const anchorLogit = Float64Array.from(z, (row) => linear(alone, row));
  const single = auroc(anchorLogit, y);

  let innerK = Math.max(2, Math.min(options.innerFolds ?? 5, n));
  const inner = new Int32Array(n);
  rng.shuffle(Array.from({ length: n }, (_, i) => i)).forEach((q, p) => (inner[q] = p % innerK));
  if (options.group) {
    // Grouped rows: the inner folds hold out whole groups too, so the inner estimate pays what the
    // outer leave-one-group-out pays (groups with their own base rates and feature ranges).
    const ids = new Map<string, number>();
    options.group.forEach((g) => { if (!ids.has(g)) ids.set(g, ids.size); });
    if (ids.size >= 3) {
      options.group.forEach((g, i) => (inner[i] = ids.get(g)!));
      innerK = ids.size;
    }
  }
  const combinedSpec = (lambda: number): Spec => {
    const features: number[] = [];
    const ridges: number[] = [];
    for (const j of kept) for (const f of byColumn[j]!) {
      features.push(f);
      ridges.push(j === anchor ? ANCHOR_RIDGE : lambda);
    }
    return { features, ridges };
  };
  const grid = [...lambdas].sort((a, b) => b - a); // most shrinkage first
  const corrected = kept.length > 1 ? grid.map((l) => correctedScores(z, y, inner, innerK, anchorSpec, combinedSpec(l), anchorLogit, width)) : [];
  const combinedAurocs = corrected.map((c) => auroc(c, y));
  const bestCombined = combinedAurocs.reduce((a, b) => (b > a ? b : a), -Infinity);
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
  const gain = options.evidence === false ? undefined : gainInterval(corrected[at]!, anchorLogit, y, { ...((options.units ?? options.group) ? { units: (options.units ?? options.group)! } : {}) });
  if (gain !== undefined && !(gain[0] > 0)) return keepAnchor(gain);
  const m = fitSpec(z, y, combinedSpec(lambda), width);
  return {
    model: { standardization, ...m, lambda },
    choice: { kind: 'combined', anchor, lambda, dropped, inner: gain ? { ...innerScores, gain_ci: gain } : innerScores },
    anchorModel,
  };
}

/** Column `j` alone (its z-score and missing indicator, ridge 1) fit on `rows`. */
function anchorAlone(rows: readonly ArrayLike<number>[], labels: Labels, j: number): CombinerModel {
  const standardization = fitStandardization(rows);
  const z = standardizeRows(standardization, rows);
  const features = featureIndices(standardization)[j]!;
  const m = fitSpec(z, toBinary(labels), { features, ridges: features.map(() => ANCHOR_RIDGE) }, z[0]?.length ?? 0);
  return { standardization, ...m, lambda: ANCHOR_RIDGE };
}

/** The logit bias + w·standardize(row) of a combiner model. */
function combinerLogit(model: CombinerModel, row: ArrayLike<number>): number {
  const z = applyStandardization(model.standardization, row);
  let v = model.bias;
  z.forEach((zj, j) => (v += (model.weights[j] as number) * zj));
  return v;
}

/**
 * Cross-fits the guarded combiner: folds as in {@link crossfitLogistic}
 * (k by question, or one per group), the whole guarded fit inside every
 * training fold. `rng` draws the folds first, then each fold's inner folds,
 * then the final fit's.
 *
 * @example
 * const r = crossfitGuarded(features, correct, createRng(1), { group: dbIds });
 * r.choices.filter((c) => c.kind === 'single').length; // folds that fell back to the best signal
 */
export function crossfitGuarded(
  rows: readonly ArrayLike<number>[],
  y: Labels,
  rng: Rng,
  options: GuardedOptions = {},
): GuardedCrossfitResult {
  sameLength('crossfitGuarded', rows, y);
  const n = rows.length;
  if (options.folds && options.folds.fold.length !== n) throw new RangeError(`crossfitGuarded(folds): ${options.folds.fold.length} folds for ${n} rows`);
  const { fold, folds } = options.folds ?? assignFolds(n, rng, options, 'crossfitGuarded');
  const final = fitGuardedCombiner(rows, y, rng, options);
  const common = final.anchorModel;
  const oof = new Float64Array(n);
  const choices: GuardChoice[] = [];
  for (let f = 0; f < folds; f++) {
    const train: number[] = [];
    const test: number[] = [];
    for (let i = 0; i < n; i++) (fold[i] === f ? test : train).push(i);
    const fit = fitGuardedCombiner(train.map((i) => rows[i]!), train.map((i) => y[i]!), rng, {
      ...options,
      ...(options.group ? { group: train.map((i) => options.group![i]!) } : {}),
      ...(options.units ? { units: train.map((i) => options.units![i]!) } : {}),
      ...(final.choice.anchor !== null ? { anchor: final.choice.anchor } : {}),
    });
    choices.push(fit.choice);
    // The fold's model as a correction to the all-questions anchor's map: minus the fold's own map of
    // that anchor (fit on the same training rows, so intercept shifts cancel). Every fold anchors on
    // the all-questions anchor (unless it is near-constant in the fold's rows), so a fold that keeps
    // the anchor alone scores its questions exactly as the raw signal orders them.
    const base = common === null || final.choice.anchor === null
      ? null
      : fit.choice.anchor === final.choice.anchor && fit.anchorModel !== null
        ? fit.anchorModel
        : anchorAlone(train.map((i) => rows[i]!), train.map((i) => y[i]!), final.choice.anchor);
    for (const i of test) {
      const row = rows[i]!;
      const logit = base === null ? combinerLogit(fit.model, row) : combinerLogit(common!, row) + combinerLogit(fit.model, row) - combinerLogit(base, row);
      oof[i] = sigmoid(logit);
    }
  }
  return { oof, fold, folds, choices, final: final.model, finalChoice: final.choice };
}
