/**
 * Small helpers over node-sql-parser ASTs, shared by every mutation family.
 *
 * The parser's node shapes differ by dialect (a column name is a plain string
 * in the sqlite and mysql grammars, `{expr: {type, value}}` in postgresql and
 * bigquery), so nodes are handled as loosely typed JSON objects here and every
 * read or write of a name goes through these helpers. Nothing is printed here.
 */
import type { Dialect } from '../sql/parse.ts';

/** A node of a node-sql-parser AST: plain JSON, shape depending on `type` and dialect. */
export type Node = Record<string, any>;

/** Keys from the root to a node, e.g. `['where', 'left']`. */
export type Path = readonly (string | number)[];

/** Keys holding parser bookkeeping or sibling queries, never walked as sub-expressions. */
const SKIP = new Set(['_next', 'tableList', 'columnList']);

/** True for a non-null, non-array object. */
export function isNode(x: unknown): x is Node {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** True for a SELECT statement node. */
export function isSelect(x: unknown): x is Node {
  return isNode(x) && x.type === 'select';
}

/**
 * The node at `path` below `root`; throws `RangeError` when the path is gone.
 *
 * @example
 * getAt({ where: { left: n } }, ['where', 'left']) === n;
 */
export function getAt(root: Node, path: Path): Node {
  let cur: unknown = root;
  for (const key of path) {
    cur = (cur as Node)?.[key];
    if (cur === undefined) throw new RangeError(`no node at ${path.join('.')}`);
  }
  return cur as Node;
}

/**
 * Visits every object below `node` (itself included) with its path from the
 * root, in key order, without entering nested SELECTs or `_next` siblings.
 * `visit` returning `false` stops the descent below that node.
 *
 * @example
 * walk(select.where, ['where'], (n, p) => { if (n.type === 'column_ref') refs.push(p); });
 */
export function walk(node: unknown, path: Path, visit: (n: Node, p: Path) => boolean | void): void {
  if (Array.isArray(node)) {
    node.forEach((child, i) => walk(child, [...path, i], visit));
    return;
  }
  if (!isNode(node)) return;
  if (visit(node, path) === false) return;
  for (const [key, child] of Object.entries(node)) {
    if (SKIP.has(key) || !(typeof child === 'object' && child !== null)) continue;
    if (isSelect(child)) continue;
    walk(child, [...path, key], visit);
  }
}

/** True when a SELECT occurs anywhere inside `node` (itself excluded). */
export function containsSelect(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(containsSelect);
  if (!isNode(node)) return false;
  return Object.entries(node).some(([key, child]) => !SKIP.has(key) && (isSelect(child) || containsSelect(child)));
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

/** True when a column reference was written as a double-quoted token (identifier or string). */
export function isDoubleQuotedRef(ref: Node): boolean {
  return ref.type === 'column_ref' && isNode(ref.column) && ref.column.expr?.type === 'double_quote_string';
}

/** The qualifier of a column reference (`T1` in `T1.age`), or null. The postgresql grammar stores `T1.*`'s as `{value}`. */
export function qualifier(ref: Node): string | null {
  const t: unknown = isNode(ref.table) ? ref.table.value : ref.table;
  return typeof t === 'string' && t !== '' ? t : null;
}

/** Rewrites the column name of a reference in place, in the shape its dialect prints. */
export function setColumnName(ref: Node, name: string, dialect: Dialect): void {
  ref.column = columnField(name, dialect);
}

function columnField(name: string, dialect: Dialect): string | Node {
  if (dialect === 'sqlite' || dialect === 'mysql') return name;
  // postgresql prints `default` names bare; quoting keeps reserved words valid in SQLite.
  return { expr: { type: dialect === 'postgresql' ? 'double_quote_string' : 'default', value: name } };
}

/**
 * A new column reference in the shape the dialect's printer expects.
 *
 * @example
 * columnRef('T2', 'name', 'sqlite'); // prints as "T2"."name"
 */
export function columnRef(table: string | null, name: string, dialect: Dialect): Node {
  return { type: 'column_ref', table, column: columnField(name, dialect) };
}

/**
 * A literal for a value rendered as text: a number when `numeric` and the text
 * is a finite number, else a single-quoted string (quotes doubled, as the
 * parser stores them).
 *
 * @example
 * literal('France', false); // prints as 'France'
 * literal('42', true);      // prints as 42
 */
export function literal(text: string, numeric: boolean): Node {
  const n = Number(text);
  if (numeric && text.trim() !== '' && Number.isFinite(n)) return { type: 'number', value: n };
  return { type: 'single_quote_string', value: text.replace(/'/g, "''") };
}

/** A binary expression node. */
export function binary(operator: string, left: Node, right: Node): Node {
  return { type: 'binary_expr', operator, left, right };
}
