/**
 * The decision at a chosen risk: answer with the modal candidate when its
 * P(correct) reaches the profile's threshold for that target risk, abstain
 * otherwise, with the reasons in plain words.
 *
 * Rule: threshold = the profile's P(correct) threshold for `targetRisk`
 * (chosen on its calibration data so that the answered questions had at most
 * that share wrong). Answer iff a threshold exists, P ≥ threshold, and the
 * modal query executed. A target risk the profile has no entry for is a
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
  /** The candidate answered with, or proposed (the modal one); -1 when there is none. */
  readonly candidate: number;
  readonly headline: string;
  readonly reasons: readonly string[];
  /** Signals higher than usual that pushed P(correct) up, strongest first. */
  readonly supporting: readonly SignalContribution[];
  /** Signals lower than usual (or missing) that pushed it down, strongest first. */
  readonly against: readonly SignalContribution[];
}

const pct = (p: number): string => `${Math.round(p * 100)}%`;

/** The target risks a profile offers, ascending. */
export function targetRisks(profile: CalibrationProfile): number[] {
  return profile.thresholds.map((t) => t.target_risk).sort((a, b) => a - b);
}

/** Sentences about how the candidates agree. */
function agreementReasons(r: AskResult): string[] {
  const n = r.candidates.length;
  if (n === 0 || r.modal < 0) return ['No candidate query was produced.'];
  const out: string[] = [];
  const modalRun = r.candidates[r.modal]!;
  const group = r.answers.find((a) => a.modal);
  if (!modalRun.exec.ok) {
    out.push(`The most common query fails to run (${modalRun.exec.error.code}), so there is no result to stand behind.`);
  } else {
    out.push(`${group?.members.length ?? 1} of ${n} candidates returned the same result as this answer.`);
    if (modalRun.exec.rows.length === 0) out.push('That result has no rows.');
  }
  const results = r.answers.length;
  if (results > 1) out.push(`The candidates gave ${results} different results.`);
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
  const modalRuns = result.modal >= 0 && result.candidates[result.modal]!.exec.ok;
  const answer = threshold !== null && Number.isFinite(p) && p >= threshold && modalRuns;
  const reasons = agreementReasons(result);
  const risk = `keep wrong answers at or under ${pct(targetRisk)}`;
  if (threshold === null) {
    reasons.push(`On its calibration data, profile "${profile.name}" found no threshold that would ${risk}, so it does not answer at this risk level.`);
  } else if (answer) {
    reasons.push(`Estimated ${pct(p)} likely right; this risk level needs ${pct(threshold)} (the level that kept wrong answers at or under ${pct(targetRisk)} on the profile's calibration data).`);
  } else if (!modalRuns) {
    reasons.push(`Estimated ${pct(p)} likely right, but the query it would answer with does not run.`);
  } else {
    reasons.push(`Estimated ${pct(p)} likely right, below the ${pct(threshold)} needed to ${risk}.`);
  }
  const named = (cs: readonly SignalContribution[]): string => cs.slice(0, 3).map((c) => `${signalLabel(c.name)} (${c.value === null ? 'missing' : c.value.toFixed(2)})`).join('; ');
  if (supporting.length > 0) reasons.push(`High, in its favour: ${named(supporting)}.`);
  if (against.length > 0) reasons.push(`Low, against it: ${named(against)}.`);
  return {
    kind: answer ? 'answer' : 'abstain',
    targetRisk,
    threshold,
    probability: p,
    candidate: result.modal,
    headline: answer ? `Answer: ${pct(p)} likely right` : 'Not confident enough to answer',
    reasons,
    supporting,
    against,
  };
}
