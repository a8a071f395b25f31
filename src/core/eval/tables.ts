/**
 * The evaluation report as titled tables of text cells, the same sections
 * and columns as `confide eval`'s text output: AUROC per signal with its 95%
 * CI, paired differences, error correlation, the combiner against the raw
 * signals, reliability bins, selective prediction, the certificate, the
 * reliability score RS(c), calibration by pool size, Best-of-N accuracy, and accuracy vs N. The
 * Evaluate screen renders these as HTML tables and the CSV export writes
 * them, so the numbers are formatted once.
 *
 * Conventions: three decimals; percentages with one; a statistically
 * undefined value (NaN, or null after a JSON round trip) prints as "NaN"; an
 * absent value prints as "—".
 */
import { standInWords } from '../profile.ts';
import type { EvalReport, SelectiveRow } from './types.ts';

export interface ReportTable {
  /** Stable id for anchors and file names (`signals`, `selective` …). */
  readonly id: string;
  readonly title: string;
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

const isMissing = (x: number | null | undefined): boolean => x === null || x === undefined || Number.isNaN(x);
const f3 = (x: number | null | undefined): string => (x === undefined ? '—' : isMissing(x) ? 'NaN' : (x as number).toFixed(3));
const signed = (x: number | null): string => (isMissing(x) ? 'NaN' : ((x as number) >= 0 ? '+' : '') + (x as number).toFixed(3));
const ci = (c: readonly [number | null, number | null]): string => `[${f3(c[0])}, ${f3(c[1])}]`;
const pct = (x: number | null | undefined): string => (isMissing(x) ? 'NaN' : `${(100 * (x as number)).toFixed(1)}%`);

function selectiveCells(r: SelectiveRow): string[] {
  return 'none' in r ? ['none (no valid subset)', '', ''] : [pct(r.coverage), pct(r.risk), f3(r.threshold)];
}

/**
 * The report's tables, in `confide eval` order.
 *
 * @example
 * reportTables(report).find((t) => t.id === 'signals')!.rows[0]; // ['string_sc', '0.712', '[0.650, 0.771]', '0.104', '972']
 */
export function reportTables(r: EvalReport): ReportTable[] {
  const names = Object.keys(r.signals);
  const c = r.combiner;
  const ns = [...new Set(r.accuracy_vs_n.map((p) => p.n))];
  const strategies = [...new Set(r.accuracy_vs_n.map((p) => p.strategy))];
  const cert = r.certificate;
  const tables: ReportTable[] = [
    {
      id: 'signals',
      title: 'AUROC per signal (modal answer; midrank, ties count one half; 95% paired percentile bootstrap CI)',
      header: ['signal', 'AUROC', '95% CI', 'ECE', 'n'],
      rows: names.map((n) => {
        const s = r.signals[n]!;
        return [n, f3(s.auroc), ci(s.ci), s.ece === null ? '—' : f3(s.ece), String(s.n)];
      }),
    },
    {
      id: 'paired',
      title: 'Paired AUROC differences (a − b, same resamples)',
      header: ['a', 'b', 'diff', '95% CI', 'n'],
      rows: r.paired.map((p) => [p.a, p.b, signed(p.diff), ci(p.ci), String(p.n)]),
    },
  ];
  if (r.error_correlation.length > 0) {
    tables.push({
      id: 'error-correlation',
      title: 'Correlation of errors (Pearson r of y − score)',
      header: ['a', 'b', 'r'],
      rows: r.error_correlation.map((e) => [e.a, e.b, f3(e.r)]),
    });
  }
  tables.push(
    {
      id: 'combiner',
      title: `Cross-fit logistic combiner (${c.group ? `leave-one-${c.group}-out, ${c.folds} groups` : `${c.folds} folds by question`}; out-of-fold probabilities)`,
      header: ['scorer', 'AUROC', '95% CI', 'ECE', 'MCE', 'Brier'],
      rows: [
        ['combined', f3(c.auroc), ci(c.ci), f3(c.ece), f3(c.mce), f3(c.brier)],
        ...names.map((n) => [`${n} (raw)`, f3(r.signals[n]!.auroc), ci(r.signals[n]!.ci), r.signals[n]!.ece === null ? '—' : f3(r.signals[n]!.ece), '', '']),
        ...(c.vs_best ? [[`combined − ${c.best_single}`, signed(c.vs_best.diff), ci(c.vs_best.ci), '', '', '']] : []),
      ],
    },
    {
      id: 'combiner-guard',
      title: 'What the combiner kept (guarded: constant signals dropped, best single signal as anchor, λ by inner cross-validation)',
      header: ['kept on all questions', 'folds (combined / single / constant)', 'dropped', 'verdict'],
      rows: [guardCells(c)],
    },
    {
      id: 'reliability',
      title: 'Reliability of the combined score (10 equal-width bins)',
      header: ['bin', 'count', 'mean conf', 'accuracy'],
      rows: c.reliability.map((b) => [`[${b.lo.toFixed(1)}, ${b.hi.toFixed(1)})`, String(b.count), f3(b.meanConfidence), f3(b.accuracy)]),
    },
    {
      id: 'selective',
      title: 'Selective prediction (threshold chosen on a calibration half, measured on the test half)',
      header: ['scorer', 'target risk', 'coverage', 'risk', 'threshold'],
      rows: [
        ...r.selective.map((s) => ['combined', f3(s.target_risk), ...selectiveCells(s)]),
        ...Object.entries(r.selective_by_signal).flatMap(([n, rows]) => rows.map((s) => [n, f3(s.target_risk), ...selectiveCells(s)])),
      ],
    },
    {
      id: 'certificate',
      title: `Distribution-free certificate (${cert.scorer}; Bonferroni over ${cert.grid}, δ=${cert.delta}, exact Clopper–Pearson; test half n=${cert.n_test})`,
      header: ['target risk', 'certified', 'coverage', 'risk', 'upper bound', 'threshold'],
      rows: cert.targets.map((t) =>
        t.certified ? [f3(t.target), 'yes', pct(t.coverage), pct(t.risk), f3(t.upper), f3(t.threshold)] : [f3(t.target), 'no', '', '', '', ''],
      ),
    },
    reliabilityTable(r.reliability_score, r.selective),
    ...(r.by_pool_size.length > 0 ? [poolSizeTable(r)] : []),
    {
      id: 'selection',
      title: 'Best-of-N selection accuracy (full pool)',
      header: ['strategy', 'accuracy'],
      rows: Object.entries(r.selection).map(([s, a]) => [s, pct(a)]),
    },
    {
      id: 'accuracy-vs-n',
      title: 'Accuracy vs N (mean over random subsets of size N)',
      header: ['strategy', ...ns.map((n) => `N=${n}`)],
      rows: strategies.map((s) => [s, ...ns.map((n) => pct(r.accuracy_vs_n.find((p) => p.strategy === s && p.n === n)?.accuracy ?? Number.NaN))]),
    },
  );
  return tables;
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

/**
 * TrustSQL's RS(c) on the test half: one row per target risk (its selective
 * threshold, coverage and risk; none answers nothing), then the best RS(10)
 * threshold of the calibration half.
 */
function reliabilityTable(rs: EvalReport['reliability_score'], selective: readonly SelectiveRow[]): ReportTable {
  const valuesAt = (find: (c: number) => number | undefined): string[] => rs.costs.map((c) => f3(find(c)));
  const threshold = (t: number | null): string => (t === null ? 'none (answers nothing)' : f3(t));
  const targets = [...new Set(rs.entries.map((e) => e.target_risk))];
  const b = rs.best;
  return {
    id: 'reliability-score',
    title: `Reliability score RS(c) (${rs.scorer}; TrustSQL: +1 right, −c wrong, 0 abstained, mean over the test half n=${rs.n_test}; c=${rs.n_test}: one wrong answer costs as much as all right)`,
    header: ['operating point', 'threshold', 'coverage', 'risk', ...rs.costs.map((c) => `RS(${c})`)],
    rows: [
      ...targets.map((t) => {
        const at = rs.entries.filter((e) => e.target_risk === t);
        const row = selective.find((s) => s.target_risk === t);
        const measured = row === undefined || 'none' in row ? ['', ''] : [pct(row.coverage), pct(row.risk)];
        return [`target risk ${f3(t)}`, threshold(at[0]?.threshold ?? null), ...measured, ...valuesAt((c) => at.find((e) => e.c === c)?.value)];
      }),
      [
        `best RS(${b.c}) on the calibration half`,
        threshold(b.threshold),
        pct(b.coverage),
        pct(b.risk),
        ...valuesAt((c) => b.by_cost.find((e) => e.c === c)?.value),
      ],
    ],
  };
}

/**
 * Calibration by pool size: the profile's band for each size, on the pools
 * cut to 1, 2, 4, 8 candidates and whole (out-of-fold), with coverage and
 * risk on the test half at each target risk's threshold.
 */
function poolSizeTable(r: EvalReport): ReportTable {
  const risks = r.by_pool_size[0]?.at.map((a) => a.target_risk) ?? [];
  const last = r.profile.bands.at(-1);
  const standIn = last === undefined ? null : standInWords(last);
  return {
    id: 'by-pool-size',
    title: `Calibration by pool size (each question's pool cut to N candidates; the profile's band for N, out of fold; coverage / risk on the test half)${standIn === null ? '' : `; ${standIn}`}`,
    header: ['N', 'band', 'questions', 'accuracy', 'ECE', ...risks.map((t) => `risk ≤ ${f3(t)}: coverage / risk (P ≥)`)],
    rows: r.by_pool_size.map((row) => [
      String(row.size),
      row.band,
      String(row.questions),
      pct(row.accuracy),
      f3(row.ece),
      ...row.at.map((a) => (a.threshold === null ? 'never answers' : `${pct(a.coverage)} / ${pct(a.risk)} (${f3(a.threshold)})`)),
    ]),
  };
}

/** What the guarded combiner kept and whether it beats its best input, as table cells. */
function guardCells(c: EvalReport['combiner']): string[] {
  const g = c.guard;
  const kept = g.kind === 'combined' ? `combination anchored on ${g.anchor} (λ ${g.lambda})` : g.kind === 'single' ? `${g.anchor} alone` : 'constant';
  const verdict = c.no_better_than_best ? `no better than its best input (${c.best_single})` : `better than its best input (${c.best_single})`;
  return [kept, `${g.folds_combined} / ${g.folds_single} / ${g.folds_constant}`, g.dropped.join(', ') || '—', verdict];
}
