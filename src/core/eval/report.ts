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
import { P_FLOOR, PROFILE_VERSION, type CalibrationProfile, type ProfileProvenance } from '../profile.ts';
import { DEFAULT_RULE, ruleInfo, type EquivalenceRule } from '../results/index.ts';
import { fitPoolBands } from './pool-bands.ts';
import { accuracyVsN, clusterBon, defaultStrategies, defaultNs, selectionAccuracy, verifierBon, type Strategy } from '../select/index.ts';
import {
  calibration,
  certify,
  createRng,
  crossfitGuarded,
  pairedBootstrap,
  pearson,
  pick,
  probabilityGrid,
  riskCoverage,
  rocCurve,
  selectiveAtRisk,
  splitHalf,
} from '../stats/index.ts';
import { VERIFIER_SIGNALS, featureRows, isProbabilityLike, signalMatrix } from './matrix.ts';
import { requireLabeled } from './labeled-enough.ts';
import type { PreparedQuestion } from './prepare.ts';
import { certificateFor, reliabilityFor, selectiveRows } from './selective.ts';
import type { EvalReport, PairedReport, SignalReport } from './types.ts';

export const TARGET_RISKS = [0.1, 0.2, 0.3, 0.4] as const;
/** The combined score's name in bootstrap tables and curves. */
export const COMBINED = 'combined';

export interface EvaluateOptions {
  /** Bootstrap resamples (default 2000). */
  readonly bootstrap?: number;
  /** Seed for every random step: bootstrap, folds, half split, accuracy vs N (default 1). */
  readonly seed?: number;
  /** Cross-fit folds when not grouping (default 2). */
  readonly folds?: number;
  /** Leave-one-group-out cross-fit by this field instead of random folds. */
  readonly group?: 'db_id';
  /** Random subsets per N for accuracy vs N (default 50). */
  readonly draws?: number;
  /** Name and provenance of the fitted profile (its `labels` default to the rule's, see below). */
  readonly profileName?: string;
  readonly provenance?: Omit<ProfileProvenance, 'n_questions' | 'ece' | 'auroc'>;
  /**
   * The share of each promise the profile's thresholds aim at on the
   * calibration half (default 1: the promise itself; 0.8 aims a threshold for
   * "at most 10% wrong" at 8%, since held-out databases spread around it).
   */
  readonly thresholdAim?: number;
  /** The rule that labeled the candidates (default `spider`), named with its source in the report and the profile. */
  readonly rule?: EquivalenceRule;
}

/**
 * Evaluates prepared questions (see the module comment for every convention).
 *
 * @example
 * const report = evaluate(prepared, { bootstrap: 2000, seed: 1 });
 * report.signals.string_sc.auroc; // 0.67
 */
