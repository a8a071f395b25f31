/**
 * The decision at a chosen risk: answer with the chosen candidate (the head
 * of the highest-P(correct) result group, see answers.ts) when its P(correct)
 * reaches the threshold for that target risk, abstain otherwise, with the
 * reasons in plain words.
 *
 * Rule: the profile's band for this pool size (profile.ts) gives P(correct)
 * and the threshold for `targetRisk`: the lowest P at which, on the band's
 * calibration questions, the answers given were at most that share wrong,
 * raised to the floor (P_FLOOR, 0.5: never an answer more likely wrong than
 * right). Answer iff the band exists, has a threshold, P ≥ threshold, and the
 * chosen query executed, and no other result's P is within noise of its
 * (ties.ts: then it abstains, saying the results disagree and which). The
 * promise is about the answers given at that
 * setting, as a group; each answer's own P is shown beside it. A target risk
 * the profile has no entry for is a broken contract (RangeError).
 */
import type { Finding } from '../evidence/types.ts';
import { bandFor, bandWords, thresholdAt, targetRisks, type CalibrationProfile, type PoolBand } from '../profile.ts';
import { signalContributions, type SignalContribution } from './contributions.ts';
import { copiesWords } from './copies.ts';
import { agreementReasons, contributionReasons, smallPoolWords } from './decision-reasons.ts';
import { mistakes } from './mistakes.ts';
import { tieMargin, tiedWithFirst } from './ties.ts';
import type { AskResult } from './types.ts';

export { targetRisks };
export { smallPoolWords } from './decision-reasons.ts';
export { CERTAIN_MISTAKES, LIKELY_MISTAKES } from './mistakes.ts';

export interface Decision {
  readonly kind: 'answer' | 'abstain';
  readonly targetRisk: number;
  /** The P(correct) needed at this risk for this pool size (floored); null when there is none. */
  readonly threshold: number | null;
  readonly probability: number;
  /** The candidate answered with, or proposed (`AskResult.chosen`); -1 when there is none. */
  readonly candidate: number;
  /** How many candidates the pool had, and the profile band that judged it (null: none covers it). */
  readonly poolSize: number;
  readonly band: string | null;
  readonly headline: string;
  readonly reasons: readonly string[];
  /** What a pool this small can and cannot tell, and what would help; empty for pools of 3 and more. */
  readonly smallPool: readonly string[];
  /** Signals higher than usual that pushed P(correct) up, strongest first. */
  readonly supporting: readonly SignalContribution[];
  /** Signals lower than usual (or missing) that pushed it down, strongest first. */
  readonly against: readonly SignalContribution[];
  /**
   * Positions in `AskResult.answers` of the results tied with the first (P
   * within noise of each other: ties.ts), the first included; empty when the
   * first stands alone. A tie is never answered.
   */
  readonly tied: readonly number[];
  /** What the chosen query's result shows (core/evidence), each in plain words; its reasons are among `reasons`. */
  readonly findings: readonly Finding[];
  /** The findings that keep Confide from answering with the chosen query (CERTAIN_MISTAKES, LIKELY_MISTAKES); empty when none. */
  readonly ruledOut: readonly Finding[];
}

/** The risk level the app and `confide ask` use unless told otherwise: at most 20% of answers wrong. */
export const DEFAULT_TARGET_RISK = 0.2;

const pct = (p: number): string => `${Math.round(p * 100)}%`;

/**
 * What a risk level promises, in one phrase, with the threshold it means for
 * one pool size when given: "at most 20% of the answers given are wrong", or
 * "at most 20% of the answers given are wrong (answers when P ≥ 0.69)", or
 * "… (never answers)" without a threshold.
 *
 * @example riskWording(0.2, 0.6875); // 'at most 20% of the answers given are wrong (answers when P ≥ 0.69)'
 */
export function riskWording(targetRisk: number, threshold?: number | null): string {
  const promise = `at most ${pct(targetRisk)} of the answers given are wrong`;
  if (threshold === undefined) return promise;
  return `${promise} (${threshold === null ? 'never answers' : `answers when P ≥ ${threshold.toFixed(2)}`})`;
}

/** What a decision weighs, read once: the band, its threshold, the tie and the findings that rule the answer out. */
interface Weighing {
  readonly band: PoolBand | null;
  readonly threshold: number | null;
  readonly p: number;
  readonly chosenRuns: boolean;
  readonly margin: number;
  readonly tied: readonly number[];
  readonly findings: readonly Finding[];
  readonly certain: readonly Finding[];
  readonly ruledOut: readonly Finding[];
  /** P reaches the threshold and the chosen query runs. */
  readonly reaches: boolean;
  readonly answer: boolean;
}

function weigh(result: AskResult, profile: CalibrationProfile, targetRisk: number): Weighing {
  const band = bandFor(profile, result.candidates.length);
  const threshold = band === null ? null : (thresholdAt(profile, band, targetRisk) ?? null);
  const p = result.probability;
  const chosenRuns = result.chosen >= 0 && result.candidates[result.chosen]!.exec.ok;
  const margin = tieMargin(band);
  const tied = tiedWithFirst(result.answers, margin);
  const findings = result.chosen >= 0 ? (result.candidates[result.chosen]!.evidence?.findings ?? []) : [];
  const { certain, likely } = mistakes(result, findings);
  const ruledOut = [...certain, ...likely];
  const reaches = threshold !== null && Number.isFinite(p) && p >= threshold && chosenRuns;
  return { band, threshold, p, chosenRuns, margin, tied, findings, certain, ruledOut, reaches, answer: reaches && ruledOut.length === 0 && tied.length === 0 };
}

