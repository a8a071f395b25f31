/** Report rows for selective prediction, the certificate and the reliability score. */
import {
  answerCounts,
  bestReliabilityThreshold,
  reliabilityScore,
  type AnswerCounts,
  type Certificate,
  type Labels,
  type Scores,
  type SelectiveResult,
} from '../stats/index.ts';
import type { CertificateReport, ReliabilityOutcome, ReliabilityReport, SelectiveRow } from './types.ts';

/** `selectiveAtRisk` results as report rows (`{none: true}` = "none (no valid subset)"). */
export function selectiveRows(results: readonly SelectiveResult[]): SelectiveRow[] {
  return results.map((r) =>
    r.none
      ? { target_risk: r.target, none: true as const }
      : { target_risk: r.target, threshold: r.threshold, coverage: r.coverage, risk: r.risk, answered: r.answered },
  );
}

/** A certificate as a report entry (the per-grid bounds are left out; they are long). */
export function certificateFor(scorer: string, c: Certificate, grid: string): CertificateReport {
  return { scorer, delta: c.delta, n_test: c.n, grid, targets: c.targets };
}

/** The cost whose best operating point the report names. */
export const BEST_RS_COST = 10;

function outcome(k: AnswerCounts, c: number): ReliabilityOutcome {
  return {
    answered: k.answered,
    coverage: k.n === 0 ? NaN : k.answered / k.n,
    risk: k.answered === 0 ? NaN : k.wrong / k.answered,
    value: reliabilityScore(k, c),
  };
}

/**
 * TrustSQL's RS(c) for one scorer (stats/reliability-score) at c = 0, 10 and
 * N (the test half's size; once when N is 10): at each selective row's threshold (a row with no
 * threshold answers nothing), and at the threshold with the best RS(10) on
 * the calibration half, all measured on the test half.
 *
 * @example
 * reliabilityFor('combined', selective, pick(p, cal), pick(y, cal), pick(p, test), pick(y, test)).best.threshold;
 */
export function reliabilityFor(
  scorer: string,
  rows: readonly SelectiveRow[],
  scoresCal: Scores,
  labelsCal: Labels,
  scoresTest: Scores,
  labelsTest: Labels,
): ReliabilityReport {
  const n = scoresTest.length;
  const costs = [...new Set([0, BEST_RS_COST, n])];
  const entries = rows.flatMap((r) => {
    const threshold = 'none' in r ? null : r.threshold;
    const k = answerCounts(scoresTest, labelsTest, threshold);
    return costs.map((c) => ({ target_risk: r.target_risk, threshold, c, value: reliabilityScore(k, c) }));
  });
  const chosen = bestReliabilityThreshold(scoresCal, labelsCal, BEST_RS_COST);
  const test = answerCounts(scoresTest, labelsTest, chosen.threshold);
  return {
    scorer,
    n_test: n,
    costs,
    entries,
    best: {
      c: BEST_RS_COST,
      threshold: chosen.threshold,
      ...outcome(test, BEST_RS_COST),
      by_cost: costs.map((c) => ({ c, value: reliabilityScore(test, c) })),
      calibration: outcome(answerCounts(scoresCal, labelsCal, chosen.threshold), BEST_RS_COST),
    },
  };
}
