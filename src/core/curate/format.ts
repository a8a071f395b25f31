/**
 * The curation report as a Markdown table, for terminals and files.
 * Shares print with one decimal as percentages; `NaN` prints as `n/a`.
 */
import type { CurationReport, Tally } from './report.ts';

const pct = (x: number): string => (Number.isNaN(x) ? 'n/a' : `${(100 * x).toFixed(1)}%`);

function row(name: string, intent: string, t: Tally): string {
  return `| ${name} | ${intent} | ${t.candidates} | ${t.correct} | ${t.incorrect} | ${t.failed} | ${pct(t.shareCorrect)} | ${pct(t.shareFailed)} |`;
}

/**
 * Renders a report: one line of totals, then one table row per source.
 *
 * @example
 * console.log(formatCurationReport(curationReport(records)));
 * // 1034 questions, 9306 candidates: 3120 correct, 6120 incorrect, 66 failed (0.7%), 33.8% correct of labeled
 * // | source | intent | candidates | correct | … |
 */
export function formatCurationReport(report: CurationReport): string {
  const head =
    `${report.questions} questions, ${report.candidates} candidates: ${report.correct} correct, ` +
    `${report.incorrect} incorrect, ${report.failed} failed (${pct(report.shareFailed)}), ` +
    `${pct(report.shareCorrect)} correct of labeled`;
  const lines = [
    head,
    '',
    '| source | intent | candidates | correct | incorrect | failed | share correct | share failed |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...report.bySource.map((s) => row(s.source, s.preserving === undefined ? '' : s.preserving ? 'preserving' : 'near miss', s)),
    row('**all**', '', report),
  ];
  return lines.join('\n');
}