/** The sentence saying why the decision is what it is: no band, no threshold, ruled out, answered, not run, tied or below the threshold. */
function verdictReason(w: Weighing, profile: CalibrationProfile, targetRisk: number, poolSize: number): string {
  const { band, threshold, p } = w;
  const promise = riskWording(targetRisk);
  const estimate = Number.isFinite(p) ? `This answer's estimated P(correct) is ${p.toFixed(2)}` : 'No P(correct) could be estimated';
  const setting = band === null ? '' : `for pools of ${bandWords(band)}`;
  if (band === null)
    return `Profile "${profile.name}" has no model for a pool of ${poolSize} ${poolSize === 1 ? 'query' : 'queries'}, so it does not answer; use a profile fit on pools of this size.`;
  if (threshold === null)
    return `On its calibration data ${setting}, profile "${profile.name}" found no threshold at which ${promise}, so it does not answer at this risk level.`;
  if (w.reaches && w.ruledOut.length > 0)
    return w.certain.length > 0
      ? `${estimate}, which reaches the ${threshold.toFixed(2)} this setting needs, but what its result shows above is a mistake whatever the question asks, so Confide does not answer with it.`
      : `${estimate}, which reaches the ${threshold.toFixed(2)} this setting needs, but what its result shows above is likely a mistake and no other query returns this result, so Confide does not answer with it.`;
  if (w.answer)
    return `${estimate}. At this setting (${promise}, on the profile's calibration data ${setting}) Confide answers when P ≥ ${threshold.toFixed(2)}.`;
  if (!w.chosenRuns) return `${estimate}, but the query it would answer with does not run.`;
  if (Number.isFinite(p) && p >= threshold) return `${estimate}, enough for this setting (P ≥ ${threshold.toFixed(2)}), but another result is as likely.`;
  return `${estimate}, below the ${threshold.toFixed(2)} this setting needs (${promise}, on the profile's calibration data ${setting}${threshold <= profile.floor + 1e-12 ? `; never below ${profile.floor.toFixed(2)}, where an answer is more likely wrong than right` : ''}).`;
}

/** The sentence naming a tie between the best results; null without one. */
function tieReason(result: AskResult, w: Weighing): string | null {
  if (w.tied.length === 0) return null;
  const ps = w.tied.map((i) => result.answers[i]!.probability.toFixed(2)).join(', ');
  const setting = w.band === null ? '' : ` for pools of ${bandWords(w.band)}`;
  return `These disagree and Confide cannot tell which is right: the ${w.tied.length} best results differ, and their P (${ps}) are within ${w.margin.toFixed(3)} of each other, closer than this profile's calibration error${setting} (a difference that small is noise to it).`;
}

function headline(w: Weighing): string {
  if (w.answer) return `Answer: ${pct(w.p)} likely right`;
  if (w.tied.length > 0) return 'These disagree: Confide cannot tell which is right';
  if (w.reaches && w.ruledOut.length > 0) return `Not answered: its result shows ${w.certain.length > 0 ? 'a mistake' : 'a likely mistake'}`;
  return 'Not confident enough to answer';
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
  if (!targetRisks(profile).includes(targetRisk))
    throw new RangeError(`profile "${profile.name}" has no threshold for target risk ${targetRisk}; it offers ${targetRisks(profile).join(', ')}`);
  const poolSize = result.candidates.length;
  const w = weigh(result, profile, targetRisk);
  const contributions = w.band === null ? [] : signalContributions(w.band, result.signals);
  // "High" and "low" are relative to the profile's calibration data (z above or below 0);
  // a signal the model weighs against its own direction is left to the signal table.
  const supporting = contributions.filter((c) => c.logit > 0.05 && (c.z ?? 0) > 0).sort((a, b) => b.logit - a.logit);
  const against = contributions.filter((c) => c.logit < -0.05 && (c.z === null || c.z < 0)).sort((a, b) => a.logit - b.logit);
  const copies = copiesWords(result.given, result.candidates.length);
  const tie = tieReason(result, w);
  const reasons = [
    ...(tie === null ? [] : [tie]),
    ...(copies === null ? [] : [copies]),
    ...agreementReasons(result, w.tied.length > 0),
    ...w.findings.map((f) => f.reason),
    verdictReason(w, profile, targetRisk, poolSize),
    ...contributionReasons(supporting, against),
  ];
  return {
    kind: w.answer ? 'answer' : 'abstain',
    targetRisk,
    threshold: w.threshold,
    probability: w.p,
    candidate: result.chosen,
    poolSize,
    band: w.band === null ? null : bandWords(w.band),
    headline: headline(w),
    reasons,
    smallPool: smallPoolWords(poolSize, w.band, result.signals),
    supporting,
    against,
    tied: w.tied,
    findings: w.findings,
    ruledOut: w.ruledOut,
  };
}
