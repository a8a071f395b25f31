/**
 * A calibration profile: what Ask uses to turn a question's signals into
 * P(correct) and an answer-or-abstain decision. It is plain JSON (saved in the
 * browser, exported, imported), fit from an evaluation run: the cross-fit
 * combiner's final model (fit on all questions of the run) plus, for each
 * target risk, the P(correct) threshold chosen on the run's calibration half.
 */
import type { CombinerModel } from './stats/crossfit.ts';
import { predictCombiner } from './stats/crossfit.ts';

export const PROFILE_VERSION = 1;

/** Where a profile came from, shown in the UI next to it. */
export interface ProfileProvenance {
  /** The benchmark or data the profile was fit on, e.g. "demo (40 questions)". */
  readonly data: string;
  /** What produced the candidates, e.g. "mutation generator, seed 1, K=8". */
  readonly generator: string;
  readonly n_questions: number;
  /** Cross-fit (out-of-fold) ECE and AUROC of the combiner on that data. */
  readonly ece: number;
  readonly auroc: number;
  readonly created: string;
  readonly notes?: string;
  /**
   * The best single signal on the same data (by AUROC) and the paired
   * difference combined − it with its 95% bootstrap interval.
   */
  readonly best_single?: { readonly name: string; readonly auroc: number; readonly diff: number; readonly ci: readonly [number, number] };
  /** True when the profile is no better than its best single signal (the interval above does not lie above 0). */
  readonly no_better_than_best?: boolean;
  /** What the guarded combiner kept, e.g. "execution_sc alone" or "combined, anchored on execution_sc, λ = 10". */
  readonly combiner?: string;
}

/** The P(correct) threshold for one target risk; null when no threshold met it. */
export interface ProfileThreshold {
  readonly target_risk: number;
  readonly threshold: number | null;
}

export interface CalibrationProfile {
  readonly version: typeof PROFILE_VERSION;
  readonly name: string;
  /** Feature order of the model: signal names as in the signal registry. */
  readonly signals: readonly string[];
  readonly model: CombinerModel;
  readonly thresholds: readonly ProfileThreshold[];
  readonly provenance: ProfileProvenance;
}

/**
 * P(correct) of one answer from its signal values (null → missing, handled by
 * the model's standardization and missing-value indicators).
 *
 * @example
 * const p = profileProbability(profile, { string_sc: 0.75, executability: 1, logprob: null });
 */
export function profileProbability(profile: CalibrationProfile, values: Readonly<Record<string, number | null | undefined>>): number {
  const row = profile.signals.map((s) => {
    const v = values[s];
    return v === null || v === undefined || !Number.isFinite(v) ? Number.NaN : v;
  });
  return predictCombiner(profile.model, row);
}
