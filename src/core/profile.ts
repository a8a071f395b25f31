/**
 * A calibration profile: what Ask uses to turn a question's signals into
 * P(correct) and an answer-or-abstain decision. It is plain JSON (saved in the
 * browser, exported, imported), fit from an evaluation run.
 *
 * What a pool can tell depends on its size: one query agrees with itself, so
 * agreement means nothing there, while among nineteen it carries nearly all
 * that is known. A profile therefore holds one model per band of pool sizes
 * (`bands`: 1, 2, 3–4, 5–8, 9 and more, as far as the data reached), each fit
 * on the evaluation run's pools cut down to those sizes (eval/pool-bands.ts),
 * each with its own thresholds. A band is fit only where the run has rows for
 * it (eval/band-reach.ts): the last band fit is open above and stands in for
 * the bands too few questions reached, saying so in its `fit.stands_in_for`
 * ({@link standInWords}), so a profile fit by Confide covers every pool size.
 * A pool of a size no band covers (a hand-made profile) gets no P.
 *
 * The risk promise: at target risk r, a band's threshold is the lowest
 * P(correct) at which, on the band's calibration questions, the answered ones
 * were at most r wrong; and never below {@link P_FLOOR}: Confide does not
 * answer with a P that says the answer is more likely wrong than right,
 * whatever a fitted threshold says.
 *
 * Version 1 profiles (one model for every pool) are read as one band for
 * pools of 2 and more: they were fit on whole pools, where agreement exists.
 */
import type { CombinerModel } from './stats/crossfit.ts';
import { predictCombiner } from './stats/crossfit.ts';

export const PROFILE_VERSION = 2;

/** No answer is ever given below this P(correct), whatever a profile's threshold says. */
export const P_FLOOR = 0.5;

