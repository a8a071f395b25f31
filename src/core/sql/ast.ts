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
export const isNode = (x: unknown): x is Node => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Node types whose value is a constant, masked by the structural key.
 * `double_quote_string` is not here: it is a string or an identifier
 * depending on where it stands (see `structure.ts`).
 */
export const LITERAL_TYPES: ReadonlySet<string> = new Set([
  'number',
  'bigint',
  'single_quote_string',
  'string',
  'natural_string',
  'hex_string',
  'full_hex_string',
  'bit_string',
  'bool',
  'date',
  'time',
  'timestamp',
  'datetime',
  'param',
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
  isNode(x) &&
  (LITERAL_TYPES.has(String(x.type)) ||
    (x.type === 'origin' && x.value === '?') ||
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

/** Keys from the root to a node, e.g. `['where', 'left']`. */
export type Path = readonly (string | number)[];

/** Keys holding the parser's bookkeeping, never walked. */
const BOOKKEEPING = new Set(['tableList', 'columnList']);

/** Where {@link walk} goes beyond the statement it starts in. */
export interface WalkOptions {
  /** Enter nested SELECTs (subqueries, CTE bodies). Default false. */
  readonly intoSelects?: boolean;
  /** Enter `_next`, the following SELECT of a compound query. Default false. */
  readonly intoCompound?: boolean;
  /** Build each node's path (default true); false hands `visit` an empty path, for readers that need none (faster). */
  readonly paths?: boolean;
}

/**
 * The one walker over node-sql-parser ASTs: visits every object below `node`
 * (itself included) with its path from the root, in key order; by default
 * without entering nested SELECTs or `_next` siblings. `visit` returning
 * `false` stops the descent below that node.
 *
 * @example
 * walk(select.where, ['where'], (n, p) => { if (n.type === 'column_ref') refs.push(p); });
 * walk(ast, [], (n) => void seen.push(n), { intoSelects: true, intoCompound: true }); // the whole statement
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a visitor may return nothing (go on) or false (skip the subtree)
export function walk<N extends Node = Node>(node: unknown, path: Path, visit: (n: N, p: Path) => boolean | void, options: WalkOptions = {}): void {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) walk(node[i], options.paths === false ? path : [...path, i], visit, options);
    return;
  }
  if (!isNode(node)) return;
  if (visit(node as N, path) === false) return;
  for (const key in node) {
    const child = node[key];
    if (BOOKKEEPING.has(key) || (key === '_next' && options.intoCompound !== true)) continue;
    if (!(typeof child === 'object' && child !== null)) continue;
    if (isSelect(child) && options.intoSelects !== true) continue;
    walk(child, options.paths === false ? path : [...path, key], visit, options);
  }
}

/**
 * The node at `path` below `root`; throws `RangeError` when the path is gone.
 *
 * @example
 * getAt({ where: { left: n } }, ['where', 'left']) === n;
 */
export function getAt<N extends Node = Node>(root: Node, path: Path): N {
  let cur: unknown = root;
  for (const key of path) {
    cur = isNode(cur) || Array.isArray(cur) ? (cur as Record<string | number, unknown>)[key] : undefined;
    if (cur === undefined) throw new RangeError(`no node at ${path.join('.')}`);
  }
  return cur as N;
}

/**
 * True when a SELECT occurs anywhere inside `node` (itself excluded).
 *
 * @example
 * containsSelect(where); // true for `x IN (SELECT …)`
 */
export function containsSelect(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(containsSelect);
  if (!isNode(node)) return false;
  return Object.entries(node).some(([key, child]) => !BOOKKEEPING.has(key) && key !== '_next' && (isSelect(child) || containsSelect(child)));
}

/** The clauses of one SELECT that hold column references (ON conditions live in `from`). */
export const REF_CLAUSES: readonly string[] = ['columns', 'from', 'where', 'groupby', 'having', 'orderby'];

/**
 * Column name of a `column_ref` node, or null for `*` and non-references.
 *
 * @example
 * columnName({ type: 'column_ref', table: 'T1', column: 'age' }); // 'age'
 */
export function columnName(ref: Node): string | null {
  if (ref.type !== 'column_ref') return null;
  const c: unknown = ref.column;
  const name = typeof c === 'string' ? c : isNode(c) && isNode(c.expr) ? c.expr.value : null;
  return typeof name === 'string' && name !== '*' ? name : null;
}

/**
 * True when a column reference was written as a double-quoted token (identifier or string).
 *
 * @example
 * isDoubleQuotedRef(pgRefTo('"France"')); // true
 */
export function isDoubleQuotedRef(ref: Node): boolean {
  return ref.type === 'column_ref' && isNode(ref.column) && isNode(ref.column.expr) && ref.column.expr.type === 'double_quote_string';
}

/**
 * The qualifier of a column reference (`T1` in `T1.age`), or null. The
 * postgresql grammar stores the one of `T1.*` as `{value}`.
 *
 * @example
 * qualifier({ type: 'column_ref', table: 'T1', column: 'age' }); // 'T1'
 */
export function qualifier(ref: Node): string | null {
  const t: unknown = isNode(ref.table) ? ref.table.value : ref.table;
  return typeof t === 'string' && t !== '' ? t : null;
}
