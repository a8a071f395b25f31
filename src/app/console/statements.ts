/**
 * Which statement the console runs when the editor holds several, as in DB
 * Browser and DBeaver: the selection when there is one, else the statement
 * under the cursor (the one whose text, up to and just after its `;`, holds
 * the cursor; past the last one, the last one). Statements are split where
 * SQLite would split them (core/sql's splitStatements: outside quotes and
 * comments). Running one statement keeps one result and one history entry
 * per run, and the others stay in the editor; running all of them into
 * result tabs would multiply the time-limited runs a single Ctrl+Enter starts.
 * Pure (tested on Node).
 */
import { splitStatements } from '../../core/sql/guard-lex.ts';

/** The statement picked: its text, its position among the text's statements, and where it is. */
export interface PickedStatement {
  readonly sql: string;
  /** 0-based position among the statements (0 for a selection). */
  readonly index: number;
  /** How many statements the text holds (1 for a selection). */
  readonly count: number;
  /** Where its first token starts in the text (for putting the cursor back there). */
  readonly from: number;
  /** Where `sql` starts in the text (`text.slice(start, start + sql.length) === sql`). */
  readonly start: number;
  readonly selected: boolean;
}

/**
 * The statement to run: the selected text when `from` < `to`, else the one
 * under the cursor, or the statement numbered `index` when given.
 *
 * @example
 * pickStatement('SELECT 1;\nSELECT 2;', { from: 12, to: 12 }).sql; // 'SELECT 2;'
 * pickStatement('SELECT 1;\nSELECT 2;', { index: 0 }).sql; // 'SELECT 1;'
 */
export function pickStatement(text: string, at: { readonly from: number; readonly to: number } | { readonly index: number }): PickedStatement {
  if ('from' in at && at.from < at.to) return { sql: text.slice(at.from, at.to), index: 0, count: 1, from: at.from, start: at.from, selected: true };
  const all = splitStatements(text);
  if (all.length <= 1) return { sql: text, index: 0, count: all.length, from: all[0]?.tokens[0]?.start ?? 0, start: 0, selected: false };
  let i: number;
  if ('index' in at) i = Math.max(0, Math.min(at.index, all.length - 1));
  else {
    const under = all.findIndex((s) => at.from <= s.to + 1);
    i = under < 0 ? all.length - 1 : under;
  }
  const s = all[i]!;
  const end = s.to < text.length ? s.to + 1 : s.to; // with its `;`
  const raw = text.slice(s.from, end);
  const sql = raw.trim();
  return { sql, index: i, count: all.length, from: s.tokens[0]!.start, start: s.from + raw.indexOf(sql), selected: false };
}
