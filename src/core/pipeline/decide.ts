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
import type { Finding, FindingCode } from '../evidence/types.ts';
import { bandFor, bandWords, thresholdAt, targetRisks, type CalibrationProfile, type PoolBand } from '../profile.ts';
import { signalContributions, type SignalContribution } from './contributions.ts';
import { copiesWords } from './copies.ts';
import { tieMargin, tiedWithFirst } from './ties.ts';
import { signalLabel } from './signal-labels.ts';
import type { AskResult } from './types.ts';

export { targetRisks };

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

/**
 * Findings that show a mistake whatever the question asks: a literal the
 * compared column never holds while it holds it in another case or spacing,
 * and (when the result is empty) a NOT IN over a column holding NULL, which is
 * never true. Confide does not answer with such a query at any risk; its P is
 * shown as estimated.
 */
export const CERTAIN_MISTAKES: ReadonlySet<FindingCode> = new Set(['LITERAL_CASE', 'NOT_IN_NULLS', 'EQUALS_NULL']);

/**
 * Findings that show a likely mistake: no rows where the question asks for
 * some, only ids where it asks which ones, a literal the column never holds
 * in any case or spacing, a literal that leaves out the column's other
 * spellings of it, groups split by spelling, a year compared with text
 * dates, a year the question names and the query does not, `LIMIT 1`
 * cutting a tie or a LIMIT without ORDER BY leaving rows out, integer division where it asks for a
 * fraction, HAVING without GROUP BY. On Spider-A's real candidates outside flight_2 (whose
 * gold queries compare with values the database does not hold) a candidate
 * with one of the first three was right 8–42% of the time (model card).
 * Confide does not answer with such a query when no other query returns
 * its result: agreement between independent queries can vouch for an empty
 * or surprising result, one query alone cannot.
 */
export const LIKELY_MISTAKES: ReadonlySet<FindingCode> = new Set([
  'EMPTY_LIST',
  'SHAPE_IDS_ONLY',
  'LITERAL_ABSENT',
  'LITERAL_VARIANTS',
  'INTEGER_DIVISION',
  'HAVING_WITHOUT_GROUP',
  'LIMIT_CUTS_TIE',
  'LIMIT_DROPS_ROWS',
  'GROUP_BY_SPELLINGS',
  'YEAR_VS_TEXT_DATE',
  'YEAR_UNUSED',
]);

/**
 * The chosen query's findings that rule it out: CERTAIN_MISTAKES (NOT IN over
 * NULL only with an empty result), and LIKELY_MISTAKES when no other query
 * returned its result.
 */
