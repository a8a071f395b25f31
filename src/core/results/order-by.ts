/**
 * Does a query order its final result? A tokenizer-level scan for the keyword
 * pair ORDER BY at parenthesis depth 0, skipping string literals ('…'),
 * quoted identifiers ("…", `…`, […]) and comments (-- …, /* … *\/).
 *
 * This is how the `spider` rule decides whether row order matters. It differs
 * from test-suite-sql-eval, which tests `'order by' in gold.lower()`, only when
 * ORDER BY appears solely inside a subquery, a window (`OVER (ORDER BY …)`),
 * an aggregate argument, a literal or a comment: none of those orders the rows
 * the query returns. Read off the SQL tokenizer.
 */
import { tokenizeSql } from '../sql/tokenize.ts';

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
  for (const t of tokenizeSql(sql)) {
    if (t.kind === 'ws' || t.kind === 'comment') continue;
    if (t.kind === 'word') {
      const word = t.text.toUpperCase();
      if (depth === 0 && previous === 'ORDER' && word === 'BY') return true;
      previous = word;
      continue;
    }
    if (t.text === '(') depth++;
    else if (t.text === ')') depth = Math.max(0, depth - 1);
    previous = '';
  }
  return false;
}
