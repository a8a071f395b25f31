/**
 * TrustSQL's reliability score (Lee et al., "TrustSQL: Benchmarking
 * Text-to-SQL Reliability with Penalty-Based Scoring", arXiv 2403.15879) for
 * the rule "answer when score ≥ threshold, abstain otherwise".
 *
 * Each of the N questions scores +1 when answered right, −c when answered
 * wrong and 0 when abstained on; RS(c) is the mean:
 *   RS(c) = (right − c·wrong) / N,
 * computed in that order from the integer counts (so any implementation gets
 * the same double). Every benchmark question here has an answer, so
 * TrustSQL's terms for infeasible questions do not arise. RS(0) is the share
 * answered right; with c = N one wrong answer costs as much as answering all
 * N right. A question whose score is missing (`NaN`) is abstained on and
 * still counts in N; a `null` threshold answers nothing (RS = 0).
 *
 * The best threshold for a cost c ({@link bestReliabilityThreshold}) is chosen
 * among "answer nothing" and every distinct score, highest first; on ties
 * the higher threshold (fewer answers) is kept.
 */
import { sameLength, toBinary, type Labels, type Scores } from './labels.ts';

/** What answering at one threshold does on a set of questions. */
export interface AnswerCounts {
  /** Questions, including those with a missing score. */
  readonly n: number;
  readonly answered: number;
  readonly wrong: number;
}

/**
 * The counts of "answer when score ≥ threshold" (`null`: answer nothing).
 *
 * @example
 * answerCounts([0.9, 0.4, NaN], [1, 0, 1], 0.5); // { n: 3, answered: 1, wrong: 0 }
 */
export function answerCounts(scores: Scores, labels: Labels, threshold: number | null): AnswerCounts {
  sameLength('answerCounts', scores, labels);
  const y = toBinary(labels);
  let answered = 0;
  let wrong = 0;
  if (threshold !== null) {
    for (let i = 0; i < scores.length; i++) {
      if ((scores[i] as number) >= threshold) {
        answered++;
        wrong += 1 - (y[i] as number);
      }
    }
  }
  return { n: scores.length, answered, wrong };
}

/**
 * RS(c) = (right − c·wrong) / n of some counts; `NaN` when n = 0.
 * `RangeError` when c is negative or not finite.
 *
 * @example
 * reliabilityScore({ n: 10, answered: 6, wrong: 1 }, 10); // (5 − 10) / 10 = −0.5
 */
export function reliabilityScore(counts: AnswerCounts, c: number): number {
  if (!(c >= 0 && Number.isFinite(c))) throw new RangeError(`reliabilityScore: the cost c must be a finite number ≥ 0, got ${c}`);
  if (counts.n === 0) return NaN;
  const right = counts.answered - counts.wrong;
  return (right - c * counts.wrong) / counts.n;
}

/**
 * The threshold with the highest RS(c) on these questions (see the module
 * comment): `null` (answer nothing, RS = 0) unless some distinct score does
 * strictly better.
 *
 * @example
 * bestReliabilityThreshold([0.9, 0.8, 0.3], [1, 1, 0], 10); // { threshold: 0.8, value: 2/3 }
 */
export function bestReliabilityThreshold(scores: Scores, labels: Labels, c: number): { threshold: number | null; value: number } {
  sameLength('bestReliabilityThreshold', scores, labels);
  const y = toBinary(labels);
  const n = scores.length;
  const present: number[] = [];
  for (let i = 0; i < n; i++) if (!Number.isNaN(scores[i])) present.push(i);
  const s = (i: number): number => scores[i] as number;
  present.sort((i, j) => (s(i) === s(j) ? 0 : s(j) - s(i)));
  let best: { threshold: number | null; value: number } = { threshold: null, value: reliabilityScore({ n, answered: 0, wrong: 0 }, c) };
  let answered = 0;
  let wrong = 0;
  for (let k = 0; k < present.length; k++) {
    answered++;
    wrong += 1 - (y[present[k] as number] as number);
    if (k < present.length - 1 && s(present[k + 1] as number) === s(present[k] as number)) continue;
    const value = reliabilityScore({ n, answered, wrong }, c);
    if (value > best.value) best = { threshold: s(present[k] as number), value };
  }
  return best;
}
