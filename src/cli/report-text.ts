/**
 * The evaluation report as text: the same titled tables the Evaluate screen
 * renders (core/eval/tables.ts), laid out as aligned columns.
 */
import { reportSummary, reportTables } from '../core/eval/tables.ts';
import type { EvalReport } from '../core/eval/types.ts';

/** Renders rows as an aligned table with a header rule (first column left, the rest right). */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, j) => Math.max(h.length, ...rows.map((r) => (r[j] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, j) => (j === 0 ? c.padEnd(widths[j]!) : c.padStart(widths[j]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The whole report as text, in `confide eval` order. */
export function reportText(r: EvalReport): string {
  return [reportSummary(r), ...reportTables(r).map((t) => `\n${t.title}\n${table(t.header, t.rows)}`)].join('\n');
}
