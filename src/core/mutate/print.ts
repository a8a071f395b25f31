/**
 * Printing mutated ASTs as SQLite-valid text.
 *
 * Edits rebuild boolean trees without tracking parentheses, so before printing
 * every OR directly under an AND or NOT, and every AND/OR under NOT, is marked
 * parenthesized: the printed text then means what the tree means.
 */
import { type Dialect, toSql } from '../sql/parse.ts';
import { type Node, isNode } from './ast.ts';

function protectPrecedence(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(protectPrecedence);
  if (!isNode(node)) return;
  const op = typeof node.operator === 'string' ? node.operator.toUpperCase() : '';
  const guard = (child: unknown, ops: readonly string[]): void => {
    if (isNode(child) && child.type === 'binary_expr' && ops.includes(String(child.operator).toUpperCase())) {
      child.parentheses = true;
    }
  };
  if (node.type === 'binary_expr' && op === 'AND') {
    guard(node.left, ['OR']);
    guard(node.right, ['OR']);
  }
  if (node.type === 'unary_expr' && op === 'NOT') guard(node.expr, ['OR', 'AND']);
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'tableList' && key !== 'columnList') protectPrecedence(child);
  }
}

/**
 * Prints an AST (which it may annotate with parentheses) in the dialect that parsed it.
 *
 * @example
 * printSql(ast, 'sqlite'); // 'SELECT "name" FROM "singer" WHERE ("a" = 1 OR "b" = 2) AND "c" = 3'
 */
export function printSql(ast: Node, dialect: Dialect): string {
  protectPrecedence(ast);
  return toSql(ast as Parameters<typeof toSql>[0], dialect);
}
