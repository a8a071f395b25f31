/**
 * The guarded combiner: a cross-fit logistic combiner that does not lose to
 * its best single input, even on a hundred questions with a constant or
 * pure-noise signal. The fit on one training set (the anchor, the inner
 * cross-validation and the choice) is guarded-fit.ts, re-exported here.
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
import { assignFolds, type CombinerModel } from './crossfit.ts';
import { anchorAlone } from './guard-columns.ts';
import { fitGuardedCombiner, type GuardChoice, type GuardedOptions } from './guarded-fit.ts';
import { sameLength, type Labels } from './labels.ts';
import { sigmoid } from './logistic-model.ts';
import type { Rng } from './rng.ts';
import { applyStandardization } from './standardize.ts';

export { fitGuardedCombiner, GUARD_LAMBDAS, type GuardChoice, type GuardedFit, type GuardedOptions } from './guarded-fit.ts';

/** Out-of-fold probabilities, each fold's choice and the model fit on everything. */
export interface GuardedCrossfitResult {
  readonly oof: Float64Array;
  readonly fold: Int32Array;
  readonly folds: number;
  readonly choices: readonly GuardChoice[];
  readonly final: CombinerModel;
  readonly finalChoice: GuardChoice;
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
export function crossfitGuarded(rows: readonly ArrayLike<number>[], y: Labels, rng: Rng, options: GuardedOptions = {}): GuardedCrossfitResult {
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
    const fit = fitGuardedCombiner(
      train.map((i) => rows[i]!),
      train.map((i) => y[i]!),
      rng,
      {
        ...options,
        ...(options.group ? { group: train.map((i) => options.group![i]!) } : {}),
        ...(options.units ? { units: train.map((i) => options.units![i]!) } : {}),
        ...(final.choice.anchor !== null ? { anchor: final.choice.anchor } : {}),
      },
    );
    choices.push(fit.choice);
    // The fold's model as a correction to the all-questions anchor's map: minus the fold's own map of
    // that anchor (fit on the same training rows, so intercept shifts cancel). Every fold anchors on
    // the all-questions anchor (unless it is near-constant in the fold's rows), so a fold that keeps
    // the anchor alone scores its questions exactly as the raw signal orders them.
    const base =
      common === null || final.choice.anchor === null
        ? null
        : fit.choice.anchor === final.choice.anchor && fit.anchorModel !== null
          ? fit.anchorModel
          : anchorAlone(
              train.map((i) => rows[i]!),
              train.map((i) => y[i]!),
              final.choice.anchor,
            );
    for (const i of test) {
      const row = rows[i]!;
      const logit = base === null ? combinerLogit(fit.model, row) : combinerLogit(common!, row) + combinerLogit(fit.model, row) - combinerLogit(base, row);
      oof[i] = sigmoid(logit);
    }
  }
  return { oof, fold, folds, choices, final: final.model, finalChoice: final.choice };
}
