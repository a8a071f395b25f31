/**
 * Reading node-sql-parser ASTs without depending on one dialect's shapes.
 * The dialects disagree in small ways (postgresql wraps a column name as
 * `{expr: {type: 'default', value}}`, sqlite writes it as a plain string;
 * subqueries arrive wrapped as `{ast, tableList, columnList}`); these helpers
 * read both so that `structure.ts` and `usage.ts` do not have to.
 */

/** Any AST object. */
export type Node = Record<string, unknown>;

/** True for a plain object (not null, not an array). */
export const isNode = (x: unknown): x is Node =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Node types whose value is a constant, masked by the structural key.
 * `double_quote_string` is not here: it is a string or an identifier
 * depending on where it stands (see `structure.ts`).
 */
export const LITERAL_TYPES: ReadonlySet<string> = new Set([
  'number', 'bigint', 'single_quote_string', 'string', 'natural_string', 'hex_string',
  'full_hex_string', 'bit_string', 'bool', 'date', 'time', 'timestamp', 'datetime', 'param',
]);

/**
 * A name written as a string, `{type: 'default' | '…_quote_string', value}`
 * or `{expr: {…}}`; null when `x` holds no name.
 *
 * @example
 * nameOf({ expr: { type: 'default', value: 'age' } }); // 'age'
 */
export function nameOf(x: unknown): string | null {
  if (typeof x === 'string') return x;
  if (!isNode(x)) return null;
  if (isNode(x.expr)) return nameOf(x.expr);
  return typeof x.value === 'string' ? x.value : null;
}

/** True for a SELECT statement node. */
export const isSelect = (x: unknown): x is Node => isNode(x) && x.type === 'select';

/**
 * The SELECT inside a subquery wrapper (`{ast: select}`), or the node itself
 * when it is a SELECT; null otherwise.
 *
 * @example
 * subqueryOf({ ast: { type: 'select' } }); // { type: 'select' }
 */
export function subqueryOf(x: unknown): Node | null {
  if (isSelect(x)) return x;
  return isNode(x) && isSelect(x.ast) ? x.ast : null;
}

/**
 * True for a column written "x" with no table: postgresql parses "x" as a
 * column, sqlite as a `double_quote_string`; either may be a string literal.
 */
export function isDoubleQuoted(x: unknown): boolean {
  if (!isNode(x)) return false;
  if (x.type === 'double_quote_string') return true;
  if (x.type !== 'column_ref' || (x.table !== null && x.table !== undefined)) return false;
  return isNode(x.column) && isNode(x.column.expr) && x.column.expr.type === 'double_quote_string';
}

/** The name of a CTE in a `with` entry. */
export const cteName = (w: unknown): string | null => (isNode(w) ? nameOf(w.name) : null);

const COMPARE = new Set(['=', '==', '!=', '<>', '<', '>', '<=', '>=', 'LIKE', 'NOT LIKE', 'GLOB', 'NOT GLOB', 'IS', 'IS NOT']);
const LIST_OPS = new Set(['IN', 'NOT IN', 'BETWEEN', 'NOT BETWEEN']);

/** True for a constant: a literal node, `?`, or a signed numeric literal. */
export const isLiteral = (x: unknown): boolean =>
  isNode(x) && (LITERAL_TYPES.has(String(x.type)) || (x.type === 'origin' && x.value === '?') ||
    (x.type === 'unary_expr' && (x.operator === '-' || x.operator === '+') && isLiteral(x.expr)));

/**
 * Which operands of a binary expression are string literals written "x".
 * SQLite reads "x" as a column when one exists, else as a string; without a
 * schema this guesses from position: "x" compared with a non-constant
 * (`name = "Bob"`, `"Bob" = name`) and "x" inside an IN list or BETWEEN
 * bounds are strings (`list`); every other "x" is a column.
 *
 * @example
 * quotedStrings({ type: 'binary_expr', operator: '=', left: col, right: dq }); // {left: false, right: true, list: false}
 */
export function quotedStrings(x: Node): { left: boolean; right: boolean; list: boolean } {
  const op = String(x.operator).toUpperCase();
  if (LIST_OPS.has(op)) return { left: false, right: false, list: true };
  if (!COMPARE.has(op)) return { left: false, right: false, list: false };
  const right = isDoubleQuoted(x.right) && !isLiteral(x.left);
  const left = !right && isDoubleQuoted(x.left) && !isDoubleQuoted(x.right) && !isLiteral(x.right);
  return { left, right, list: false };
}
