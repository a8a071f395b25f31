/**
 * The reliability score in plain words, for the Evaluate screen beside the
 * risk–coverage curves: what answering at each risk level would earn on the
 * test half if a right answer earns a point and a wrong one costs c, and the
 * threshold that earns most when a wrong answer costs ten right ones. Reads
 * the report's figures only (nothing recomputed); numbers formatted as in the
 * tables (three decimals, percentages with one). The thresholds are this
 * run's, fit on its calibration half; the floor is stated as Ask states it
 * (never below P 0.50), and a threshold under it is named as one Ask would
 * not use, not as what Confide answers at.
 */
import { riskWording } from '../pipeline/decide.ts';
import { P_FLOOR } from '../profile.ts';
import type { ReliabilityReport } from './types.ts';

const f3 = (x: number): string => (Number.isFinite(x) ? x.toFixed(3) : 'n/a');
const pct = (x: number): string => (Number.isFinite(x) ? `${(100 * x).toFixed(1)}%` : 'n/a');

/** What a cost c means, in words (after a sentence that named wrong answers). */
function costWords(c: number, n: number): string {
  if (c === 0) return 'when wrong answers cost nothing';
  if (c === n) return `when each costs as much as all ${n} right`;
  return `when each costs ${c} right ones`;
}

/**
 * Sentences, in reading order: the scoring rule, the best threshold at
 * c = 10, then one sentence per risk level.
 *
 * @example
 * reliabilityWords(report.reliability_score)[1];
 * // 'If each wrong answer costs 10 right ones, the threshold that scored best on the calibration half is P ≥ 0.972: on the 242 test questions it answers 52.5% of them, 0.0% of those wrong, and earns 0.525 a question (answering nothing earns 0).'
 */
export function reliabilityWords(rs: ReliabilityReport): string[] {
  const n = rs.n_test;
  const b = rs.best;
  const rule = `Score each answer +1 when it is right and −c when it is wrong, and an abstention 0: the mean over the ${n} test questions is TrustSQL's reliability score RS(c). It says which threshold pays once you know what a wrong answer costs.`;
  const cost = `If each wrong answer costs ${b.c} right ones`;
  const best =
    b.threshold === null
      ? `${cost}, no threshold on the calibration half earned more than answering nothing, so the best is not to answer (0 a question).`
      : `${cost}, the threshold that scored best on the calibration half is P ≥ ${f3(b.threshold)}: on the ${n} test questions it answers ${pct(b.coverage)} of them, ${b.answered === 0 ? 'none' : `${pct(b.risk)} of those wrong`}, and earns ${f3(b.value)} a question (answering nothing earns 0).${b.threshold < P_FLOOR ? ` Ask never answers below P ${P_FLOOR.toFixed(2)}, so it would not use this threshold.` : ''}`;
  const targets = [...new Set(rs.entries.map((e) => e.target_risk))];
  const floor = P_FLOOR.toFixed(2);
  const levels = targets.map((t) => {
    const at = rs.entries.filter((e) => e.target_risk === t);
    const threshold = at[0]?.threshold ?? null;
    const earns = list(at.map((e, k) => `${f3(e.value)}${k === 0 ? ' a question' : ''} ${costWords(e.c, n)}`));
    if (threshold === null) return `"${riskWording(t, null)}": it abstains on every question, 0 at any cost.`;
    if (threshold < P_FLOOR) {
      return `"${riskWording(t)}": this run's calibration half puts its threshold at P ${threshold.toFixed(2)}, below P ${floor}, which Ask never answers under (nor does a profile saved from this run); at P ${threshold.toFixed(2)} it would earn ${earns}.`;
    }
    return `"${riskWording(t)}" (on this run's calibration half, answering when P ≥ ${threshold.toFixed(2)}; never below P ${floor}, as in Ask) earns ${earns}.`;
  });
  return [rule, best, ...levels];
}

const list = (items: readonly string[]): string => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
