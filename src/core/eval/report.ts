/**
 * `evaluate`: the paper's measurements over prepared questions. Conventions
 * (each function named here documents its own in full):
 * - AUROC: midrank Mann–Whitney, ties count one half (stats/auroc).
 * - Intervals: paired percentile bootstrap over questions, B resamples, seeded
 *   (stats/bootstrap); every signal and the combiner share the resamples.
 * - Combiner: the guarded cross-fit logistic combiner (stats/guarded): inside
 *   each training fold it drops constant and near-constant signals, anchors on
 *   the best single signal, chooses λ by inner cross-validation and keeps the
 *   combination only when it beats the anchor alone; k folds by question or
 *   leave-one-group-out. Its reported AUROC/ECE/Brier use out-of-fold
 *   probabilities. `combiner.no_better_than_best` is true unless the paired
 *   95% interval of combined − best single signal lies above 0; the profile's
 *   provenance carries the same verdict.
 * - Calibration: ECE over 10 equal-width bins of [0, 1], bin = min(⌊10p⌋, 9).
 * - Selective prediction: a seeded half split; thresholds chosen on the
 *   calibration half, coverage and risk on the test half (stats/risk-coverage).
 * - Certificate: Bonferroni over a threshold grid with δ = 0.1 and exact
 *   Clopper–Pearson bounds, on the test half (stats/certificate).
 * - Reliability score: TrustSQL's RS(c) (+1 right, −c wrong, 0 abstained,
 *   averaged) on the test half at c = 0, 10 and the test half's size, at each
 *   target risk's threshold and at the threshold with the best RS(10) on the
 *   calibration half (stats/reliability-score).
 * - Profile and calibration by pool size: one guarded model per band of pool
 *   sizes, fit on the questions' pools cut to each size, on the same folds
 *   and halves (pool-bands.ts); thresholds floored at P_FLOOR.
 * - Randomness: every step draws from its own stream, createRng(seed + o):
 *   o = 0 the cross-fit folds (then the combiner's inner folds), 1 the
 *   bootstrap, 2 the half split, 3 accuracy vs N, 4 the pool cuts (each band
 *   and size its own stream, pool-bands.ts) (`report.seeds`). Question i is
 *   the i-th line of `per_question`, which names its half and its fold.
 */
import { DEFAULT_RULE, ruleInfo, type EquivalenceRule } from '../results/index.ts';
import { calibration, createRng, crossfitGuarded, pairedBootstrap, splitHalf } from '../stats/index.ts';
import { type LabeledQuestions, requireLabeled } from './labeled-enough.ts';
import { featureRows, signalMatrix } from './matrix.ts';
import { fitPoolBands } from './pool-bands.ts';
import type { PreparedQuestion } from './prepare.ts';
import {
  COMBINED,
  TARGET_RISKS,
  curvesOf,
  errorCorrelation,
  guardSection,
  perQuestion,
  profileOf,
  selectionSection,
  selectiveSection,
  signalSection,
  type SignalSection,
} from './report-sections.ts';
import type { EvalReport, EvaluateOptions } from './types.ts';

export { COMBINED, TARGET_RISKS };
export type { EvaluateOptions };

type Matrix = ReturnType<typeof signalMatrix>;
type Crossfit = ReturnType<typeof crossfitGuarded>;
type Boot = ReturnType<typeof pairedBootstrap>;
type Calibration = ReturnType<typeof calibration>;
type Guard = EvalReport['combiner']['guard'];

/**
 * Evaluates prepared questions (see the module comment for every convention),
 * one report section at a time (report-sections.ts and the sections below).
 *
 * @example
 * const report = evaluate(prepared, { bootstrap: 2000, seed: 1 });
 * report.signals.string_sc.auroc; // 0.67
 */
export function evaluate(prepared: readonly PreparedQuestion[], options: EvaluateOptions = {}): EvalReport {
  return evaluateLabeled(requireLabeled(prepared), options); // a TooFewLabeledError that says how many and why
}

/**
 * `evaluate` on questions already checked (evaluateFile checks them, with its reasons, before the verifiers score).
 *
 * @example
 * const report = evaluateLabeled(requireLabeled(prepared), { seed: 1 });
 */
