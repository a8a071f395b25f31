/**
 * CSV export (RFC 4180): comma-separated, CRLF line ends, a field quoted when
 * it holds a comma, a double quote, CR or LF, with inner quotes doubled. A
 * text field a spreadsheet would read as a formula (starting with =, +, -,
 * @, a tab or CR) is prefixed with an apostrophe, headers too; the only text
 * left as it is is a whole number (`-2`, `+1.5e3`), which a spreadsheet reads
 * as that number and nothing else. `-2+3+cmd|' /C calc'!A0` starts with a
 * number but is a formula, so it is guarded. Numbers are written as numbers
 * (`Infinity`, `-Infinity` and `NaN` as those words).
 */
import type { EvalReport } from './types.ts';
import type { ReportTable } from './tables.ts';

const FORMULA = /^[=+\-@\t\r]/;
/** A text that is one decimal number and nothing else. */
const WHOLE_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Whether a spreadsheet opening this text field would read it as a formula.
 *
 * @example
 * readsAsFormula("-2+3+cmd|' /C calc'!A0"); // true
 * readsAsFormula('-2'); // false: the number -2
 */
export function readsAsFormula(text: string): boolean {
  return FORMULA.test(text) && !WHOLE_NUMBER.test(text);
}

/** One field, quoted when it must be. */
function field(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const safe = readsAsFormula(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Rows as CSV text.
 *
 * @example toCsv(['a', 'b'], [['x,y', 1]]); // 'a,b\r\n"x,y",1\r\n'
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | boolean | null)[])[]): string {
  return [header, ...rows].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}

/**
 * One row per question: id, db_id, whether the modal answer is correct, each
 * signal (empty when missing), the cross-fit P(correct), the half it fell in
 * (calibration or test) and the cross-fit fold that scored it.
 *
 * @example perQuestionCsv(report).split('\r\n')[0]; // 'id,db_id,correct,string_sc,…,combined,split,fold,databases'
 */
export function perQuestionCsv(report: EvalReport): string {
  const names = Object.keys(report.signals);
  return toCsv(
    ['id', 'db_id', 'correct', ...names, 'combined', 'split', 'fold', 'databases'],
    report.per_question.map((q) => [q.id, q.db_id, q.correct, ...names.map((n) => q.signals[n] ?? null), q.combined, q.split, q.fold, q.databases]),
  );
}

/**
 * Every report table in one CSV: each table's title on its own line, then its
 * header and rows, then an empty line.
 *
 * @example tablesCsv(reportTables(report));
 */
export function tablesCsv(tables: readonly ReportTable[]): string {
  return tables.map((t) => toCsv([t.title], []) + toCsv(t.header, t.rows)).join('\r\n');
}
