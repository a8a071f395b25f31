/**
 * The report's tables about the scores themselves (tables.ts): AUROC per
 * signal, paired differences, error correlation, the combiner against the
 * raw signals, what the combiner kept, and its reliability bins.
 */
import { ci, f3, signed, type ReportTable } from './table-cells.ts';
import type { EvalReport } from './types.ts';

/** AUROC per signal with its interval, ECE and count. */
export function signalsTable(r: EvalReport): ReportTable {
  return {
    id: 'signals',
    title: 'AUROC per signal (modal answer; midrank, ties count one half; 95% paired percentile bootstrap CI)',
    header: ['signal', 'AUROC', '95% CI', 'ECE', 'n'],
    rows: Object.keys(r.signals).map((n) => {
      const s = r.signals[n]!;
      return [n, f3(s.auroc), ci(s.ci), s.ece === null ? '—' : f3(s.ece), String(s.n)];
    }),
  };
}

/** Every pair of signals' AUROC difference on the same resamples. */
export function pairedTable(r: EvalReport): ReportTable {
  return {
    id: 'paired',
    title: 'Paired AUROC differences (a − b, same resamples)',
    header: ['a', 'b', 'diff', '95% CI', 'n'],
    rows: r.paired.map((p) => [p.a, p.b, signed(p.diff), ci(p.ci), String(p.n)]),
  };
}

/** The correlation of the signals' errors; none when the report has none. */
export function errorCorrelationTables(r: EvalReport): ReportTable[] {
  if (r.error_correlation.length === 0) return [];
  return [
    {
      id: 'error-correlation',
      title: 'Correlation of errors (Pearson r of y − score)',
      header: ['a', 'b', 'r'],
      rows: r.error_correlation.map((e) => [e.a, e.b, f3(e.r)]),
    },
  ];
}

/** The combiner against each raw signal and against the best one. */
export function combinerTable(r: EvalReport): ReportTable {
  const c = r.combiner;
  return {
    id: 'combiner',
    title: `Cross-fit logistic combiner (${c.group ? `leave-one-${c.group}-out, ${c.folds} groups` : `${c.folds} folds by question`}; out-of-fold probabilities)`,
    header: ['scorer', 'AUROC', '95% CI', 'ECE', 'MCE', 'Brier'],
    rows: [
      ['combined', f3(c.auroc), ci(c.ci), f3(c.ece), f3(c.mce), f3(c.brier)],
      ...Object.keys(r.signals).map((n) => [
        `${n} (raw)`,
        f3(r.signals[n]!.auroc),
        ci(r.signals[n]!.ci),
        r.signals[n]!.ece === null ? '—' : f3(r.signals[n]!.ece),
        '',
        '',
      ]),
      ...(c.vs_best ? [[`combined − ${c.best_single}`, signed(c.vs_best.diff), ci(c.vs_best.ci), '', '', '']] : []),
    ],
  };
}

/** What the guarded combiner kept, in one row. */
export function combinerGuardTable(r: EvalReport): ReportTable {
  return {
    id: 'combiner-guard',
    title: 'What the combiner kept (guarded: constant signals dropped, best single signal as anchor, λ by inner cross-validation)',
    header: ['kept on all questions', 'folds (combined / single / constant)', 'dropped', 'verdict'],
    rows: [guardCells(r.combiner)],
  };
}

/** The combined score's reliability bins. */
export function reliabilityBinsTable(r: EvalReport): ReportTable {
  return {
    id: 'reliability',
    title: 'Reliability of the combined score (10 equal-width bins)',
    header: ['bin', 'count', 'mean conf', 'accuracy'],
    rows: r.combiner.reliability.map((b) => [`[${b.lo.toFixed(1)}, ${b.hi.toFixed(1)})`, String(b.count), f3(b.meanConfidence), f3(b.accuracy)]),
  };
}

/** What the guarded combiner kept and whether it beats its best input, as table cells. */
function guardCells(c: EvalReport['combiner']): string[] {
  const g = c.guard;
  const kept = g.kind === 'combined' ? `combination anchored on ${g.anchor} (λ ${g.lambda})` : g.kind === 'single' ? `${g.anchor} alone` : 'constant';
  const verdict = c.no_better_than_best ? `no better than its best input (${c.best_single})` : `better than its best input (${c.best_single})`;
  return [kept, `${g.folds_combined} / ${g.folds_single} / ${g.folds_constant}`, g.dropped.join(', ') || '—', verdict];
}
