/**
 * The report's tables about answering or abstaining (tables.ts): selective
 * prediction, the certificate, the reliability score RS(c) and calibration
 * by pool size.
 */
import { standInWords } from '../profile.ts';
import { f3, pct, selectiveCells, type ReportTable } from './table-cells.ts';
import type { EvalReport, SelectiveRow } from './types.ts';

/** Selective prediction of the combined score and of each signal, at each target risk. */
export function selectiveTable(r: EvalReport): ReportTable {
  return {
    id: 'selective',
    title: 'Selective prediction (threshold chosen on a calibration half, measured on the test half)',
    header: ['scorer', 'target risk', 'coverage', 'risk', 'threshold'],
    rows: [
      ...r.selective.map((s) => ['combined', f3(s.target_risk), ...selectiveCells(s)]),
      ...Object.entries(r.selective_by_signal).flatMap(([n, rows]) => rows.map((s) => [n, f3(s.target_risk), ...selectiveCells(s)])),
    ],
  };
}

/** The distribution-free certificate at each target risk. */
export function certificateTable(r: EvalReport): ReportTable {
  const cert = r.certificate;
  return {
    id: 'certificate',
    title: `Distribution-free certificate (${cert.scorer}; Bonferroni over ${cert.grid}, δ=${cert.delta}, exact Clopper–Pearson; test half n=${cert.n_test})`,
    header: ['target risk', 'certified', 'coverage', 'risk', 'upper bound', 'threshold'],
    rows: cert.targets.map((t) =>
      t.certified ? [f3(t.target), 'yes', pct(t.coverage), pct(t.risk), f3(t.upper), f3(t.threshold)] : [f3(t.target), 'no', '', '', '', ''],
    ),
  };
}

/**
 * TrustSQL's RS(c) on the test half: one row per target risk (its selective
 * threshold, coverage and risk; none answers nothing), then the best RS(10)
 * threshold of the calibration half.
 */
export function reliabilityTable(rs: EvalReport['reliability_score'], selective: readonly SelectiveRow[]): ReportTable {
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
export function poolSizeTable(r: EvalReport): ReportTable {
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