function mistakes(result: AskResult, findings: readonly Finding[]): { certain: Finding[]; likely: Finding[] } {
  const run = result.chosen >= 0 ? result.candidates[result.chosen] : undefined;
  const empty = run?.exec.ok && run.exec.rows.length === 0;
  const alone = (result.answers[0]?.members.length ?? 0) <= 1;
  return {
    certain: findings.filter((f) => CERTAIN_MISTAKES.has(f.code) && (f.code !== 'NOT_IN_NULLS' || empty)),
    likely: alone ? findings.filter((f) => LIKELY_MISTAKES.has(f.code)) : [],
  };
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

/** The signals a band's model actually weighs (non-zero weight), in its order. */
function weighed(band: PoolBand): string[] {
  return band.signals.filter((_, j) => band.model.weights[j] !== 0);
}

/**
 * What a pool of one or two queries can and cannot tell, and what would help.
 *
 * @example smallPoolWords(1, band, { orm_sql: null }); // ['One query: agreement cannot be measured; …', …]
 */
export function smallPoolWords(n: number, band: PoolBand | null, values: Readonly<Record<string, number | null>>): string[] {
  if (n >= 3) return [];
  const used = band === null ? [] : weighed(band);
  const missing = used.filter((s) => values[s] === null || values[s] === undefined);
  const from = used.filter((s) => !missing.includes(s)).map(signalLabel);
  const source =
    from.length === 0
      ? 'no signal could be read for it'
      : from.length === 1
        ? `this P comes from ${from[0]} alone`
        : `this P comes from ${from.slice(0, -1).join(', ')} and ${from[from.length - 1]}`;
  const out = [
    n === 1
      ? `One query: agreement cannot be measured (a query always agrees with itself); ${source}.`
      : `Two queries: whether they agree says little on its own; ${source}.`,
  ];
  if (missing.length > 0) out.push(`Not available here: ${missing.map(signalLabel).join(', ')}.`);
  out.push('More candidates would help: paste queries from other assistants or colleagues, or sample several with the live model.');
  return out;
}

/** Sentences about how the candidates agree. */
function agreementReasons(r: AskResult, tied: boolean): string[] {
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
  if (results > 1 && tied) {
    out.push(`The candidates gave ${results} different results.`);
  } else if (results > 1) {
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
  if (!targetRisks(profile).includes(targetRisk))
    throw new RangeError(`profile "${profile.name}" has no threshold for target risk ${targetRisk}; it offers ${targetRisks(profile).join(', ')}`);
  const poolSize = result.candidates.length;
  const band = bandFor(profile, poolSize);
  const threshold = band === null ? null : (thresholdAt(profile, band, targetRisk) ?? null);
  const p = result.probability;
  const contributions = band === null ? [] : signalContributions(band, result.signals);
  // "High" and "low" are relative to the profile's calibration data (z above or below 0);
  // a signal the model weighs against its own direction is left to the signal table.
  const supporting = contributions.filter((c) => c.logit > 0.05 && (c.z ?? 0) > 0).sort((a, b) => b.logit - a.logit);
  const against = contributions.filter((c) => c.logit < -0.05 && (c.z === null || c.z < 0)).sort((a, b) => a.logit - b.logit);
  const chosenRuns = result.chosen >= 0 && result.candidates[result.chosen]!.exec.ok;
  const margin = tieMargin(band);
  const tied = tiedWithFirst(result.answers, margin);
  const findings = result.chosen >= 0 ? (result.candidates[result.chosen]!.evidence?.findings ?? []) : [];
  const { certain, likely } = mistakes(result, findings);
  const ruledOut = [...certain, ...likely];
  const reaches = threshold !== null && Number.isFinite(p) && p >= threshold && chosenRuns;
  const answer = reaches && ruledOut.length === 0 && tied.length === 0;
  const reasons = [...agreementReasons(result, tied.length > 0), ...findings.map((f) => f.reason)];
  const copies = copiesWords(result.given, result.candidates.length);
  if (copies !== null) reasons.unshift(copies);
  const promise = riskWording(targetRisk);
  const estimate = Number.isFinite(p) ? `This answer's estimated P(correct) is ${p.toFixed(2)}` : 'No P(correct) could be estimated';
  const setting = band === null ? '' : `for pools of ${bandWords(band)}`;
  if (tied.length > 0) {
    const ps = tied.map((i) => result.answers[i]!.probability.toFixed(2)).join(', ');
    reasons.unshift(
      `These disagree and Confide cannot tell which is right: the ${tied.length} best results differ, and their P (${ps}) are within ${margin.toFixed(3)} of each other, closer than this profile's calibration error${setting === '' ? '' : ` ${setting}`} (a difference that small is noise to it).`,
    );
  }
  if (band === null) {
    reasons.push(
      `Profile "${profile.name}" has no model for a pool of ${poolSize} ${poolSize === 1 ? 'query' : 'queries'}, so it does not answer; use a profile fit on pools of this size.`,
    );
  } else if (threshold === null) {
    reasons.push(
      `On its calibration data ${setting}, profile "${profile.name}" found no threshold at which ${promise}, so it does not answer at this risk level.`,
    );
  } else if (reaches && ruledOut.length > 0) {
    reasons.push(
      certain.length > 0
        ? `${estimate}, which reaches the ${threshold!.toFixed(2)} this setting needs, but what its result shows above is a mistake whatever the question asks, so Confide does not answer with it.`
        : `${estimate}, which reaches the ${threshold!.toFixed(2)} this setting needs, but what its result shows above is likely a mistake and no other query returns this result, so Confide does not answer with it.`,
    );
  } else if (answer) {
    reasons.push(`${estimate}. At this setting (${promise}, on the profile's calibration data ${setting}) Confide answers when P ≥ ${threshold.toFixed(2)}.`);
  } else if (!chosenRuns) {
    reasons.push(`${estimate}, but the query it would answer with does not run.`);
  } else if (Number.isFinite(p) && p >= threshold) {
    reasons.push(`${estimate}, enough for this setting (P ≥ ${threshold.toFixed(2)}), but another result is as likely.`);
  } else {
    reasons.push(
      `${estimate}, below the ${threshold.toFixed(2)} this setting needs (${promise}, on the profile's calibration data ${setting}${threshold <= profile.floor + 1e-12 ? `; never below ${profile.floor.toFixed(2)}, where an answer is more likely wrong than right` : ''}).`,
    );
  }
  const named = (cs: readonly SignalContribution[]): string =>
    cs
      .slice(0, 3)
      .map((c) => `${signalLabel(c.name)} (${c.value === null ? 'missing' : c.value.toFixed(2)})`)
      .join('; ');
  if (supporting.length > 0) reasons.push(`High, in its favour: ${named(supporting)}.`);
  if (against.length > 0) reasons.push(`Low, against it: ${named(against)}.`);
  return {
    kind: answer ? 'answer' : 'abstain',
    targetRisk,
    threshold,
    probability: p,
    candidate: result.chosen,
    poolSize,
    band: band === null ? null : bandWords(band),
    headline: answer
      ? `Answer: ${pct(p)} likely right`
      : tied.length > 0
        ? 'These disagree: Confide cannot tell which is right'
        : reaches && ruledOut.length > 0
          ? `Not answered: its result shows ${certain.length > 0 ? 'a mistake' : 'a likely mistake'}`
          : 'Not confident enough to answer',
    reasons,
    smallPool: smallPoolWords(poolSize, band, result.signals),
    supporting,
    against,
    tied,
    findings,
    ruledOut,
  };
}
