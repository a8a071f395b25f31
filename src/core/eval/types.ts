/**
 * The evaluation report: what `confide eval --json` writes and the Evaluate
 * screen renders. Plain JSON (NaN is written as null by JSON.stringify; the
 * text tables print it as "NaN").
 */
import type { PoolSizeRow } from './pool-bands.ts';
import type { CalibrationProfile, ProfileProvenance } from '../profile.ts';
import type { EquivalenceRule } from '../results/types.ts';
import type { AccuracyPoint } from '../select/index.ts';
import type { CertifiedTarget, ReliabilityBin, RiskCoveragePoint, RocPoint } from '../stats/index.ts';

export interface SignalReport {
  readonly auroc: number;
  readonly ci: readonly [number, number];
  /** ECE (10 equal-width bins) of the raw value read as a probability; null for signals not in [0, 1] (logprob). */
  readonly ece: number | null;
  /** Questions where the signal is present. */
  readonly n: number;
  readonly description: string;
}

export interface PairedReport {
  readonly a: string;
  readonly b: string;
  /** AUROC(a) − AUROC(b) on the questions where both are present. */
  readonly diff: number;
  readonly ci: readonly [number, number];
  readonly n: number;
}

export interface CombinerReport {
  readonly signals: readonly string[];
  readonly folds: number;
  readonly group: string | null;
  readonly auroc: number;
  readonly ci: readonly [number, number];
  readonly ece: number;
  readonly mce: number;
  readonly brier: number;
  readonly reliability: readonly ReliabilityBin[];
  /** The best single signal by AUROC and the paired difference combiner − best. */
  readonly best_single: string | null;
  readonly vs_best: PairedReport | null;
  /** True unless the paired 95% CI of combined − best single signal lies above 0. */
  readonly no_better_than_best: boolean;
  /** What the guarded combiner chose on all questions, and in how many folds it fell back. */
  readonly guard: GuardReport;
}

/** The guarded combiner's choices (stats/guarded), signals by name. */
export interface GuardReport {
  /** On all questions: `single` = the anchor alone, `combined`, or `constant`. */
  readonly kind: 'single' | 'combined' | 'constant';
  readonly anchor: string | null;
  readonly lambda: number | null;
  /** Constant or near-constant signals left out. */
  readonly dropped: readonly string[];
  readonly folds_single: number;
  readonly folds_combined: number;
  readonly folds_constant: number;
}

export type SelectiveRow =
  | { readonly target_risk: number; readonly threshold: number; readonly coverage: number; readonly risk: number; readonly answered: number }
  | { readonly target_risk: number; readonly none: true };

export interface CertificateReport {
  readonly scorer: string;
  readonly delta: number;
  readonly n_test: number;
  readonly grid: string;
  readonly targets: readonly CertifiedTarget[];
}

/** RS(c) at one target risk's threshold (chosen on the calibration half), on the test half. */
export interface ReliabilityEntry {
  readonly target_risk: number;
  /** The selective table's threshold; null when none met the target there (the profile then never answers: RS = 0). */
  readonly threshold: number | null;
  readonly c: number;
  readonly value: number;
}

/** What answering at one threshold does on one half. */
export interface ReliabilityOutcome {
  readonly answered: number;
  readonly coverage: number;
  /** Share of the answered that are wrong; NaN when none is answered. */
  readonly risk: number;
  /** RS(c) at the operating point's cost c. */
  readonly value: number;
}

/**
 * TrustSQL's reliability score of the combined score (stats/reliability-score):
 * +1 per right answer, −c per wrong one, 0 per abstention, averaged over the
 * test half's questions.
 */
