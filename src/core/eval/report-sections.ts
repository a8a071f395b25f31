/**
 * The sections of `evaluate`'s report (report.ts), one function each, over
 * the signal matrix and the draws `evaluate` makes: the signals' AUROC with
 * paired intervals, the combiner's guard, the errors' correlation, selective
 * prediction with the certificate and the reliability score, Best-of-N, the
 * curves, the profile and the per-question lines. Each is pure: the random
 * streams are drawn by `evaluate` and passed in.
 */
import { P_FLOOR, PROFILE_VERSION, type CalibrationProfile, type PoolBand } from '../profile.ts';
import { ruleInfo, type EquivalenceRule } from '../results/index.ts';
import { accuracyVsN, clusterBon, defaultNs, defaultStrategies, selectionAccuracy, verifierBon, type Strategy } from '../select/index.ts';
import {
  calibration,
  certify,
  pearson,
  pick,
  probabilityGrid,
  riskCoverage,
  rocCurve,
  selectiveAtRisk,
  type crossfitGuarded,
  type pairedBootstrap,
  type Rng,
  type splitHalf,
} from '../stats/index.ts';
import { VERIFIER_SIGNALS, isProbabilityLike, type signalMatrix } from './matrix.ts';
import { certificateFor, reliabilityFor, selectiveRows } from './selective.ts';
import type { EvalReport, EvaluateOptions, PairedReport, SignalReport } from './types.ts';

export const TARGET_RISKS = [0.1, 0.2, 0.3, 0.4] as const;
/** The combined score's name in bootstrap tables and curves. */
export const COMBINED = 'combined';

type Matrix = ReturnType<typeof signalMatrix>;
type Boot = ReturnType<typeof pairedBootstrap>;
type Crossfit = ReturnType<typeof crossfitGuarded>;
type Split = ReturnType<typeof splitHalf>;

/** The signals' section: each signal's AUROC, interval and ECE, every pair compared, and the combiner against the best. */
export interface SignalSection {
  readonly signals: Record<string, SignalReport>;
  readonly paired: PairedReport[];
  readonly best: string | null;
  readonly vsBest: PairedReport | null;
  /** True unless the combiner's paired interval against the best single signal lies above 0. */
  readonly noBetter: boolean;
}

/**
 * Each signal's AUROC on the shared resamples, every pair of signals, and the combiner against the best single one.
 * `RangeError` when `boot` lacks one of the matrix's signals.
 *
 * @example const { signals, best, noBetter } = signalSection(m, boot);
 */
