/**
 * Where the first SQL statement of a text ends, found by a small scanner that
 * knows SQLite's quoting: '…' strings (with '' escapes), "…", `…` and […]
 * identifiers, -- line comments and block comments. A `;` inside any of
 * them does not end the statement.
 */

/** Extra places where the statement also ends (for SQL embedded in prose). */
export interface StatementEndOptions {
  /** End at an empty line outside quotes (prose after a bare query). */
  readonly atBlankLine?: boolean;
  /** End at a backtick outside quotes (a query inside inline `code`). */
  readonly atBacktick?: boolean;
}

const CLOSERS: Readonly<Record<string, string>> = { "'": "'", '"': '"', '`': '`', '[': ']' };

/**
 * Returns the index just past the first statement: the position of its
 * terminating `;` (which is not included), of a stop named in `options`, or
 * `text.length`.
 *
 * @example
 * statementEnd("SELECT ';' FROM t; SELECT 2") // 17
 */
export function statementEnd(text: string, options: StatementEndOptions = {}): number {
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === ';') return i;
    if (ch === '`' && options.atBacktick) return i;
    if (ch === '\n' && options.atBlankLine && /^\n[ \t]*\n/.test(text.slice(i, i + 200))) return i;
    if (ch === '-' && text[i + 1] === '-') {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl;
      continue;
    }
    if (ch === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? text.length : close + 2;
      continue;
    }
    const closer = CLOSERS[ch];
    if (closer !== undefined) {
      i = skipQuoted(text, i + 1, closer);
      continue;
    }
    i += 1;
  }
  return text.length;
}

/** Index just past the closing quote (a doubled quote is an escape), or the end of text. */
function skipQuoted(text: string, from: number, closer: string): number {
  let i = from;
  while (i < text.length) {
    if (text[i] === closer) {
      if (closer !== ']' && text[i + 1] === closer) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i += 1;
  }
  return text.length;
}
