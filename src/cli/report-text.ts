/**
 * The evaluation report as text tables, shaped like the study's: AUROC per
 * signal with 95% CI (Table 1/2), paired differences, the combiner next to
 * the raw signals' ECE (Table 5), selective prediction (Table 6), the
 * certificate, and Best-of-N accuracy (GradeSQL).
 */
import type { EvalReport, SelectiveRow } from '../core/eval/types.ts';

const f3 = (x: number | null | undefined): string => (x === null || x === undefined ? '—' : Number.isNaN(x) ? 'NaN' : x.toFixed(3));
const signed = (x: number): string => (Number.isNaN(x) ? 'NaN' : (x >= 0 ? '+' : '') + x.toFixed(3));
const ci = (c: readonly [number, number]): string => `[${f3(c[0])}, ${f3(c[1])}]`;
const pct = (x: number): string => (Number.isNaN(x) ? 'NaN' : `${(100 * x).toFixed(1)}%`);

/** Renders rows as an aligned table with a header rule. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, j) => Math.max(h.length, ...rows.map((r) => (r[j] ?? '').length)));
  const line = (cells: readonly string[]): string => cells.map((c, j) => (j === 0 ? c.padEnd(widths[j]!) : c.padStart(widths[j]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function selectiveCells(r: SelectiveRow): string[] {
  return 'none' in r ? ['none (no valid subset)', '', ''] : [pct(r.coverage), pct(r.risk), f3(r.threshold)];
}

/** The whole report as text. */
export function reportText(r: EvalReport): string {
  const out: string[] = [];
  const ex = r.excluded;
  out.push(
    `Questions: ${r.n_questions} (left out: ${ex.gold_error} gold failed, ${ex.no_candidates} without candidates, ${ex.unlabeled} unlabeled); ` +
      `candidates per question ${r.pool_size.min}–${r.pool_size.max} (mean ${r.pool_size.mean.toFixed(1)}); ` +
      `modal-answer accuracy ${pct(r.accuracy_modal)}; bootstrap B=${r.bootstrap.B}, seed ${r.bootstrap.seed}.`,
  );
  out.push('', 'AUROC per signal (modal answer; midrank, ties count one half; 95% paired percentile bootstrap CI)');
  const names = Object.keys(r.signals);
  out.push(table(['signal', 'AUROC', '95% CI', 'ECE', 'n'], names.map((n) => {
    const s = r.signals[n]!;
    return [n, f3(s.auroc), ci(s.ci), f3(s.ece), String(s.n)];
  })));
  out.push('', 'Paired AUROC differences (a − b, same resamples)');
  out.push(table(['a', 'b', 'diff', '95% CI', 'n'], r.paired.map((p) => [p.a, p.b, signed(p.diff), ci(p.ci), String(p.n)])));
  if (r.error_correlation.length > 0) {
    out.push('', 'Correlation of errors (Pearson r of y − score)');
    out.push(table(['a', 'b', 'r'], r.error_correlation.map((e) => [e.a, e.b, f3(e.r)])));
  }
  const c = r.combiner;
  out.push('', `Cross-fit logistic combiner (${c.group ? `leave-one-${c.group}-out, ${c.folds} groups` : `${c.folds} folds by question`}; out-of-fold probabilities)`);
  out.push(table(['scorer', 'AUROC', '95% CI', 'ECE', 'MCE', 'Brier'], [
    ['combined', f3(c.auroc), ci(c.ci), f3(c.ece), f3(c.mce), f3(c.brier)],
    ...names.map((n) => [n + ' (raw)', f3(r.signals[n]!.auroc), ci(r.signals[n]!.ci), f3(r.signals[n]!.ece), '', '']),
  ]));
  if (c.vs_best) out.push(`combined − ${c.best_single}: ${signed(c.vs_best.diff)} ${ci(c.vs_best.ci)}`);
  out.push('', 'Reliability of the combined score (10 equal-width bins)');
  out.push(table(['bin', 'count', 'mean conf', 'accuracy'], c.reliability.map((b) => [`[${b.lo.toFixed(1)}, ${b.hi.toFixed(1)})`, String(b.count), f3(b.meanConfidence), f3(b.accuracy)])));
  out.push('', 'Selective prediction (threshold chosen on a calibration half, measured on the test half)');
  const sigRows = Object.entries(r.selective_by_signal);
  out.push(table(['scorer', 'target risk', 'coverage', 'risk', 'threshold'], [
    ...r.selective.map((s) => ['combined', f3(s.target_risk), ...selectiveCells(s)]),
    ...sigRows.flatMap(([n, rows]) => rows.map((s) => [n, f3(s.target_risk), ...selectiveCells(s)])),
  ]));
  const cert = r.certificate;
  out.push('', `Distribution-free certificate (${cert.scorer}; Bonferroni over ${cert.grid}, δ=${cert.delta}, exact Clopper–Pearson; test half n=${cert.n_test})`);
  out.push(table(['target risk', 'certified', 'coverage', 'risk', 'upper bound', 'threshold'], cert.targets.map((t) =>
    t.certified ? [f3(t.target), 'yes', pct(t.coverage), pct(t.risk), f3(t.upper), f3(t.threshold)] : [f3(t.target), 'no', '', '', '', ''],
  )));
  out.push('', 'Best-of-N selection accuracy (full pool)');
  out.push(table(['strategy', 'accuracy'], Object.entries(r.selection).map(([s, a]) => [s, pct(a)])));
  const ns = [...new Set(r.accuracy_vs_n.map((p) => p.n))];
  const strategies = [...new Set(r.accuracy_vs_n.map((p) => p.strategy))];
  out.push('', 'Accuracy vs N (mean over random subsets of size N)');
  out.push(table(['strategy', ...ns.map((n) => `N=${n}`)], strategies.map((s) => [s, ...ns.map((n) => pct(r.accuracy_vs_n.find((p) => p.strategy === s && p.n === n)?.accuracy ?? NaN))])));
  return out.join('\n');
}