/** Where a profile came from, shown in the UI next to it. */
export interface ProfileProvenance {
  /** The benchmark or data the profile was fit on, e.g. "demo (40 questions)". */
  readonly data: string;
  /** What produced the candidates, e.g. "mutation generator, seed 1, K=8". */
  readonly generator: string;
  readonly n_questions: number;
  /** Cross-fit (out-of-fold) ECE and AUROC of the combiner on that data's whole pools. */
  readonly ece: number;
  readonly auroc: number;
  readonly created: string;
  /** The labels it was fit on: the rule and the published evaluator it reproduces, e.g. "spider: test-suite-sql-eval exec_eval default (keep_distinct off)". */
  readonly labels?: string;
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

/** A band of pool sizes too few questions reached to be fit on its own, and how many did. */
export interface BandStandIn {
  readonly min: number;
  readonly max: number | null;
  /** Questions whose pools reach the band's lowest size. */
  readonly questions: number;
}

/** How one band's model did on the data it was fit on (out of fold). */
export interface BandFit {
  /** Questions, and rows (a question's pool cut to one size is one row). */
  readonly n_questions: number;
  readonly n_rows: number;
  /** The pool sizes the rows were cut to. */
  readonly sizes: readonly number[];
  /** Out-of-fold ECE and AUROC over the rows. */
  readonly ece: number;
  readonly auroc: number;
  /** What the guarded combiner kept. */
  readonly combiner: string;
  /** Each target risk's threshold as the calibration half chose it, before the floor. */
  readonly fitted_thresholds?: readonly ProfileThreshold[];
  /** The bands above this one that had too few questions to be fit on their own: this band (open above) covers their pools. */
  readonly stands_in_for?: readonly BandStandIn[];
}

/** One model for pools of `min`…`max` candidates (`max` null: no upper end). */
export interface PoolBand {
  readonly min: number;
  readonly max: number | null;
  /** Feature order of the model: signal names as in the signal registry. */
  readonly signals: readonly string[];
  readonly model: CombinerModel;
  /** One per target risk, in the same order in every band; never below the floor. */
  readonly thresholds: readonly ProfileThreshold[];
  readonly fit?: BandFit;
}

export interface CalibrationProfile {
  readonly version: typeof PROFILE_VERSION;
  readonly name: string;
  /** {@link P_FLOOR}: thresholds below it are raised to it. */
  readonly floor: number;
  /** Ascending, without overlaps. */
  readonly bands: readonly PoolBand[];
  readonly provenance: ProfileProvenance;
}

/**
 * The band for a pool of `n` candidates, or null when none covers it.
 *
 * @example bandFor(profile, 1)?.signals; // ['orm_sql', 'schema_relevance', 'executability']
 */
export function bandFor(profile: CalibrationProfile, n: number): PoolBand | null {
  return profile.bands.find((b) => n >= b.min && (b.max === null || n <= b.max)) ?? null;
}

/**
 * The pool sizes a band covers, in words: "1 query", "3–4 queries", "9 or more queries".
 *
 * @example bandWords({ min: 9, max: null }); // '9 or more queries'
 */
export function bandWords(band: Pick<PoolBand, 'min' | 'max'>): string {
  if (band.max === band.min) return `${band.min} ${band.min === 1 ? 'query' : 'queries'}`;
  return band.max === null ? `${band.min} or more queries` : `${band.min}–${band.max} queries`;
}

/**
 * What a band stands in for, in words, or null when it stands in for nothing.
 *
 * @example
 * standInWords({ min: 5, max: null, fit: { ...fit, stands_in_for: [{ min: 9, max: null, questions: 1 }] } });
 * // 'pools of 9 or more queries (1 question reached them), too few for a band of their own, use the 5 or more queries band'
 */
export function standInWords(band: Pick<PoolBand, 'min' | 'max' | 'fit'>): string | null {
  const over = band.fit?.stands_in_for ?? [];
  if (over.length === 0) return null;
  const which = over.map((b) => `${bandWords(b)} (${b.questions} question${b.questions === 1 ? '' : 's'} reached them)`).join(', ');
  return `pools of ${which}, too few for a band of their own, use the ${bandWords(band)} band`;
}

/**
 * P(correct) of one answer from its signal values (null → missing, handled by
 * the model's standardization and missing-value indicators), under the band
 * for a pool of `poolSize` candidates; NaN when no band covers it.
 *
 * @example
 * const p = profileProbability(profile, { execution_sc: 0.75, executability: 1, orm_sql: 0.8 }, 8);
 */
export function profileProbability(profile: CalibrationProfile, values: Readonly<Record<string, number | null | undefined>>, poolSize: number): number {
  const band = bandFor(profile, poolSize);
  if (band === null) return Number.NaN;
  return bandProbability(band, values);
}

/**
 * P(correct) under one band's model.
 *
 * @example bandProbability(profile.bands[0], { orm_sql: 0.9, executability: 1 });
 */
export function bandProbability(band: Pick<PoolBand, 'signals' | 'model'>, values: Readonly<Record<string, number | null | undefined>>): number {
  const row = band.signals.map((s) => {
    const v = values[s];
    return v === null || v === undefined || !Number.isFinite(v) ? Number.NaN : v;
  });
  return predictCombiner(band.model, row);
}

/**
 * The threshold a band applies at `targetRisk`: its fitted one, raised to the
 * profile's floor; null when the band has none (it never answers there);
 * undefined when the profile does not offer that risk.
 *
 * @example thresholdAt(profile, band, 0.1); // 0.62
 */
export function thresholdAt(profile: Pick<CalibrationProfile, 'floor'>, band: Pick<PoolBand, 'thresholds'>, targetRisk: number): number | null | undefined {
  const entry = band.thresholds.find((t) => t.target_risk === targetRisk);
  if (entry === undefined) return undefined;
  return entry.threshold === null ? null : Math.max(entry.threshold, profile.floor, P_FLOOR);
}

/** The target risks a profile offers, ascending (every band offers the same ones). */
export function targetRisks(profile: CalibrationProfile): number[] {
  return (profile.bands[0]?.thresholds ?? []).map((t) => t.target_risk).sort((a, b) => a - b);
}

/** Every signal any band reads. */
export function profileSignals(profile: CalibrationProfile): string[] {
  return [...new Set(profile.bands.flatMap((b) => b.signals))];
}

/**
 * Fitted thresholds below the floor, band by band (`fit.fitted_thresholds`,
 * which a fit or a reader keeps beside the floored ones): what Evaluate and
 * the profile list flag, and what Ask raises to the floor.
 *
 * @example belowFloor(profile); // [{ band: '5–8 queries', target_risk: 0.2, threshold: 0.1 }]
 */
export function belowFloor(profile: CalibrationProfile): { band: string; target_risk: number; threshold: number }[] {
  const out: { band: string; target_risk: number; threshold: number }[] = [];
  for (const b of profile.bands) {
    for (const t of b.fit?.fitted_thresholds ?? []) {
      if (t.threshold !== null && t.threshold < P_FLOOR) out.push({ band: bandWords(b), target_risk: t.target_risk, threshold: t.threshold });
    }
  }
  return out;
}
