/**
 * `confide ask` for one question, as a person reads it on a terminal: the
 * decision and its P, the query with what it does in words, the result's
 * first rows and how many there are, the reasons, the risk rule, and the
 * warning when the profile was fit on other data. An abstention shows the
 * best guess it withheld the same way, marked as withheld. Plain text, no
 * colours; JSON lines stay the format for pipes and files (decision-line.ts).
 */
import type { Cell } from '../core/exec/types.ts';
import { riskWording, type Decision } from '../core/pipeline/decide.ts';
import type { AskResult } from '../core/pipeline/types.ts';
import type { CalibrationProfile } from '../core/profile.ts';
import { describeSql } from '../core/sql/describe/index.ts';

/** Rows shown before "… and N more". */
export const ROWS_SHOWN = 10;
/** Characters a cell shows before it is cut with "…". */
const CELL_WIDTH = 40;

export interface AskTextInput {
  readonly question: string;
  readonly result: AskResult;
  readonly decision: Decision;
  readonly profile: CalibrationProfile;
  /** The profile-fit warning for this database, or null when the profile was fit on it. */
  readonly warning: string | null;
}

function cellText(c: Cell): string {
  const s = c === null ? 'NULL' : typeof c === 'object' ? `<${c.bytes} bytes>` : String(c);
  const flat = s.replace(/\s+/g, ' ');
  return flat.length > CELL_WIDTH ? `${flat.slice(0, CELL_WIDTH - 1)}…` : flat;
}

/**
 * A result as a plain text table: header, a rule, the first rows, and the count.
 *
 * @example rowsText(['n'], [[500]]); // 'n\n---\n500\n1 row.'
 */
export function rowsText(columns: readonly string[], rows: readonly (readonly Cell[])[], cut = false): string {
  const shown = rows.slice(0, ROWS_SHOWN).map((r) => r.map(cellText));
  const head = columns.map((c) => cellText(c));
  const widths = head.map((h, j) => Math.max(h.length, 3, ...shown.map((r) => r[j]?.length ?? 0)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, j) => c.padEnd(widths[j]!))
      .join('  ')
      .trimEnd();
  const count = `${rows.length}${cut ? ' or more' : ''} row${rows.length === 1 ? '' : 's'}`;
  const more = rows.length > ROWS_SHOWN ? `${count}; the first ${ROWS_SHOWN} shown.` : `${count}.`;
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...shown.map(line), more].join('\n');
}

const indent = (text: string, by = '  '): string =>
  text
    .split('\n')
    .map((l) => (l === '' ? l : by + l))
    .join('\n');

/** The candidate answered with (or withheld): its SQL, its reading and its rows or error. */
function candidateText(result: AskResult, index: number): string {
  const run = result.candidates[index]!;
  const sql = (run.sql ?? '').trim();
  const reading = describeSql(sql);
  const rows = run.exec.ok ? rowsText(run.exec.columns, run.exec.rows, run.exec.cut) : `It fails: ${run.exec.error.message} (${run.exec.error.code})`;
  return [
    `SQL:      ${sql.replace(/\s*\n\s*/g, ' ')}`,
    `In words: ${reading.ok ? reading.text : reading.error.code === 'SQL_UNPARSED' ? '(not read: the SQL parser does not read this query)' : `(not read: ${reading.error.message})`}`,
    '',
    rows,
  ].join('\n');
}

/**
 * The whole text for one question.
 *
 * @example process.stdout.write(askText({ question, result, decision, profile, warning }));
 */
export function askText(input: AskTextInput): string {
  const { result, decision, profile } = input;
  const p = Number.isFinite(decision.probability) ? ` (P ${decision.probability.toFixed(2)})` : ' (no P: a signal the profile needs is missing)';
  const out: string[] = [`${decision.headline}${decision.kind === 'answer' ? p : ''}`, `Question: ${input.question}`, ''];
  if (decision.candidate >= 0) {
    if (decision.kind === 'abstain') out.push(`Best guess, withheld${p}:`);
    out.push(indent(candidateText(result, decision.candidate)), '');
  }
  out.push(decision.kind === 'answer' ? 'Why:' : 'Why not:', ...[...decision.reasons, ...decision.smallPool].map((r) => `  - ${r}`), '');
  const rule =
    decision.band === null
      ? `no model for a pool of ${decision.poolSize}`
      : `for ${decision.band} that means answering when P ≥ ${decision.threshold === null ? '(never)' : decision.threshold.toFixed(2)}`;
  out.push(`Risk: ${riskWording(decision.targetRisk)}, on the calibration data of profile "${profile.name}"; ${rule}.`);
  if (input.warning !== null) out.push(`Warning: ${input.warning}`);
  return out.join('\n') + '\n';
}