export function evaluateLabeled(prepared: LabeledQuestions, options: EvaluateOptions = {}): EvalReport {
  const B = options.bootstrap ?? 2000;
  const seed = options.seed ?? 1;
  const rule = options.rule ?? DEFAULT_RULE;
  const m = signalMatrix(prepared);
  const n = m.questions.length;
  const cf = crossfitOf(m, options, seed);
  const combined = cf.oof;
  // AUROC with paired intervals: every signal and the combiner on the same resamples.
  const scored: Record<string, ArrayLike<number>> = { ...m.columns, [COMBINED]: combined };
  const boot = pairedBootstrap(scored, m.y, createRng(seed + 1), { B });
  const auc = signalSection(m, boot);
  const cal = calibration(combined, m.y);
  // Selective prediction and the certificate on one seeded half split; the pool bands on the same folds and halves.
  const split = splitHalf(n, createRng(seed + 2));
  const sel = selectiveSection(m, combined, split);
  const pools = poolBandsOf(m, cf, new Set(split.cal), options, seed);
  const bon = selectionSection(m, createRng(seed + 3), options.draws ?? 50);
  const guard = guardSection(cf, m.names);
  const databases = m.questions.map((q) => q.databases ?? 0);
  return {
    n_questions: n,
    labels: labelsSection(rule, databases),
    excluded: m.excluded,
    pool_size: { min: Math.min(...bon.poolSizes), max: Math.max(...bon.poolSizes), mean: bon.poolSizes.reduce((a, b) => a + b, 0) / n },
    accuracy_modal: m.y.reduce((a, b) => a + b, 0) / n,
    bootstrap: { B, seed, level: boot.level },
    seeds: { folds: seed, bootstrap: seed + 1, split: seed + 2, accuracy_vs_n: seed + 3, pool_sizes: seed + 4 },
    signals: auc.signals,
    paired: auc.paired,
    error_correlation: errorCorrelation(m),
    combiner: combinerSection(m, cf, boot, cal, auc, guard, options),
    selective: sel.selective,
    selective_by_signal: sel.selective_by_signal,
    certificate: sel.certificate,
    reliability_score: sel.reliability_score,
    by_pool_size: pools.table,
    selection: bon.selection,
    accuracy_vs_n: bon.accuracy_vs_n,
    curves: curvesOf(scored, m.y),
    profile: profileOf(options, rule, pools.bands, {
      n,
      ece: cal.ece,
      auroc: combinedAuroc(boot),
      best: auc.best,
      vsBest: auc.vsBest,
      noBetter: auc.noBetter,
      signalAuroc: (name) => boot.signals[name]?.auroc ?? NaN,
      guard,
    }),
    per_question: perQuestion(m, combined, cf.fold, sel.inCalibration, databases),
  };
}

/** The combiner's cross-fit (stream seed + 0): out-of-fold probabilities, plus the final model on all questions. */
function crossfitOf(m: Matrix, options: EvaluateOptions, seed: number): Crossfit {
  const group = options.group === 'db_id' ? m.questions.map((q) => q.db_id) : undefined;
  return crossfitGuarded(featureRows(m), m.y, createRng(seed), group ? { group } : { k: options.folds ?? 2 });
}

/** The combined score's AUROC on the shared resamples. */
const combinedAuroc = (boot: Boot): number => boot.signals[COMBINED]?.auroc ?? NaN;

/** The labels' section: the rule, its source, and on how many databases the questions were checked. */
function labelsSection(rule: EquivalenceRule, databases: readonly number[]): EvalReport['labels'] {
  return {
    rule,
    source: ruleInfo(rule).source,
    databases: { min: Math.min(...databases), max: Math.max(...databases), several: databases.filter((d) => d > 1).length },
  };
}

/** The combiner's section: its signals and folds, AUROC with interval, calibration, and how it compares with the best single signal. */
function combinerSection(
  m: Matrix,
  cf: Crossfit,
  boot: Boot,
  cal: Calibration,
  auc: SignalSection,
  guard: Guard,
  options: EvaluateOptions,
): EvalReport['combiner'] {
  return {
    signals: m.names,
    folds: cf.folds,
    group: options.group ?? null,
    auroc: combinedAuroc(boot),
    ci: boot.signals[COMBINED]?.ci ?? [NaN, NaN],
    ece: cal.ece,
    mce: cal.mce,
    brier: cal.brier,
    reliability: cal.bins,
    best_single: auc.best,
    vs_best: auc.vsBest,
    no_better_than_best: auc.noBetter,
    guard,
  };
}

/** The profile's models by pool size and calibration by pool size (pool-bands.ts), on the combiner's folds and the calibration half. */
function poolBandsOf(m: Matrix, cf: Crossfit, calibrationHalf: Set<number>, options: EvaluateOptions, seed: number): ReturnType<typeof fitPoolBands> {
  return fitPoolBands(m.questions, {
    folds: { fold: cf.fold, folds: cf.folds },
    calibration: calibrationHalf,
    targetRisks: TARGET_RISKS,
    ...(options.thresholdAim === undefined ? {} : { aim: options.thresholdAim }),
    seed: seed + 4,
    ...(options.group ? { group: options.group } : {}),
  });
}