export function evaluate(prepared: readonly PreparedQuestion[], options: EvaluateOptions = {}): EvalReport {
  requireLabeled(prepared); // a TooFewLabeledError that says how many and why
  const B = options.bootstrap ?? 2000;
  const seed = options.seed ?? 1;
  const rule = options.rule ?? DEFAULT_RULE;
  const m = signalMatrix(prepared);
  const n = m.questions.length;

  // Combiner: cross-fit out-of-fold probabilities, plus the final model on all questions.
  const rows = featureRows(m);
  const group = options.group === 'db_id' ? m.questions.map((q) => q.db_id) : undefined;
  const cf = crossfitGuarded(rows, m.y, createRng(seed), group ? { group } : { k: options.folds ?? 2 });
  const combined = cf.oof;

  // AUROC with paired intervals: every signal and the combiner on the same resamples.
  const scored: Record<string, ArrayLike<number>> = { ...m.columns, [COMBINED]: combined };
  const boot = pairedBootstrap(scored, m.y, createRng(seed + 1), { B });
  const signals: Record<string, SignalReport> = {};
  for (const name of m.names) {
    const s = boot.signals[name];
    const col = m.columns[name] as Float64Array;
    signals[name] = {
      auroc: s.auroc,
      ci: s.ci,
      ece: isProbabilityLike(col) ? calibration(col, m.y).ece : null,
      n: s.n,
      description: m.descriptions[name] ?? '',
    };
  }
  const pairedOf = (a: string, b: string): PairedReport => ({ a, b, ...boot.paired(a, b) });
  const paired: PairedReport[] = [];
  for (let i = 0; i < m.names.length; i++) {
    for (let j = i + 1; j < m.names.length; j++) paired.push(pairedOf(m.names[i] as string, m.names[j] as string));
  }
  const best = [...m.names].sort((a, b) => (boot.signals[b]?.auroc ?? -1) - (boot.signals[a]?.auroc ?? -1))[0] ?? null;
  const cal = calibration(combined, m.y);
  const vsBest = best === null ? null : pairedOf(COMBINED, best);
  const noBetter = vsBest === null || !(vsBest.ci[0] > 0);
  const nameOf = (j: number | null): string | null => (j === null ? null : (m.names[j] ?? null));
  const guard = {
    kind: cf.finalChoice.kind,
    anchor: nameOf(cf.finalChoice.anchor),
    lambda: cf.finalChoice.lambda,
    dropped: cf.finalChoice.dropped.map((j) => m.names[j] as string),
    folds_single: cf.choices.filter((c) => c.kind === 'single').length,
    folds_combined: cf.choices.filter((c) => c.kind === 'combined').length,
    folds_constant: cf.choices.filter((c) => c.kind === 'constant').length,
  };

  // Errors' correlation between probability-like scorers.
  const probNames = m.names.filter((nm) => isProbabilityLike(m.columns[nm] as Float64Array));
  const residual = (col: ArrayLike<number>): Float64Array => Float64Array.from(m.y, (yi, i) => yi - (col[i] as number));
  const error_correlation: { a: string; b: string; r: number }[] = [];
  for (let i = 0; i < probNames.length; i++) {
    for (let j = i + 1; j < probNames.length; j++) {
      const a = probNames[i] as string;
      const b = probNames[j] as string;
      error_correlation.push({ a, b, r: pearson(residual(m.columns[a] as Float64Array), residual(m.columns[b] as Float64Array)) });
    }
  }

  // Selective prediction and the certificate on one seeded half split.
  const split = splitHalf(n, createRng(seed + 2));
  const yCal = pick(m.y, split.cal);
  const yTest = pick(m.y, split.test);
  const selectiveOf = (s: ArrayLike<number>) => selectiveRows(selectiveAtRisk(pick(s, split.cal), yCal, pick(s, split.test), yTest, TARGET_RISKS));
  const selective = selectiveOf(combined);
  const selective_by_signal: Record<string, ReturnType<typeof selectiveOf>> = {};
  for (const name of m.names) selective_by_signal[name] = selectiveOf(m.columns[name] as Float64Array);
  const certificate = certificateFor(COMBINED, certify(pick(combined, split.test), yTest, { delta: 0.1, grid: probabilityGrid(), targets: TARGET_RISKS }), 'P(correct) 0.01…0.99');
  const reliability_score = reliabilityFor(COMBINED, selective, pick(combined, split.cal), yCal, pick(combined, split.test), yTest);
  const inCalibration = new Uint8Array(n);
  for (const i of split.cal) inCalibration[i] = 1;

  // The profile's models by pool size, and calibration by pool size (pool-bands.ts), on the same folds and halves.
  const pools = fitPoolBands(m.questions, {
    folds: { fold: cf.fold, folds: cf.folds },
    calibration: new Set(split.cal),
    targetRisks: TARGET_RISKS,
    ...(options.thresholdAim === undefined ? {} : { aim: options.thresholdAim }),
    seed: seed + 4,
    ...(options.group ? { group: options.group } : {}),
  });

  // Best-of-N selection.
  const strategies: Strategy[] = [...defaultStrategies()];
  for (const v of VERIFIER_SIGNALS) if (m.names.includes(v)) strategies.push(verifierBon(v), clusterBon(v));
  const selection: Record<string, number> = {};
  for (const s of strategies) selection[s.name] = selectionAccuracy(m.views, m.labels, s);
  const poolSizes = m.views.map((v) => v.candidates.length);
  const accuracy_vs_n = accuracyVsN(m.views, m.labels, strategies, defaultNs(Math.max(...poolSizes)), {
    rng: createRng(seed + 3),
    draws: options.draws ?? 50,
  });

  const roc: Record<string, ReturnType<typeof rocCurve>> = {};
  const risk_coverage: Record<string, { aurc: number; points: ReturnType<typeof riskCoverage>['points'] }> = {};
  for (const [name, col] of Object.entries(scored)) {
    roc[name] = rocCurve(col, m.y);
    const rc = riskCoverage(col, m.y);
    risk_coverage[name] = { aurc: rc.aurc, points: rc.points };
  }
  const combinedAuroc = boot.signals[COMBINED]?.auroc ?? NaN;
  const profile: CalibrationProfile = {
    version: PROFILE_VERSION,
    name: options.profileName ?? 'evaluation profile',
    floor: P_FLOOR,
    bands: pools.bands,
    provenance: {
      data: options.provenance?.data ?? `${n} questions`,
      generator: options.provenance?.generator ?? 'unknown',
      created: options.provenance?.created ?? '',
      labels: options.provenance?.labels ?? `${rule}: ${ruleInfo(rule).source}`,
      ...(options.provenance?.notes !== undefined ? { notes: options.provenance.notes } : {}),
      n_questions: n,
      ece: cal.ece,
      auroc: combinedAuroc,
      ...(best !== null && vsBest !== null
        ? {
            best_single: { name: best, auroc: boot.signals[best]?.auroc ?? NaN, diff: vsBest.diff, ci: vsBest.ci },
            no_better_than_best: noBetter,
          }
        : {}),
      combiner: guard.kind === 'combined' ? `combined, anchored on ${guard.anchor}, λ = ${guard.lambda}` : guard.kind === 'single' ? `${guard.anchor} alone` : 'constant',
    },
  };

  const databases = m.questions.map((q) => q.databases ?? 0);
  return {
    n_questions: n,
    labels: {
      rule,
      source: ruleInfo(rule).source,
      databases: { min: Math.min(...databases), max: Math.max(...databases), several: databases.filter((d) => d > 1).length },
    },
    excluded: m.excluded,
    pool_size: { min: Math.min(...poolSizes), max: Math.max(...poolSizes), mean: poolSizes.reduce((a, b) => a + b, 0) / n },
    accuracy_modal: m.y.reduce((a, b) => a + b, 0) / n,
    bootstrap: { B, seed, level: boot.level },
    seeds: { folds: seed, bootstrap: seed + 1, split: seed + 2, accuracy_vs_n: seed + 3, pool_sizes: seed + 4 },
    signals,
    paired,
    error_correlation,
    combiner: {
      signals: m.names,
      folds: cf.folds,
      group: options.group ?? null,
      auroc: combinedAuroc,
      ci: boot.signals[COMBINED]?.ci ?? [NaN, NaN],
      ece: cal.ece,
      mce: cal.mce,
      brier: cal.brier,
      reliability: cal.bins,
      best_single: best,
      vs_best: vsBest,
      no_better_than_best: noBetter,
      guard,
    },
    selective,
    selective_by_signal,
    certificate,
    reliability_score,
    by_pool_size: pools.table,
    selection,
    accuracy_vs_n,
    curves: { roc, risk_coverage },
    profile,
    per_question: m.questions.map((q, i) => ({
      id: q.id,
      db_id: q.db_id,
      correct: m.y[i] === 1,
      signals: Object.fromEntries(m.names.map((nm) => {
        const v = (m.columns[nm] as Float64Array)[i] as number;
        return [nm, Number.isNaN(v) ? null : v];
      })),
      combined: combined[i] as number,
      split: inCalibration[i] === 1 ? 'calibration' as const : 'test' as const,
      fold: cf.fold[i] as number,
      databases: databases[i] as number,
    })),
  };
}
