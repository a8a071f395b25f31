/**
 * Risk–coverage: answer the questions whose score is at least a threshold,
 * abstain on the rest.
 *
 * Curve: sort by score descending; one point per distinct score t (tied
 * questions enter together, as one step): answered = #{score ≥ t},
 * coverage = answered / n, selective risk = wrong answered / answered. n is
 * the number of questions with a present score (`NaN` scores are dropped).
 * AURC integrates the step function risk(coverage) with the right-endpoint
 * rule: AURC = Σ_k (coverage_k − coverage_{k−1})·risk_k, coverage_0 = 0.
 * Without ties this is (1/n)·Σ_{i=1..n} risk(i/n), Geifman & El-Yaniv's AURC.
 */
import { sameLength, toBinary, type Labels, type Scores } from './labels.ts';
import type { Rng } from './rng.ts';

/** One step of the curve. */
export interface RiskCoveragePoint {
  readonly threshold: number;
  readonly answered: number;
  readonly coverage: number;
  readonly risk: number;
}

/** The curve in order of increasing coverage, and its area. */
export interface RiskCoverageCurve {
  readonly points: readonly RiskCoveragePoint[];
  /** Area under the curve; `NaN` when no score is present. */
  readonly aurc: number;
  readonly n: number;
}

/**
 * The full risk–coverage curve and AURC (see the module comment).
 *
 * @example
 * riskCoverage([0.9, 0.8, 0.8, 0.1], [1, 1, 0, 0]).points;
 * // [{threshold: 0.9, answered: 1, coverage: 0.25, risk: 0},
 * //  {threshold: 0.8, answered: 3, coverage: 0.75, risk: 1/3},
 * //  {threshold: 0.1, answered: 4, coverage: 1, risk: 0.5}]
 */
export function riskCoverage(scores: Scores, labels: Labels): RiskCoverageCurve {
  sameLength('riskCoverage', scores, labels);
  const y = toBinary(labels);
  const present: number[] = [];
  for (let i = 0; i < scores.length; i++) if (!Number.isNaN(scores[i])) present.push(i);
  const s = (i: number): number => scores[i] as number;
  present.sort((i, j) => (s(i) === s(j) ? 0 : s(j) - s(i)));
  const n = present.length;
  const points: RiskCoveragePoint[] = [];
  let wrong = 0;
  let aurc = 0;
  for (let k = 0; k < n; k++) {
    wrong += 1 - y[present[k]!]!;
    if (k < n - 1 && s(present[k + 1]!) === s(present[k]!)) continue;
    const answered = k + 1;
    const coverage = answered / n;
    const risk = wrong / answered;
    aurc += (coverage - (points.at(-1)?.coverage ?? 0)) * risk;
    points.push({ threshold: s(present[k]!), answered, coverage, risk });
  }
  return { points, aurc: n === 0 ? NaN : aurc, n };
}

/** The outcome at one target risk: a threshold, or none (no valid subset). */
export type SelectiveResult =
  | {
      readonly target: number;
      readonly none: false;
      /** Chosen on the calibration half. */
      readonly threshold: number;
      readonly calibrationCoverage: number;
      readonly calibrationRisk: number;
      /** Measured on the test half (questions with a present score). */
      readonly answered: number;
      readonly coverage: number;
      /** `NaN` when no test question reaches the threshold. */
      readonly risk: number;
    }
  | { readonly target: number; readonly none: true };

/**
 * Selective prediction at target risks: on the calibration half, the LOWEST
 * threshold (distinct calibration score) whose selective risk is ≤ target,
 * i.e. the maximum coverage meeting it; then coverage and risk of
 * "answer when score ≥ threshold" on the disjoint test half. `{none: true}`
 * when no calibration threshold meets the target ("none (no valid subset)").
 *
 * @example
 * const { cal, test } = splitHalf(n, createRng(3));
 * selectiveAtRisk(pick(p, cal), pick(y, cal), pick(p, test), pick(y, test));
 * // [{target: 0.1, none: true}, {target: 0.2, none: false, coverage: 0.09, risk: 0.14, …}, …]
 */
export function selectiveAtRisk(
  scoresCal: Scores,
  labelsCal: Labels,
  scoresTest: Scores,
  labelsTest: Labels,
  targets: readonly number[] = [0.1, 0.2, 0.3, 0.4],
): SelectiveResult[] {
  sameLength('selectiveAtRisk(test)', scoresTest, labelsTest);
  const curve = riskCoverage(scoresCal, labelsCal);
  const yTest = toBinary(labelsTest);
  return targets.map((target): SelectiveResult => {
    const valid = curve.points.filter((p) => p.risk <= target);
    const best = valid.at(-1); // points run from high to low threshold
    if (!best) return { target, none: true };
    let n = 0;
    let answered = 0;
    let wrong = 0;
    for (let i = 0; i < scoresTest.length; i++) {
      const v = scoresTest[i] as number;
      if (Number.isNaN(v)) continue;
      n++;
      if (v >= best.threshold) {
        answered++;
        wrong += 1 - yTest[i]!;
      }
    }
    return {
      target,
      none: false,
      threshold: best.threshold,
      calibrationCoverage: best.coverage,
      calibrationRisk: best.risk,
      answered,
      coverage: n === 0 ? NaN : answered / n,
      risk: answered === 0 ? NaN : wrong / answered,
    };
  });
}

/**
 * A seeded split of question indices 0…n−1 into a calibration half of
 * ⌊n/2⌋ and a test half of the rest, each sorted ascending.
 *
 * @example
 * splitHalf(5, createRng(1)); // { cal: [0, 3], test: [1, 2, 4] }
 */
export function splitHalf(n: number, rng: Rng): { cal: number[]; test: number[] } {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`splitHalf: n must be a non-negative integer, got ${n}`);
  const perm = rng.shuffle(Array.from({ length: n }, (_, i) => i));
  const half = Math.floor(n / 2);
  return { cal: perm.slice(0, half).sort((a, b) => a - b), test: perm.slice(half).sort((a, b) => a - b) };
}
