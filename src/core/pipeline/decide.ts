/**
 * The decision at a chosen risk: answer with the chosen candidate (the head
 * of the highest-P(correct) result group, see answers.ts) when its P(correct)
 * reaches the profile's threshold for that target risk, abstain otherwise,
 * with the reasons in plain words.
 *
 * Rule: threshold = the profile's P(correct) threshold for `targetRisk`
 * (chosen on its calibration data so that the answered questions had at most
 * that share wrong). Answer iff a threshold exists, P ≥ threshold, and the
 * chosen query executed. A target risk the profile has no entry for is a
 * broken contract (RangeError).
 */
import type { CalibrationProfile } from '../profile.ts';
import { signalContributions, type SignalContribution } from './contributions.ts';
import { signalLabel } from './signal-labels.ts';
import type { AskResult } from './types.ts';

export interface Decision {
  readonly kind: 'answer' | 'abstain';
  readonly targetRisk: number;
  /** The P(correct) needed at this risk; null when the profile has none. */
  readonly threshold: number | null;
  readonly probability: number;
  /** The candidate answered with, or proposed (`AskResult.chosen`); -1 when there is none. */
  readonly candidate: number;
  readonly headline: string;
  readonly reasons: readonly string[];
  /** Signals higher than usual that pushed P(correct) up, strongest first. */
  readonly supporting: readonly SignalContribution[];
  /** Signals lower than usual (or missing) that pushed it down, strongest first. */
  readonly against: readonly SignalContribution[];
}

/** The risk level the app and `confide ask` use unless told otherwise: keep wrong answers at or below 20%. */
export const DEFAULT_TARGET_RISK = 0.2;

const pct = (p: number): string => `${Math.round(p * 100)}%`;

/**
 * What a risk level does, in one phrase with its threshold:
 * "keep wrong answers at or below 20%: answers when P ≥ 0.69", or, without a
 * threshold, "keep wrong answers at or below 5%: never answers".
 *
 * @example riskWording(0.2, 0.6875); // 'keep wrong answers at or below 20%: answers when P ≥ 0.69'
 */
export function riskWording(targetRisk: number, threshold: number | null): string {
  return `keep wrong answers at or below ${pct(targetRisk)}: ${threshold === null ? 'never answers' : `answers when P ≥ ${threshold.toFixed(2)}`}`;
}

/** The target risks a profile offers, ascending. */
export function targetRisks(profile: CalibrationProfile): number[] {
  return profile.thresholds.map((t) => t.target_risk).sort((a, b) => a - b);
}

/** Sentences about how the candidates agree. */
function agreementReasons(r: AskResult): string[] {
  const n = r.candidates.length;
  if (n === 0 || r.chosen < 0) return ['No candidate query was produced.'];
  const out: string[] = [];
  const run = r.candidates[r.chosen]!;
  const group = r.answers.find((a) => a.chosen);
  if (!run.exec.ok) {
    out.push(`The most common query fails to run (${run.exec.error.code}), so there is no result to stand behind.`);
  } else {
    out.push(`${group?.members.length ?? 1} of ${n} candidates returned the same result as this answer.`);
    if (run.exec.rows.length === 0) out.push('That result has no rows.');
  }
  const results = r.answers.length;
  if (results > 1) {
    out.push(`The candidates gave ${results} different results; this one has the highest estimated P(correct).`);
    const largest = Math.max(...r.answers.map((a) => a.members.length));
    if (group !== undefined && group.members.length < largest) out.push(`Another result was returned by more candidates (${largest}), but it scored lower.`);
  }
  const failed = Object.values(r.failures).reduce((s, k) => s + (k ?? 0), 0);
  if (failed > 0) out.push(`${failed} of ${n} candidates failed to run.`);
  return out;
}

/**
 * The decision for `result` at `targetRisk` under `profile`.
 *
 * @example
 * const d = decide(result, profile, 0.2);
 * d.kind; // 'answer' | 'abstain'
 * d.reasons; // ['7 of 8 candidates returned the same result as this answer.', …]
 */
export function decide(result: AskResult, profile: CalibrationProfile, targetRisk: number): Decision {
  const entry = profile.thresholds.find((t) => t.target_risk === targetRisk);
  if (entry === undefined) throw new RangeError(`profile "${profile.name}" has no threshold for target risk ${targetRisk}; it offers ${targetRisks(profile).join(', ')}`);
  const threshold = entry.threshold;
  const p = result.probability;
  const contributions = signalContributions(profile, result.signals);
  // "High" and "low" are relative to the profile's calibration data (z above or below 0);
  // a signal the model weighs against its own direction is left to the signal table.
  const supporting = contributions.filter((c) => c.logit > 0.05 && (c.z ?? 0) > 0).sort((a, b) => b.logit - a.logit);
  const against = contributions.filter((c) => c.logit < -0.05 && (c.z === null || c.z < 0)).sort((a, b) => a.logit - b.logit);
  const chosenRuns = result.chosen >= 0 && result.candidates[result.chosen]!.exec.ok;
  const answer = threshold !== null && Number.isFinite(p) && p >= threshold && chosenRuns;
  const reasons = agreementReasons(result);
  const risk = `keep wrong answers at or below ${pct(targetRisk)}`;
  const estimate = Number.isFinite(p) ? `Estimated P(correct) ${p.toFixed(2)}` : 'No P(correct) could be estimated';
  if (threshold === null) {
    reasons.push(`On its calibration data, profile "${profile.name}" found no threshold that would ${risk}, so it does not answer at this risk level.`);
  } else if (answer) {
    reasons.push(`${estimate}, at least the ${threshold.toFixed(2)} this risk level needs (on the profile's calibration data, answering at P ≥ ${threshold.toFixed(2)} kept wrong answers at or below ${pct(targetRisk)}).`);
  } else if (!chosenRuns) {
    reasons.push(`${estimate}, but the query it would answer with does not run.`);
  } else {
    reasons.push(`${estimate}, below the ${threshold.toFixed(2)} needed to ${risk}.`);
  }
  const named = (cs: readonly SignalContribution[]): string => cs.slice(0, 3).map((c) => `${signalLabel(c.name)} (${c.value === null ? 'missing' : c.value.toFixed(2)})`).join('; ');
  if (supporting.length > 0) reasons.push(`High, in its favour: ${named(supporting)}.`);
  if (against.length > 0) reasons.push(`Low, against it: ${named(against)}.`);
  return {
    kind: answer ? 'answer' : 'abstain',
    targetRisk,
    threshold,
    probability: p,
    candidate: result.chosen,
    headline: answer ? `Answer: ${pct(p)} likely right` : 'Not confident enough to answer',
    reasons,
    supporting,
    against,
  };
}
