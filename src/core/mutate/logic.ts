/**
 * Boolean structure helpers: a WHERE clause as a flat list of conjuncts and back.
 *
 * Convention: `a AND (b AND c)` and `(a AND b) AND c` both flatten to
 * `[a, b, c]` (AND is associative); anything else, OR included, is one conjunct.
 * Rebuilding gives a left-deep AND chain; the printer adds the parentheses an
 * OR conjunct needs.
 */
import { type Node, isNode } from './ast.ts';
import { binary } from './build.ts';

/**
 * The top-level conjuncts of a condition (empty for none).
 *
 * @example
 * conjuncts(parse('a = 1 AND (b = 2 OR c = 3)')); // [a = 1, (b = 2 OR c = 3)]
 */
export function conjuncts(expr: unknown): Node[] {
  if (!isNode(expr)) return [];
  if (expr.type === 'binary_expr' && String(expr.operator).toUpperCase() === 'AND') {
    return [...conjuncts(expr.left), ...conjuncts(expr.right)];
  }
  return [expr];
}

/**
 * The AND of a list of conditions, or null for an empty list.
 *
 * @example
 * andOf([p, q, r]); // ((p AND q) AND r)
 */
export function andOf(list: readonly Node[]): Node | null {
  if (list.length === 0) return null;
  return list.slice(1).reduce((acc, c) => binary('AND', acc, c), list[0]!);
}

/** Comparison operators a near miss may flip, with their flips. */
export const FLIPS: Readonly<Record<string, readonly string[]>> = {
  '>': ['<', '>='],
  '<': ['>', '<='],
  '>=': ['<=', '>'],
  '<=': ['>=', '<'],
  '=': ['!='],
  '!=': ['='],
  '<>': ['='],
};

/**
 * True for a binary comparison (one of the {@link FLIPS} operators).
 *
 * @example
 * isComparison(binary('>=', a, b)); // true
 */
export function isComparison(n: Node): boolean {
  return n.type === 'binary_expr' && Object.hasOwn(FLIPS, String(n.operator));
}
