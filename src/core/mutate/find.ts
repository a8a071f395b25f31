/**
 * Finding nodes inside one SELECT: its column references, the nodes matching
 * a predicate, whether it selects `*`. Subqueries are their own SELECTs
 * (see collectSelects) and are never entered.
 */
import { type Node, type Path, columnName, walk } from './ast.ts';
import type { SelectSite } from './types.ts';

/**
 * Column references in the given clauses of one SELECT (not in its subqueries),
 * with their paths from the root.
 *
 * @example
 * columnRefs(site, ['where']).map((r) => r.path); // [['where', 'left']]
 */
export function columnRefs(site: SelectSite, clauses: readonly string[]): { node: Node; path: Path }[] {
  const out: { node: Node; path: Path }[] = [];
  for (const clause of clauses) {
    walk(site.node[clause], [...site.path, clause], (n, p) => {
      if (n.type === 'column_ref') {
        out.push({ node: n, path: p });
        return false;
      }
      return true;
    });
  }
  return out;
}

/**
 * Paths of the nodes in the given clauses of one SELECT (not its subqueries)
 * that satisfy `pred`, outer nodes before the nodes inside them.
 *
 * @example
 * nodesIn(site, ['where'], (n) => n.operator === 'IN');
 */
export function nodesIn(site: SelectSite, clauses: readonly string[], pred: (n: Node) => boolean): Path[] {
  const out: Path[] = [];
  for (const clause of clauses) {
    walk(site.node[clause], [...site.path, clause], (n, p) => {
      if (pred(n)) out.push(p);
    });
  }
  return out;
}

/**
 * True when the SELECT list holds `*` or `t.*` (its width then follows the FROM tables).
 *
 * @example
 * selectsStar(siteOf('SELECT T1.* FROM singer AS T1')); // true
 */
export function selectsStar(site: SelectSite): boolean {
  if (!Array.isArray(site.node.columns)) return true;
  return columnRefs(site, ['columns']).some(({ node }) => columnName(node) === null);
}