export function signalSection(m: Matrix, boot: Boot): SignalSection {
  const signals: Record<string, SignalReport> = {};
  for (const name of m.names) {
    const s = boot.signals[name];
    if (s === undefined) throw new RangeError(`signalSection: the bootstrap has no signal '${name}'; bootstrap the matrix's own columns`);
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
  const vsBest = best === null ? null : pairedOf(COMBINED, best);
  return { signals, paired, best, vsBest, noBetter: vsBest === null || !(vsBest.ci[0] > 0) };
}

/**
 * What the guarded combiner chose on all questions, and how often each kind won across the folds.
 *
 * @example guardSection(cf, m.names).kind; // 'combined'
 */
export function guardSection(cf: Crossfit, names: readonly string[]): EvalReport['combiner']['guard'] {
  const nameOf = (j: number | null): string | null => (j === null ? null : (names[j] ?? null));
  return {
    kind: cf.finalChoice.kind,
    anchor: nameOf(cf.finalChoice.anchor),
    lambda: cf.finalChoice.lambda,
    dropped: cf.finalChoice.dropped.map((j) => names[j] as string),
    folds_single: cf.choices.filter((c) => c.kind === 'single').length,
    folds_combined: cf.choices.filter((c) => c.kind === 'combined').length,
    folds_constant: cf.choices.filter((c) => c.kind === 'constant').length,
  };
}

/**
 * The correlation of errors (label − score) between every two probability-like scorers.
 *
 * @example errorCorrelation(m); // [{ a: 'judge', b: 'orm', r: 0.41 }]
 */
export function errorCorrelation(m: Matrix): EvalReport['error_correlation'] {
  const probNames = m.names.filter((nm) => isProbabilityLike(m.columns[nm] as Float64Array));
  const residual = (col: ArrayLike<number>): Float64Array => Float64Array.from(m.y, (yi, i) => yi - (col[i] as number));
  const out: { a: string; b: string; r: number }[] = [];
  for (let i = 0; i < probNames.length; i++) {
    for (let j = i + 1; j < probNames.length; j++) {
      const a = probNames[i] as string;
      const b = probNames[j] as string;
      out.push({ a, b, r: pearson(residual(m.columns[a] as Float64Array), residual(m.columns[b] as Float64Array)) });
    }
  }
  return out;
}

/**
 * Selective prediction of the combiner and of each signal (thresholds on the calibration half, risk on the
 * test half), the certificate and the reliability score on the test half, and which questions are in the
 * calibration half.
 *
 * @example const { selective, certificate } = selectiveSection(m, combined, split);
 */
export function selectiveSection(m: Matrix, combined: ArrayLike<number>, split: Split) {
  const yCal = pick(m.y, split.cal);
  const yTest = pick(m.y, split.test);
  const selectiveOf = (s: ArrayLike<number>) => selectiveRows(selectiveAtRisk(pick(s, split.cal), yCal, pick(s, split.test), yTest, TARGET_RISKS));
  const selective = selectiveOf(combined);
  const selective_by_signal: Record<string, ReturnType<typeof selectiveOf>> = {};
  for (const name of m.names) selective_by_signal[name] = selectiveOf(m.columns[name] as Float64Array);
  const certificate = certificateFor(
    COMBINED,
    certify(pick(combined, split.test), yTest, { delta: 0.1, grid: probabilityGrid(), targets: TARGET_RISKS }),
    'P(correct) 0.01…0.99',
  );
  const reliability_score = reliabilityFor(COMBINED, selective, pick(combined, split.cal), yCal, pick(combined, split.test), yTest);
  const inCalibration = new Uint8Array(m.questions.length);
  for (const i of split.cal) inCalibration[i] = 1;
  return { selective, selective_by_signal, certificate, reliability_score, inCalibration };
}

/**
 * Best-of-N: each strategy's accuracy on the whole pools (a verifier's own strategies where it scored),
 * and accuracy against N on random subsets drawn from `rng`.
 *
 * @example const { selection, accuracy_vs_n } = selectionSection(m, createRng(seed + 3), 50);
 */
export function selectionSection(m: Matrix, rng: Rng, draws: number) {
  const strategies: Strategy[] = [...defaultStrategies()];
  for (const v of VERIFIER_SIGNALS) if (m.names.includes(v)) strategies.push(verifierBon(v), clusterBon(v));
  const selection: Record<string, number> = {};
  for (const s of strategies) selection[s.name] = selectionAccuracy(m.views, m.labels, s);
  const poolSizes = m.views.map((v) => v.candidates.length);
  const accuracy_vs_n = accuracyVsN(m.views, m.labels, strategies, defaultNs(Math.max(...poolSizes)), { rng, draws });
  return { selection, accuracy_vs_n, poolSizes };
}

/**
 * The ROC and risk–coverage curves of every scored column.
 *
 * @example curvesOf({ combined }, y).roc.combined;
 */
export function curvesOf(scored: Record<string, ArrayLike<number>>, y: ArrayLike<number>): EvalReport['curves'] {
  const roc: Record<string, ReturnType<typeof rocCurve>> = {};
  const risk_coverage: Record<string, { aurc: number; points: ReturnType<typeof riskCoverage>['points'] }> = {};
  for (const [name, col] of Object.entries(scored)) {
    roc[name] = rocCurve(col, y);
    const rc = riskCoverage(col, y);
    risk_coverage[name] = { aurc: rc.aurc, points: rc.points };
  }
  return { roc, risk_coverage };
}

/** The figures a profile's provenance carries. */
export interface ProfileFigures {
  readonly n: number;
  readonly ece: number;
  readonly auroc: number;
  readonly best: string | null;
  readonly vsBest: PairedReport | null;
  readonly noBetter: boolean;
  signalAuroc(name: string): number;
  readonly guard: EvalReport['combiner']['guard'];
}

/**
 * The calibration profile of a run: its pool-size bands and their provenance.
 *
 * @example const profile = profileOf(options, 'spider', pools.bands, figures);
 */
export function profileOf(options: EvaluateOptions, rule: EquivalenceRule, bands: readonly PoolBand[], f: ProfileFigures): CalibrationProfile {
  const { guard } = f;
  return {
    version: PROFILE_VERSION,
    name: options.profileName ?? 'evaluation profile',
    floor: P_FLOOR,
    bands,
    provenance: {
      data: options.provenance?.data ?? `${f.n} questions`,
      generator: options.provenance?.generator ?? 'unknown',
      created: options.provenance?.created ?? '',
      labels: options.provenance?.labels ?? `${rule}: ${ruleInfo(rule).source}`,
      ...(options.provenance?.notes !== undefined ? { notes: options.provenance.notes } : {}),
      n_questions: f.n,
      ece: f.ece,
      auroc: f.auroc,
      ...(f.best !== null && f.vsBest !== null
        ? {
            best_single: { name: f.best, auroc: f.signalAuroc(f.best), diff: f.vsBest.diff, ci: f.vsBest.ci },
            no_better_than_best: f.noBetter,
          }
        : {}),
      combiner:
        guard.kind === 'combined'
          ? `combined, anchored on ${guard.anchor}, λ = ${guard.lambda}`
          : guard.kind === 'single'
            ? `${guard.anchor} alone`
            : 'constant',
    },
  };
}

/**
 * One line per question: its label, signals (NaN as null), combined P, half, fold and databases.
 *
 * @example perQuestion(m, cf.oof, cf.fold, inCalibration, databases)[0].split; // 'calibration'
 */
export function perQuestion(
  m: Matrix,
  combined: ArrayLike<number>,
  fold: ArrayLike<number>,
  inCalibration: Uint8Array,
  databases: readonly number[],
): EvalReport['per_question'] {
  return m.questions.map((q, i) => ({
    id: q.id,
    db_id: q.db_id,
    correct: m.y[i] === 1,
    signals: Object.fromEntries(
      m.names.map((nm) => {
        const v = (m.columns[nm] as Float64Array)[i] as number;
        return [nm, Number.isNaN(v) ? null : v];
      }),
    ),
    combined: combined[i] as number,
    split: inCalibration[i] === 1 ? ('calibration' as const) : ('test' as const),
    fold: fold[i] as number,
    databases: databases[i] as number,
  }));
}
