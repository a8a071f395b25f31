/**
 * Test helper: rewrites a query's outermost ORDER BY to break remaining ties
 * by every output column, ascending or descending (`ORDER BY k, 1, 2` or
 * `ORDER BY k, 1 DESC, 2 DESC`). If the two rewrites return the same rows as
 * the original, the original's rows do not depend on how SQLite happened to
 * order ties, including ties cut off by LIMIT.
 */

/**
 * The rewritten query, or undefined when the query has no ORDER BY at the
 * top level (the last ORDER BY sits inside parentheses, or there is none).
 *
 * @example
 * withTieBreak('SELECT a, b FROM t ORDER BY c LIMIT 1', 2, 'DESC');
 * // 'SELECT a, b FROM t ORDER BY c, 1 DESC, 2 DESC LIMIT 1'
 */
export function withTieBreak(query: string, columns: number, dir: 'ASC' | 'DESC'): string | undefined {
  const sql = query.trim().replace(/;$/, '');
  const at = sql.toUpperCase().lastIndexOf('ORDER BY');
  if (at < 0) return undefined;
  const tail = sql.slice(at);
  let depth = 0;
  for (const ch of tail) {
    if (ch === '(') depth++;
    if (ch === ')' && --depth < 0) return undefined;
  }
  const limit = /\s+LIMIT\s+\d+(\s+OFFSET\s+\d+)?\s*$/i.exec(tail);
  const cut = limit ? at + limit.index : sql.length;
  const extra = Array.from({ length: columns }, (_, i) => `${i + 1} ${dir}`).join(', ');
  return `${sql.slice(0, cut)}, ${extra}${sql.slice(cut)}`;
}
