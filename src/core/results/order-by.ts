/**
 * Does a query order its final result? A tokenizer-level scan for the keyword
 * pair ORDER BY at parenthesis depth 0, skipping string literals ('…'),
 * quoted identifiers ("…", `…`, […]) and comments (-- …, /* … *\/).
 *
 * This is how the `spider` rule decides whether row order matters. It differs
 * from test-suite-sql-eval, which tests `'order by' in gold.lower()`, only when
 * ORDER BY appears solely inside a subquery, a window (`OVER (ORDER BY …)`),
 * an aggregate argument, a literal or a comment: none of those orders the rows
 * the query returns.
 */

const WORD = /[A-Za-z0-9_$\u0080-\uffff]/;

/**
 * True when `sql` has ORDER BY at the top level (a compound query's trailing
 * ORDER BY counts; one inside parentheses does not).
 *
 * @example
 * hasOrderBy('SELECT a FROM t ORDER BY a');                        // true
 * hasOrderBy('SELECT * FROM (SELECT a FROM t ORDER BY a LIMIT 3)'); // false
 * hasOrderBy("SELECT 'order by' FROM t");                           // false
 */
export function hasOrderBy(sql: string): boolean {
  let depth = 0;
  let previous = '';
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    if (ch === "'" || ch === '"' || ch === '`') {
      i = skipQuoted(sql, i, ch);
      previous = '';
    } else if (ch === '[') {
      const end = sql.indexOf(']', i + 1);
      i = end < 0 ? sql.length : end + 1;
      previous = '';
    } else if (ch === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i + 2);
      i = end < 0 ? sql.length : end + 1;
    } else if (ch === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else if (WORD.test(ch)) {
      let end = i + 1;
      while (end < sql.length && WORD.test(sql[end]!)) end++;
      const word = sql.slice(i, end).toUpperCase();
      if (depth === 0 && previous === 'ORDER' && word === 'BY') return true;
      previous = word;
      i = end;
    } else {
      if (ch === '(') depth++;
      else if (ch === ')') depth = Math.max(0, depth - 1);
      if (!/\s/.test(ch)) previous = '';
      i++;
    }
  }
  return false;
}

/** Index just past the literal that opens at `start`; a doubled quote is an escaped quote. */
function skipQuoted(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else i++;
  }
  return sql.length;
}