export interface ReliabilityReport {
  readonly scorer: string;
  /** N, the test half's size. */
  readonly n_test: number;
  /** The costs reported: 0, 10 and N (10 once when N = 10). */
  readonly costs: readonly number[];
  /** One entry per target risk and cost, target risks in table order. */
  readonly entries: readonly ReliabilityEntry[];
  /**
   * The operating point with the best RS(c) at c = 10 over all thresholds,
   * chosen on the calibration half (answer nothing, or any distinct
   * calibration score; ties keep the higher threshold) and measured on the
   * test half; `by_cost` gives its test-half RS at every reported cost.
   */
  readonly best: ReliabilityOutcome & {
    readonly c: number;
    /** null: answering nothing scored best. */
    readonly threshold: number | null;
    readonly by_cost: readonly { readonly c: number; readonly value: number }[];
    readonly calibration: ReliabilityOutcome;
  };
}

export interface PerQuestion {
  readonly id: string;
  readonly db_id: string;
  /** The label of the modal answer. */
  readonly correct: boolean;
  readonly signals: Readonly<Record<string, number | null>>;
  /** Cross-fit (out-of-fold) P(correct). */
  readonly combined: number;
  /** The half of the selective table, the certificate and RS(c) this question fell in. */
  readonly split: 'calibration' | 'test';
  /** The cross-fit fold whose model scored `combined` (0-based; with a group, groups in order of first appearance). */
  readonly fold: number;
  /** How many databases its labels were checked on (a test suite's, see prepare-labels.ts); 0 when the file gave them. */
  readonly databases: number;
}

/** Which labels a report was computed on. */
export interface LabelsReport {
  /** The rule that labeled candidates without a `correct` of their own. */
  readonly rule: EquivalenceRule;
  /** The published evaluator it reproduces (core/results/rules.ts). */
  readonly source: string;
  /** Databases each question's labels were checked on: fewest, most, and how many questions were checked on more than one. */
  readonly databases: { readonly min: number; readonly max: number; readonly several: number };
}

export interface EvalReport {
  readonly n_questions: number;
  /** The labels' rule and source, and how many databases each question was checked on. */
  readonly labels: LabelsReport;
  /** Questions left out, with why (gold failed, no candidates, unknown labels). */
  readonly excluded: { readonly gold_error: number; readonly no_candidates: number; readonly unlabeled: number };
  readonly pool_size: { readonly min: number; readonly max: number; readonly mean: number };
  readonly accuracy_modal: number;
  readonly bootstrap: { readonly B: number; readonly seed: number; readonly level: number };
  /** The seed of each random step's stream (createRng), from the run's seed: enough to re-draw folds, resamples and the split. */
  readonly seeds: { readonly folds: number; readonly bootstrap: number; readonly split: number; readonly accuracy_vs_n: number; readonly pool_sizes: number };
  readonly signals: Readonly<Record<string, SignalReport>>;
  readonly paired: readonly PairedReport[];
  /** Pearson correlation of errors (y − score) between [0, 1]-valued scorers. */
  readonly error_correlation: readonly { readonly a: string; readonly b: string; readonly r: number }[];
  readonly combiner: CombinerReport;
  /** Selective prediction of the combiner: thresholds chosen on a calibration half, measured on the test half. */
  readonly selective: readonly SelectiveRow[];
  /** The same for each raw signal. */
  readonly selective_by_signal: Readonly<Record<string, readonly SelectiveRow[]>>;
  readonly certificate: CertificateReport;
  /** TrustSQL's RS(c) at each target risk's threshold, and the best operating point at c = 10. */
  readonly reliability_score: ReliabilityReport;
  /** Calibration by pool size: the profile's bands on the pools cut to 1, 2, 4, 8 candidates and whole (pool-bands.ts). */
  readonly by_pool_size: readonly PoolSizeRow[];
  readonly selection: Readonly<Record<string, number>>;
  readonly accuracy_vs_n: readonly AccuracyPoint[];
  readonly curves: {
    readonly roc: Readonly<Record<string, readonly RocPoint[]>>;
    readonly risk_coverage: Readonly<Record<string, { readonly aurc: number; readonly points: readonly RiskCoveragePoint[] }>>;
  };
  readonly profile: CalibrationProfile;
  readonly per_question: readonly PerQuestion[];
}

/** The settings of `evaluate` (report.ts). */
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
