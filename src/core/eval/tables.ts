/**
 * The evaluation report as titled tables of text cells, the same sections
 * and columns as `confide eval`'s text output: AUROC per signal with its 95%
 * CI, paired differences, error correlation, the combiner against the raw
 * signals, reliability bins, selective prediction, the certificate, the
 * reliability score RS(c), calibration by pool size, Best-of-N accuracy, and accuracy vs N. The
 * Evaluate screen renders these as HTML tables and the CSV export writes
 * them, so the numbers are formatted once.
 *
 * Conventions (table-cells.ts): three decimals; percentages with one; a
 * statistically undefined value (NaN, or null after a JSON round trip)
 * prints as "NaN"; an absent value prints as "—". The tables about the
 * scores are in tables-signals.ts, those about abstaining in
 * tables-selective.ts; Best-of-N's are here.
 */
import { pct, type ReportTable } from './table-cells.ts';
import { combinerGuardTable, combinerTable, errorCorrelationTables, pairedTable, reliabilityBinsTable, signalsTable } from './tables-signals.ts';
import { certificateTable, poolSizeTable, reliabilityTable, selectiveTable } from './tables-selective.ts';
import type { EvalReport } from './types.ts';

export type { ReportTable };

/**
 * The report's tables, in `confide eval` order.
 *
 * @example
 * reportTables(report).find((t) => t.id === 'signals')!.rows[0]; // ['string_sc', '0.712', '[0.650, 0.771]', '0.104', '972']
 */
export function reportTables(r: EvalReport): ReportTable[] {
  return [
    signalsTable(r),
    pairedTable(r),
    ...errorCorrelationTables(r),
    combinerTable(r),
    combinerGuardTable(r),
    reliabilityBinsTable(r),
    selectiveTable(r),
    certificateTable(r),
    reliabilityTable(r.reliability_score, r.selective),
    ...(r.by_pool_size.length > 0 ? [poolSizeTable(r)] : []),
    selectionTable(r),
    accuracyVsNTable(r),
  ];
}

/** Best-of-N: each strategy's accuracy on the full pools. */
function selectionTable(r: EvalReport): ReportTable {
  return {
    id: 'selection',
    title: 'Best-of-N selection accuracy (full pool)',
    header: ['strategy', 'accuracy'],
    rows: Object.entries(r.selection).map(([s, a]) => [s, pct(a)]),
  };
}

/** Each strategy's mean accuracy on random subsets of each size N. */
function accuracyVsNTable(r: EvalReport): ReportTable {
  const ns = [...new Set(r.accuracy_vs_n.map((p) => p.n))];
  const strategies = [...new Set(r.accuracy_vs_n.map((p) => p.strategy))];
  return {
    id: 'accuracy-vs-n',
    title: 'Accuracy vs N (mean over random subsets of size N)',
    header: ['strategy', ...ns.map((n) => `N=${n}`)],
    rows: strategies.map((s) => [s, ...ns.map((n) => pct(r.accuracy_vs_n.find((p) => p.strategy === s && p.n === n)?.accuracy ?? Number.NaN))]),
  };
}

/**
 * The one-line summary above the tables (questions kept and left out, pool
 * sizes, modal accuracy, bootstrap settings).
 *
 * @example reportSummary(report); // 'Questions: 40 (left out: 0 gold failed, …); …'
 */
export function reportSummary(r: EvalReport): string {
  const ex = r.excluded;
  return (
    `Questions: ${r.n_questions} (left out: ${ex.gold_error} gold failed, ${ex.no_candidates} without candidates, ${ex.unlabeled} unlabeled); ` +
    `candidates per question ${r.pool_size.min}–${r.pool_size.max} (mean ${r.pool_size.mean.toFixed(1)}); ` +
    `modal-answer accuracy ${pct(r.accuracy_modal)}; bootstrap B=${r.bootstrap.B}, seed ${r.bootstrap.seed}. ` +
    labelsSentence(r.labels)
  );
}

/**
 * The labels' rule and source, and the databases they were checked on, in a sentence.
 *
 * @example labelsSentence(report.labels); // 'Labels: rule spider (test-suite-sql-eval exec_eval default (keep_distinct off)), each question checked on 1 database.'
 */
export function labelsSentence(l: EvalReport['labels']): string {
  const d = l.databases;
  if (d.max === 0) return 'Labels: given by the candidate file.';
  const checked =
    d.min === d.max
      ? `each question checked on ${d.max} database${d.max === 1 ? '' : 's'}`
      : `each question checked on ${d.min}–${d.max} databases (${d.several} on more than one)`;
  return `Labels: rule ${l.rule} (${l.source}), ${checked}.`;
}
