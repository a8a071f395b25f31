/**
 * Where the first SQL statement of a text ends, read off the SQL tokenizer
 * (SQLite's quoting: '…' strings with '' escapes, "…", `…` and […]
 * identifiers, -- line comments and block comments). A `;` inside any of
 * them does not end the statement.
 */
import { tokenizeSql } from '../sql/tokenize.ts';

/** Extra places where the statement also ends (for SQL embedded in prose). */
export interface StatementEndOptions {
  /** End at an empty line outside quotes (prose after a bare query). */
  readonly atBlankLine?: boolean;
  /** End at a backtick outside quotes (a query inside inline `code`). */
  readonly atBacktick?: boolean;
}

/**
 * Returns the index just past the first statement: the position of its
 * terminating `;` (which is not included), of a stop named in `options`, or
 * `text.length`.
 *
 * @example
 * statementEnd("SELECT ';' FROM t; SELECT 2") // 17
 */
export function statementEnd(text: string, options: StatementEndOptions = {}): number {
  let at = 0;
  for (const t of tokenizeSql(text)) {
    if (t.kind === 'punct' && t.text === ';') return at;
    if (t.kind === 'bq' && options.atBacktick) return at;
    if (t.kind === 'ws' && options.atBlankLine) {
      const blank = /\n[ \t]*\n/.exec(t.text);
      if (blank) return at + blank.index;
    }
    at += t.text.length;
  }
  return text.length;
}
